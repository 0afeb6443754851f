import { captureSnapshotSliced } from '../../src/capture/captureSnapshot.ts';
import { StyleCache } from '../../src/capture/elementStyle.ts';
import { readPageMetadata } from '../../src/capture/pageMetadata.ts';
import { authorNodes } from '../../src/capture/authorNodes.ts';
import { DEFAULT_PIPELINE_OPTIONS, pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import type { Segment } from '../../src/segment/segments.ts';
import type { AnnotationExport } from '../shared/annotationSchema.ts';
import type { RunStatus } from '../shared/runStatus.ts';
import type { Mode, SiteSettings } from '../shared/settings.ts';
import { buildAnnotationExport } from './annotationExport.ts';
import { HideRecord } from './hideRecord.ts';
import { HighlightOverlay } from './highlightOverlay.ts';
import { LiveWatcher } from './liveWatcher.ts';
import { createPageUi, type PageUi } from './pageUi.ts';
import type { PipelineEngine } from './pipelineEngine.ts';
import { buildReaderContentSliced } from './readerContent.ts';
import { highlightParts, nodesToHide, type HighlightPart } from './shownParts.ts';
import { ReaderView } from './readerView.ts';
import { StatusToast } from './statusToast.ts';
import { serialQueue } from '../shared/serialQueue.ts';
import { afterNextPaint, yieldToPage } from './yieldToPage.ts';
import {
  fetchSiteMemory, forgottenSite, rememberAndStore, siteAfterClassify, SITE_MEMORY_MAX_NODES, type SiteMemoryDeps,
  type SiteRunState,
} from './siteMemoryRun.ts';

/** Capture stops adding nodes past this many; the rest is counted into the last kept ancestor. */
const MAX_NODES = 200_000;

/** What the controller needs from outside the page (the browser, the background): injected, so tests can fake it. */
export interface ControllerDeps {
  loadSettings(): Promise<SiteSettings>;
  saveSettings(patch: Partial<SiteSettings>): Promise<void>;
  model(): Promise<{ json: unknown; version: string }>;
  /** Starts a pipeline engine (worker if possible, else in-page) in the given UI root. */
  startEngine(ui: PageUi): Promise<PipelineEngine>;
  friendlyError(message: string): string;
  /** The page's site memory; absent for pages without a site (files), which then run page-level only. */
  siteMemory?: { host: string; deps: SiteMemoryDeps } | null;
}

/** One capture of the page: how results map back onto live elements. */
interface PageCapture {
  elements: Element[];
  indexOf: Map<Element, number>;
  /** The snapshot's parent array, kept here: the snapshot itself moves to the worker. */
  parent: Int32Array;
  url: string;
  title: string;
  /**
   * What the document says its title and byline are (meta tags, JSON-LD…; the reader's fallbacks) and which nodes its
   * markup names as the author: the reader decision's hints, as `winnowExtract` gives them.
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
}

interface SmoothedState {
  values: Float64Array;
  readerKeep: Uint8Array;
  /** What hide mode leaves on screen and highlight mode never tints (the reader decision's `show`). */
  show: Uint8Array;
  headline: number;
  byline: number;
  segments: Segment[];
  /** Per segment, 1 when its root repeats across the site's pages. */
  siteSegments: Uint8Array;
  templateTextShare: number;
  smoothMs: number;
}

/**
 * The content script's state for one page: capture → classify (worker) → smooth → show the chosen mode. A new
 * penalty or threshold only re-smooths the kept classification; a big page change re-runs capture, keeping the mode.
 */
export class WinnowController {
  private ui: PageUi | null = null;
  private engine: Promise<PipelineEngine> | null = null;
  private capture: PageCapture | null = null;
  private smoothed: SmoothedState | null = null;
  /** Re-runs after page changes read computed styles only for new or changed elements (see StyleCache). */
  private readonly styleCache = new StyleCache();
  private stylesRead = 0;
  private settings: SiteSettings | null = null;
  private modelVersion = 'unknown';
  private mode: Mode = 'off';
  private captures = 0;
  private smooths = 0;
  private totalMs = 0;
  private shownAtEpochMs = 0;
  private firstRun: Promise<RunStatus> | null = null;
  /** Serialises runs, re-runs and re-smooths so they never interleave. */
  private readonly enqueue = serialQueue();
  private readonly hidden = new HideRecord();
  private overlay: HighlightOverlay | null = null;
  private reader: ReaderView | null = null;
  private toast: StatusToast | null = null;
  private live: LiveWatcher | null = null;

  constructor(private readonly doc: Document, private readonly deps: ControllerDeps) {}

  get hasRun(): boolean {
    return this.smoothed !== null;
  }

  /** Runs once per page; later calls only switch the mode. */
  run(mode?: Mode): Promise<RunStatus> {
    if (this.firstRun) {
      return this.firstRun.then(() => (mode ? this.setMode(mode) : this.status()!));
    }
    const started = performance.now();
    this.firstRun = this.enqueue(async () => {
      this.pageUi();
      // The settings are needed only for smoothing and the mode: they load while the page is captured.
      const settingsReady = this.deps.loadSettings();
      settingsReady.catch(() => {});
      await this.toast!.during(this.captureAndSmooth(settingsReady), 'Winnow is reading this page…');
      const settings = this.settings!;
      const wanted = mode ?? (settings.mode === 'off' ? 'highlight' : settings.mode);
      await this.showMode(wanted);
      await afterNextPaint();
      this.totalMs = performance.now() - started;
      this.shownAtEpochMs = performance.timeOrigin + performance.now();
      // Watching starts before remembering, which may take a while: changes made meanwhile must not be missed.
      this.live!.start();
      await this.rememberSite();
      if (wanted !== settings.mode) await this.saveSettings({ mode: wanted });
      return this.status()!;
    }).catch((e) => {
      this.firstRun = null;
      this.toast?.error(this.deps.friendlyError(e instanceof Error ? e.message : String(e)));
      throw e;
    });
    return this.firstRun;
  }

  setMode(mode: Mode): Promise<RunStatus> {
    return this.enqueue(async () => {
      this.requireRun();
      await this.showMode(mode);
      await this.saveSettings({ mode });
      await afterNextPaint();
      return this.status()!;
    });
  }

  /** Re-smooths with a new penalty/threshold: no capture, no classification. Stale requests are skipped. */
  private latestOptions: { penaltyFactor: number; threshold: number } | null = null;
  setOptions(options: { penaltyFactor: number; threshold: number }): Promise<RunStatus> {
    pipelineOptions(options); // throws on invalid values before anything changes
    this.latestOptions = options;
    return this.enqueue(async () => {
      this.requireRun();
      const wanted = this.latestOptions;
      if (wanted && (wanted.penaltyFactor !== this.settings!.penaltyFactor || wanted.threshold !== this.settings!.threshold)) {
        this.settings = { ...this.settings!, ...wanted };
        this.smoothed = await this.smoothWithSettings();
        await this.showMode(this.mode);
        await afterNextPaint();
        await this.saveSettings(wanted);
      }
      return this.status()!;
    });
  }

  status(): RunStatus | null {
    const c = this.capture;
    const s = this.smoothed;
    if (!c || !s || !this.settings) return null;
    return {
      url: c.url,
      mode: this.mode,
      penaltyFactor: this.settings.penaltyFactor,
      threshold: this.settings.threshold,
      nodes: c.elements.length,
      segments: s.segments.length,
      templateSegments: s.segments.filter((g) => g.template).length,
      templateTextShare: s.templateTextShare,
      captures: this.captures,
      stylesRead: this.stylesRead,
      smooths: this.smooths,
      engine: this.engineKind,
      timingsMs: { capture: c.captureMs, classify: c.classifyMs, smooth: s.smoothMs, total: this.totalMs },
      shownAtEpochMs: this.shownAtEpochMs,
      site: c.site && { ...c.site, templateSegments: siteTemplateSegments(c, s) },
    };
  }

  /**
   * "Forget this site" (the background has already dropped the stored memory): the page is shown again without the
   * site prior, from the kept classification, so no site template is left on screen.
   */
  forgetSite(): Promise<RunStatus> {
    return this.enqueue(async () => {
      const c = this.requireRun();
      await (await this.startEngine()).dropSiteEvidence();
      if (c.site) c.site = forgottenSite(c.site);
      c.rememberOnto = null;
      this.smoothed = await this.smoothWithSettings();
      await this.showMode(this.mode);
      await afterNextPaint();
      return this.status()!;
    });
  }

  exportAnnotations(): AnnotationExport {
    const c = this.requireRun();
    return buildAnnotationExport({
      url: c.url,
      title: c.title,
      viewport: c.viewport,
      modelVersion: this.modelVersion,
      options: {
        penaltyFactor: this.settings!.penaltyFactor,
        threshold: this.settings!.threshold,
        minArea: DEFAULT_PIPELINE_OPTIONS.minArea,
      },
      segments: this.smoothed!.segments,
      siteSegments: c.site ? this.smoothed!.siteSegments : undefined,
      elements: c.elements,
    });
  }

  /** The page changed a lot: capture and classify again, keeping the mode the person chose. */
  rerun(): Promise<RunStatus | null> {
    if (!this.hasRun) return Promise.resolve(null);
    return this.enqueue(async () => {
      const mode = this.mode;
      await this.captureAndSmooth();
      await this.showMode(mode);
      await this.rememberSite();
      return this.status();
    }).catch((e) => {
      this.toast?.error(this.deps.friendlyError(e instanceof Error ? e.message : String(e)));
      return null;
    });
  }

  private engineKind: RunStatus['engine'] = 'worker';

  /**
   * Captures and classifies the page again, then smooths, and only then swaps the new run in: status, the popup and
   * exports keep seeing the previous complete run (never a capture without its smoothing) while a re-run is under way.
   * The first run passes the site's settings still loading; smoothing needs them.
   */
  private async captureAndSmooth(settingsReady?: Promise<SiteSettings>): Promise<void> {
    const capture = await this.captureAndClassify();
    if (settingsReady) this.settings = await settingsReady;
    const smoothed = await this.smoothWithSettings();
    this.capture = capture;
    this.smoothed = smoothed;
  }

  private async captureAndClassify(): Promise<PageCapture> {
    // Capture sees the page as the site made it: undo our hiding first (the overlay and reader live outside <body>).
    this.clearMode();
    // The worker frame and the model load while the page is captured: neither is needed before classifying. The
    // frame first: it takes longest to start (about 100 ms from creating it to a worker that answers).
    const engineReady = this.startEngine();
    const modelReady = this.deps.model();
    const siteMemory = this.deps.siteMemory;
    // The site's memory is fetched and read in the worker meanwhile too.
    const siteReady = siteMemory
      ? fetchSiteMemory(siteMemory.deps, siteMemory.host, engineReady) : Promise.resolve(null);
    modelReady.catch(() => {});
    engineReady.catch(() => {});
    // Sliced: a 100k-node page takes seconds to walk, and the page must keep painting and answering input meanwhile.
    const readsBefore = this.styleCache.reads;
    const { snapshot, elements } = await captureSnapshotSliced(this.doc,
      { maxNodes: MAX_NODES, yieldToPage, styleCache: this.styleCache });
    this.stylesRead = this.styleCache.reads - readsBefore;
    this.captures += 1;
    const indexOf = new Map<Element, number>();
    elements.forEach((el, i) => indexOf.set(el, i));
    // A turn of its own for the page: on a 100k-element page, reading the metadata and the author-named elements takes
    // another 20–80 ms, which must not lengthen the capture's last slice.
    await yieldToPage();
    const metadata = readPageMetadata(this.doc);
    const declared = {
      title: metadata.title || snapshot.title, byline: metadata.byline, authorNodes: authorNodes(elements),
    };
    const capture: PageCapture = {
      elements,
      indexOf,
      parent: snapshot.parent.slice(),
      url: snapshot.url,
      title: snapshot.title,
      declared,
      viewport: { ...snapshot.viewport },
      captureMs: snapshot.captureMs,
      classifyMs: 0,
      site: null,
      rememberOnto: null,
    };
    const [model, engine, fetched] = await Promise.all([modelReady, engineReady, siteReady]);
    this.modelVersion = model.version;
    const tooLarge = snapshot.count > SITE_MEMORY_MAX_NODES;
    // The snapshot's buffers move to the worker here and are unusable in this thread afterwards.
    const classified = await engine.classify(snapshot, model.json, !tooLarge && fetched?.ready === true,
      capture.declared);
    capture.classifyMs = classified.featuresMs + classified.classifyMs;
    if (fetched) {
      const site = siteAfterClassify(fetched, classified.site, tooLarge);
      capture.site = site.state;
      capture.rememberOnto = site.remember ? fetched.version : null;
    }
    return capture;
  }

  /**
   * Adds the page on screen to its site's memory and has it stored. After the page is shown, because remembering
   * costs more than reading the evidence; before the run answers, so the popup's page count includes this page.
   */
  private async rememberSite(): Promise<void> {
    const c = this.capture;
    const deps = this.deps.siteMemory?.deps;
    const basedOn = c?.rememberOnto;
    if (!c?.site || !basedOn || !deps) return;
    c.rememberOnto = null;
    c.site = await rememberAndStore(deps, await this.startEngine(), c.site, basedOn);
  }

  private async smoothWithSettings(): Promise<SmoothedState> {
    const engine = await this.startEngine();
    const s = this.settings!;
    const r = await engine.smooth(pipelineOptions({ penaltyFactor: s.penaltyFactor, threshold: s.threshold }));
    this.smooths += 1;
    return {
      values: r.values, readerKeep: r.readerKeep, show: r.show, headline: r.headline, byline: r.byline,
      segments: r.segments, siteSegments: r.siteSegments, templateTextShare: r.templateTextShare, smoothMs: r.smoothMs,
    };
  }

  private startEngine(): Promise<PipelineEngine> {
    this.engine ??= this.deps.startEngine(this.pageUi()).then((e) => {
      this.engineKind = e.kind;
      return e;
    });
    this.engine.catch(() => { this.engine = null; });
    return this.engine;
  }

  private async showMode(mode: Mode): Promise<void> {
    this.clearMode();
    this.mode = mode;
    const c = this.capture!;
    const s = this.smoothed!;
    const threshold = this.settings!.threshold;
    if (mode === 'highlight') {
      const boxes = highlighted(c, s).map(({ node, segment }) => ({
        el: c.elements[node], score: s.segments[segment].score, site: s.siteSegments[segment] === 1,
      }));
      this.overlay!.show(boxes, threshold);
    } else if (mode === 'hide') {
      if (!s.show.some((v, i) => v === 1 && i > 0)) {
        this.toast!.error('Winnow judged this whole page to be template, so nothing was hidden. Try a lower penalty.');
        return;
      }
      // Everything but the content (headline, lead media, body): never an ancestor of a shown node, never the page.
      const page = new Set<Element | null>([this.doc.body, this.doc.documentElement]);
      this.hidden.hide(nodesToHide(c.parent, s.show).map((i) => c.elements[i]).filter((el) => !page.has(el)));
    } else if (mode === 'reader') {
      const headline = s.headline >= 0 ? c.elements[s.headline] : null;
      const byline = s.byline >= 0 ? c.elements[s.byline] : null;
      const article = await buildReaderContentSliced(this.doc.body ?? this.doc.documentElement, this.doc, {
        title: c.declared.title,
        declaredByline: c.declared.byline,
        headline,
        byline,
        verdict: (el) => {
          const i = c.indexOf.get(el);
          return i !== undefined && s.readerKeep[i] === 1 ? 'keep' : 'skip';
        },
      }, { sliceMs: 25, yieldToPage });
      if (!article.querySelector('p, pre, table, li, img, blockquote')) {
        const note = this.doc.createElement('p');
        note.textContent = 'Winnow judged everything on this page to be template, so there is nothing to read here. ' +
          'A higher template threshold or a lower penalty keeps more of the page.';
        article.append(note);
      }
      await this.reader!.open(article, this.settings!.readerTheme);
    }
  }

  private clearMode(): void {
    this.overlay?.hide();
    this.hidden.restore();
    this.reader?.close(false);
  }

  private pageUi(): PageUi {
    if (!this.ui) {
      const ui = createPageUi(this.doc);
      this.ui = ui;
      this.overlay = new HighlightOverlay(ui);
      this.toast = new StatusToast(ui);
      this.reader = new ReaderView(ui, () => {
        // Leaving the reader by Escape or its button puts the page back as the site made it.
        this.mode = 'off';
        void this.saveSettings({ mode: 'off' });
      }, (readerTheme) => {
        void this.saveSettings({ readerTheme });
      });
      this.live = new LiveWatcher(this.doc.body ?? this.doc.documentElement, () => {
        if (this.mode !== 'off') void this.rerun();
      }, (el) => this.styleCache.forgetSubtree(el));
      // Media queries may restyle anything when the window changes size.
      this.doc.defaultView?.addEventListener('resize', () => this.styleCache.clear());
    }
    return this.ui;
  }

  private async saveSettings(patch: Partial<SiteSettings>): Promise<void> {
    this.settings = { ...this.settings!, ...patch };
    try {
      await this.deps.saveSettings(patch);
    } catch {
      // Remembering is a convenience: the page keeps working when storage is unavailable.
    }
  }

  private requireRun(): PageCapture {
    if (!this.capture || !this.smoothed) throw new Error('Winnow has not run on this page yet');
    return this.capture;
  }

  /** For tests and the status message: how many elements are hidden and boxes drawn. */
  get pageEffects(): { hidden: number; boxes: number; readerOpen: boolean } {
    return { hidden: this.hidden.size, boxes: this.overlay?.boxCount ?? 0, readerOpen: this.reader?.isOpen ?? false };
  }
}

/** How many template segments highlight mode draws (in one box or more) whose root repeats across the site. */
function siteTemplateSegments(c: PageCapture, s: SmoothedState): number {
  return new Set(highlighted(c, s).map((p) => p.segment).filter((k) => s.siteSegments[k] === 1)).size;
}

/** The boxes highlight mode draws: template segments except the page root, minus what the reader shows. */
function highlighted(c: PageCapture, s: SmoothedState): HighlightPart[] {
  return highlightParts(c.parent, s.show, s.segments);
}
