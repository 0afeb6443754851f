/**
 * The content script's one state for a page. The controller owns it; the run fills it (pageRun.ts), the view draws
 * it (pageView.ts) and the report reads it (pageReport.ts). Nothing else about the page is kept anywhere.
 */
import type { GraphSegmentsWire, SmoothedWire } from '../shared/workerApi.ts';
import type { EngineKind, RunPhases } from '../shared/runStatus.ts';
import type { Mode, SiteSettings } from '../shared/settings.ts';
import { highlightParts, type HighlightPart } from './shownParts.ts';
import type { SiteRunState } from './siteMemoryRun.ts';
import type { SegmentLabelRecord } from '../../src/labels/pageLabels.ts';
import type { DeclaredSources } from '../../src/reader/declaredArticle.ts';

/** One capture of the page: how results map back onto live elements. */
export interface PageCapture {
  elements: Element[];
  /** The text a person can read, as capture found it (CaptureResult.textNodes): what highlight labels leave uncovered. */
  textNodes: Node[];
  /** For each of textNodes, the node whose captured box holds it (CaptureResult.textOwners). */
  textOwners: number[];
  indexOf: Map<Element, number>;
  /** The snapshot's parent array, kept here: the snapshot itself moves to the worker. */
  parent: Int32Array;
  /** The snapshot's style bits and font sizes, kept for the reader view's lines (what capture read, not read again). */
  style: Uint32Array;
  fontSize: Uint8Array;
  /** The snapshot's tags and boxes (page coordinates as captured): highlight mode's controls and media (pageScan.ts). */
  tag: Uint8Array;
  rect: Float32Array;
  /** Per node, the snapshot's word and link counts (inspect mode's card shows them; the snapshot moves to the worker). */
  words: Uint32Array;
  links: Uint32Array;
  url: string;
  title: string;
  /** What the document says about its article, as read from it, for the engine to decide among. */
  declaredSources: DeclaredSources;
  /**
   * What the document says its title and byline are (meta tags, JSON-LD…; the reader's fallbacks), as the engine
   * decided from `declaredSources`, and which nodes its markup names as the author: the reader decision's hints, as
   * `winnowExtract` gives them.
   */
  declared: { title: string; byline: string | null; authorNodes: number[] };
  viewport: { width: number; height: number };
  captureMs: number;
  classifyMs: number;
  site: SiteRunState | null;
  /**
   * Set while the page is still to be added to its site's memory (done once it is on screen): the version of the
   * stored memory it was classified with, which the save must still find.
   */
  rememberOnto: string | null;
  /** Which classification of the page the engine holds for this capture (PageState.classifies when it was posted). */
  classification: number;
}

/** One smoothing of the captured page with the settings' penalty and threshold, as the engine answered it. */
export type SmoothedPage = SmoothedWire;

export interface PageState {
  /**
   * The last complete run: a capture is swapped in only together with its smoothing, so status, the popup and
   * exports never see one without the other while a re-run is under way.
   */
  capture: PageCapture | null;
  smoothed: SmoothedPage | null;
  /** The site's settings (loaded by the first run), with every change made since. */
  settings: SiteSettings | null;
  /** The mode on screen. */
  mode: Mode;
  /**
   * The person's labels found on the current segments (segment index → label), set by the label session
   * (segmentLabels.ts) each time the segments change; exports and inspect mode read them.
   */
  humanLabels: Map<number, SegmentLabelRecord>;
  /**
   * The page's GCuts segments with verdicts, for the smoothing they were asked with (`for`): segments mode and the
   * export ask the engine again only when the smoothing changed (pageRun.ts's graphSegments). `answerMs`: the
   * page's wait for the engine's answer, asked to answered (the segments view's delay).
   */
  graph: { for: SmoothedPage; value: GraphSegmentsWire; answerMs: number } | null;
  modelVersion: string;
  engineKind: EngineKind;
  /** The engine of the first classification shown (RunStatus.firstEngine). */
  firstEngineKind: EngineKind | null;
  /** Counters and timings the status reports (see RunStatus). */
  captures: number;
  /**
   * Classifications posted to the engine. The engine answers about nodes of its latest one: an answer asked for a
   * capture is about that capture only while no other was posted since (segmentLabels.ts's feature rows).
   */
  classifies: number;
  smooths: number;
  stylesRead: number;
  totalMs: number;
  shownAtEpochMs: number;
  /** The first run's steps (RunStatus.phasesMs); `runStarted` is when its request came (performance.now()). */
  phases: RunPhases;
  runStarted: number;
  /** RunStatus.resmoothMs. */
  resmooth: { total: number; smooth: number; draw: number } | null;
}

export function newPageState(): PageState {
  return {
    capture: null, smoothed: null, settings: null, mode: 'off', humanLabels: new Map(), graph: null,
    modelVersion: 'unknown', engineKind: 'worker', firstEngineKind: null,
    captures: 0, classifies: 0, smooths: 0, stylesRead: 0, totalMs: 0, shownAtEpochMs: 0,
    phases: {
      captured: 0, engineReady: 0, classified: 0, smoothed: 0, drawn: 0, painted: 0, siteAdded: 0,
      pageBusy: 0, setupBusy: 0, captureBusy: 0, engineBusy: 0, drawBusy: 0,
    },
    runStarted: 0, resmooth: null,
  };
}

/** What smoothing takes from the settings: the popup's penalty c and template threshold. */
export type SmoothingSettings = Pick<SiteSettings, 'penaltyFactor' | 'threshold'>;

/** A page state after its first complete run. */
export interface CompleteRun {
  capture: PageCapture;
  smoothed: SmoothedPage;
  settings: SiteSettings;
}

/** The state's complete run; throws when there is none yet, for requests that need one. */
export function completeRun(state: PageState): CompleteRun {
  const { capture, smoothed, settings } = state;
  if (!capture || !smoothed || !settings) throw new Error('Winnow has not run on this page yet');
  return { capture, smoothed, settings };
}

/** The boxes highlight mode draws: template segments except the page root, minus what the reader shows. */
export function highlighted({ capture, smoothed }: CompleteRun): HighlightPart[] {
  return highlightParts(capture.parent, smoothed.show, smoothed.segments);
}
