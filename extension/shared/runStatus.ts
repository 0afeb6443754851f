import type { Mode } from './settings.ts';
import type { SetAside } from './siteMemoryApi.ts';
import type { SegmenterWarmUp } from './workerApi.ts';
import type { GraphMethod } from '../../src/segmentation/segmentPage.ts';
import type { GcutsPhaseTimes } from '../../src/segmentation/gcutsPhaseTimes.ts';

/**
 * Where the classifier and smoothing ran for a page: the worker (in Winnow's frame), the extension's background
 * (small pages' first result), or the page's own thread (when neither can be reached).
 */
export type EngineKind = 'worker' | 'background' | 'in-page';

/** What the content script reports after a run or a change; the popup shows it and the tests read it. */
export interface RunStatus {
  url: string;
  mode: Mode;
  penaltyFactor: number;
  threshold: number;
  nodes: number;
  segments: number;
  templateSegments: number;
  /** Share of the page's visible text that lies in template segments, in [0, 1]. */
  templateTextShare: number;
  /** How many times the page was captured (a slider move must not add one). */
  captures: number;
  /** Computed styles read from the page by the last capture; a re-run reads only new or changed elements'. */
  stylesRead: number;
  /** How many times the classified snapshot was smoothed. */
  smooths: number;
  engine: EngineKind;
  /** Where the page was classified and smoothed first (`engine` holds the page from then on). */
  firstEngine: EngineKind;
  /** total: from the run request to the mode being on screen (after the next paint). */
  timingsMs: { capture: number; classify: number; smooth: number; total: number };
  /**
   * The first run's steps, each as the time since the run request when it was done (wall clock in the page), and
   * `pageBusy`: the page thread's own work in the run (capture, the pipeline when it ran in the page, drawing), which
   * is what a page feels; waiting for the worker or the browser is not in it. A small page is classified first by
   * `firstEngine` without its site's memory, then by `engine` with the site's evidence (`siteAdded`: smoothed with
   * it). When `engine` had read a memory of the site's other pages by the time the first result was smoothed, the
   * evidence is added before the page is drawn, once (`siteAdded` before `painted`), if it comes within 100 ms
   * (EVIDENCE_WAIT_MS); else (a first visit, a revisit of the only remembered page, the worker still loading, or the
   * evidence slower than that) the page is shown first without it (`painted`) and drawn again only when the evidence
   * changed what the mode shows. `shownAtEpochMs` and `timingsMs.total` are the run's end, after both. Steps that did
   * not happen are 0. `pageBusy` is the sum of `setupBusy` (what the run does before the capture: Winnow's element
   * put on the page, the engines and the settings asked for), `captureBusy` (setting the walk up, the walk, and the
   * bookkeeping after it), `engineBusy` (posting the page to the background, framing the worker, or the in-page
   * engine's stages) and `drawBusy` (drawing the mode, and again when the site's evidence changed it).
   */
  phasesMs: RunPhases;
  /**
   * The last penalty or threshold change: from its request to the new segmentation on screen (after the next paint),
   * of which the engine's smoothing (with the messages to it) and drawing; null before the first change.
   */
  resmoothMs: { total: number; smooth: number; draw: number } | null;
  /** Wall-clock time (ms since the epoch) at which the first run's mode was on screen: for end-to-end timings. */
  shownAtEpochMs: number;
  /** What the site memory did for this run; null when the page has no site (a file, a browser page). */
  site: SiteRunStatus | null;
  /**
   * The page's graph segmentation (segments mode, the export) at this smoothing; null until one was asked for.
   * `segmentMs`: the engine's time to segment the page, `phasesMs` GCuts' part of it by phase (null for CClus);
   * `ms`: its time for the last answer (verdicts only, when kept). `answerMs`: the page's wait for the segmentation,
   * from asking the engine to its answer (messages, and any work the engine finished first, included). `warmUp`: the
   * worker's warm-up of the segmenter before it answered (extension/shared/segmenterWarmUp.ts), null when none ran.
   */
  graph: {
    method: GraphMethod;
    model: string;
    segments: number;
    templateSegments: number;
    segmentMs: number;
    phasesMs: GcutsPhaseTimes | null;
    ms: number;
    answerMs: number;
    warmUp: SegmenterWarmUp | null;
  } | null;
}

export interface RunPhases {
  captured: number;
  engineReady: number;
  classified: number;
  smoothed: number;
  drawn: number;
  painted: number;
  siteAdded: number;
  pageBusy: number;
  setupBusy: number;
  captureBusy: number;
  engineBusy: number;
  drawBusy: number;
}

export interface SiteRunStatus {
  host: string;
  /** Other pages of this site whose evidence the run used (0 for a new site, or after "forget this site"). */
  pagesSeen: number;
  /** Pages of this site remembered now, this one included. */
  pagesRemembered: number;
  /** Site-level methods that had enough pages to say anything (siteLevel, rtdm, blocks). */
  methods: string[];
  /** Template segments whose root repeats across the site's pages (drawn dashed, labelled "site"). */
  templateSegments: number;
  /**
   * Set when the site memory was not used on this page, nor the page remembered: 'copy' when it looked like a copy of
   * a remembered page (another address for it), 'large' when it has too many elements to remember quickly.
   */
  setAside: SetAside | null;
  /** Worker time reading the memory and the page's evidence (before showing), and adding the page (after). */
  ms: { evidence: number; remember: number };
  /** Damaged or oversized memory that was dropped, a page too large to remember, storage trouble: said in the popup. */
  problem: string | null;
}
