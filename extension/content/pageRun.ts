/**
 * The run over the page state: capture the page, classify it in the engine (with its site's memory when it has one),
 * smooth with the settings' penalty and threshold, and add the page to its site's memory once shown.
 */
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import type { SiteSettings } from '../shared/settings.ts';
import type { RunDeps } from './controllerDeps.ts';
import type { LiveWatcher } from './liveWatcher.ts';
import { PageCapturer } from './pageCapture.ts';
import type { PageUi } from './pageUi.ts';
import { completeRun, type PageCapture, type PageState, type SmoothedPage } from './pageState.ts';
import type { PipelineEngine } from './pipelineEngine.ts';
import type { GraphSegmentsWire } from '../shared/workerApi.ts';
import {
  fetchSiteMemory, forgottenSite, rememberAndStore, siteAfterClassify, SITE_MEMORY_MAX_NODES,
} from './siteMemoryRun.ts';

/** What the run asks of the view (pageView.ts). */
export interface RunView {
  /** Winnow's element on the page, where the engine's worker frame lives. */
  pageUi(): PageUi;
  /** Takes down what Winnow drew, so that capture sees the page as the site made it. */
  clear(): void;
}

export class PageRun {
  private readonly capturer: PageCapturer;
  private engine: Promise<PipelineEngine> | null = null;

  constructor(doc: Document, private readonly state: PageState, private readonly deps: RunDeps,
    private readonly view: RunView) {
    this.capturer = new PageCapturer(doc);
  }

  /**
   * Captures and classifies the page again, then smooths, and only then swaps the new run into the state. The first
   * run passes the site's settings still loading; smoothing needs them.
   */
  async captureAndSmooth(settingsReady?: Promise<SiteSettings>): Promise<void> {
    const capture = await this.captureAndClassify();
    if (settingsReady) this.state.settings = await settingsReady;
    const smoothed = await this.smooth();
    this.state.capture = capture;
    this.state.smoothed = smoothed;
  }

  /** Smooths the kept classification again with the state's settings: no capture, no classification. */
  async resmooth(): Promise<void> {
    this.state.smoothed = await this.smooth();
  }

  /**
   * Adds the page on screen to its site's memory and has it stored. After the page is shown, because remembering
   * costs more than reading the evidence; before the run answers, so the popup's page count includes this page.
   */
  async rememberSite(): Promise<void> {
    const c = this.state.capture;
    const deps = this.deps.siteMemory?.deps;
    const basedOn = c?.rememberOnto;
    if (!c?.site || !basedOn || !deps) return;
    c.rememberOnto = null;
    c.site = await rememberAndStore(deps, await this.startEngine(), c.site, basedOn);
  }

  /** Takes the site prior off the kept classification (the background has dropped the stored memory), re-smooths. */
  async forgetSite(): Promise<void> {
    const c = completeRun(this.state).capture;
    await (await this.startEngine()).dropSiteEvidence();
    if (c.site) c.site = forgottenSite(c.site);
    c.rememberOnto = null;
    await this.resmooth();
  }

  /**
   * The page's GCuts segments with the smoothing's verdicts at the state's settings (segments mode, the export): asked
   * of the engine once per smoothing. The engine keeps the segmentation itself, so after a slider move only the
   * verdicts are computed. Called in the controller's queue, so no other capture is being classified meanwhile.
   * Null when the engine no longer holds the capture on screen (a re-run whose classification failed): its node
   * numbers would be another capture's.
   */
  async graphSegments(): Promise<GraphSegmentsWire | null> {
    const { capture, smoothed, settings } = completeRun(this.state);
    if (this.state.graph?.for === smoothed) return this.state.graph.value;
    if (capture.classification !== this.state.classifies) return null;
    const engine = await this.startEngine();
    const { penaltyFactor, threshold } = settings;
    const value = await engine.graphSegments(pipelineOptions({ penaltyFactor, threshold }));
    this.state.graph = { for: smoothed, value };
    return value;
  }

  /** See PageCapturer.watch. */
  watch(onBigChange: () => void): LiveWatcher {
    return this.capturer.watch(onBigChange);
  }

  private async captureAndClassify(): Promise<PageCapture> {
    // Capture sees the page as the site made it: our hiding is undone first (overlay and reader live outside <body>).
    this.view.clear();
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
    const { snapshot, capture, stylesRead } = await this.capturer.capture();
    this.state.stylesRead = stylesRead;
    this.state.captures += 1;
    const [model, engine, fetched] = await Promise.all([modelReady, engineReady, siteReady]);
    this.state.modelVersion = model.version;
    const tooLarge = snapshot.count > SITE_MEMORY_MAX_NODES;
    // The snapshot's buffers move to the worker here and are unusable in this thread afterwards. From now on the
    // engine's node numbers are this capture's, though the state shows the one before until smoothing is done.
    capture.classification = ++this.state.classifies;
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

  private async smooth(): Promise<SmoothedPage> {
    const engine = await this.startEngine();
    const { penaltyFactor, threshold } = this.state.settings!;
    const r = await engine.smooth(pipelineOptions({ penaltyFactor, threshold }));
    this.state.smooths += 1;
    return r;
  }

  /** The page's engine (inspect mode asks it about nodes and labelled segments). */
  pipelineEngine(): Promise<PipelineEngine> {
    return this.startEngine();
  }

  /** One engine per page, started on first use; a failed start is tried again by the next request. */
  private startEngine(): Promise<PipelineEngine> {
    this.engine ??= this.deps.startEngine(this.view.pageUi()).then((e) => {
      this.state.engineKind = e.kind;
      return e;
    });
    this.engine.catch(() => { this.engine = null; });
    return this.engine;
  }
}
