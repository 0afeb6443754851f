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
import type { RunPhases } from '../shared/runStatus.ts';
import {
  forgottenSite, loadSiteMemory, readSiteMemory, rememberAndStore, siteAfterClassify, SITE_MEMORY_MAX_NODES,
  type LoadedSiteMemory, type SiteMemoryFetch,
} from './siteMemoryRun.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import { errorMessage } from '../shared/protocol.ts';
import { sameOnScreen } from './sameOnScreen.ts';

/** What PageRun.addSiteEvidenceIfRead did: nothing (null), added the evidence (and whether that changed what the modes
 * show), or failed. */
export type EarlyEvidence = null | { changed: boolean } | { failure: unknown };

/**
 * Pages with at most this many elements are classified and smoothed first by deps.pageEngine (the extension's
 * background, or the page's own thread when it cannot be reached), without their site's memory: there the pipeline
 * answers in a few tens of milliseconds, before the worker frame has started (its own page and the worker's code
 * load first). The site's evidence, which grows with its memory, is computed in the worker meanwhile and added once
 * it is there (addSiteEvidence). Larger pages go to the worker only, so that one big page does not hold up the
 * background's answers to every other tab; so does a small page whose worker is up by the time its capture ends.
 */
export const IN_PAGE_MAX_ELEMENTS = 3000;

/** What the run asks of the view (pageView.ts). */
export interface RunView {
  /** Winnow's element on the page, where the engine's worker frame lives. */
  pageUi(): PageUi;
  /** Takes down what Winnow drew, so that capture sees the page as the site made it. */
  clear(): void;
}

export class PageRun {
  private readonly capturer: PageCapturer;
  /** The worker engine (for small pages, maybe a second background session: startEvidenceEngine), once started. */
  private worker: Promise<PipelineEngine> | null = null;
  /** Small pages' first engine (deps.pageEngine), once asked for, and once it answered. */
  private firstEngine: Promise<PipelineEngine> | null = null;
  private first: PipelineEngine | null = null;
  /** The engine holding the latest classification: every later request about the page goes to it. */
  private current: Promise<PipelineEngine> | null = null;
  /** The worker engine answered its start: later runs go straight to it. */
  private workerUp = false;
  /** The "worker" is a second session in the background (startEvidenceEngine). */
  private evidenceInBackground = false;
  /** What addSiteEvidence needs, while the capture on screen was classified by the first engine without its site's memory. */
  private siteLater: {
    capture: PageCapture;
    snapshot: PageSnapshot;
    model: unknown;
    worker: Promise<PipelineEngine>;
    siteReady: Promise<SiteMemoryFetch | null>;
    /**
     * `worker` is up and has read a memory of the site's other pages (siteReady answered with one): its evidence may
     * change what the page shows. (With none, a first visit, the worker only takes the page over.)
     */
    evidenceRead: boolean;
  } | null = null;

  constructor(private readonly doc: Document, private readonly state: PageState, private readonly deps: RunDeps,
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
    this.phase('smoothed');
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
    c.site = await rememberAndStore(deps, await this.engineInUse(), c.site, basedOn);
  }

  /** Takes the site prior off the kept classification (the background has dropped the stored memory), re-smooths. */
  async forgetSite(): Promise<void> {
    const c = completeRun(this.state).capture;
    await (await this.engineInUse()).dropSiteEvidence();
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
    const engine = await this.engineInUse();
    const { penaltyFactor, threshold } = settings;
    const asked = performance.now();
    const value = await engine.graphSegments(pipelineOptions({ penaltyFactor, threshold }));
    this.state.graph = { for: smoothed, value, answerMs: performance.now() - asked };
    return value;
  }

  /** See PageCapturer.watch. */
  watch(onBigChange: () => void): LiveWatcher {
    return this.capturer.watch(onBigChange);
  }

  private async captureAndClassify(): Promise<PageCapture> {
    const setupStarted = performance.now();
    const busyBefore = this.state.phases.pageBusy;
    // Capture sees the page as the site made it: our hiding is undone first (overlay and reader live outside <body>).
    this.view.clear();
    this.siteLater = null;
    // A small page is classified first by deps.pageEngine (the background, else the page's thread), unless the engine
    // that holds pages is already up (a re-run). That engine (a second background session, else the worker frame)
    // starts now all the same when the page has a site: the site's memory is read and its evidence computed there,
    // beside the capture and the first run (addSiteEvidence). Asking for the element after the limit reads no style
    // or layout and stops there, where counting them all would walk a 100k-element page to the end.
    const small = this.deps.pageEngine !== undefined && !this.workerUp &&
      this.doc.getElementsByTagName('*').item(IN_PAGE_MAX_ELEMENTS) === null;
    const siteMemory = this.deps.siteMemory;
    // The first engine connects beside the capture too.
    const firstReady = small ? (this.firstEngine ??= Promise.resolve(this.deps.pageEngine!())) : null;
    const workerReady = small && !siteMemory ? null : firstReady ? this.startEvidenceEngine(firstReady) : this.startWorker();
    workerReady?.catch(() => {});
    const modelReady = this.deps.model();
    modelReady.catch(() => {});
    const memoryLoaded: Promise<LoadedSiteMemory | null> = siteMemory
      ? loadSiteMemory(siteMemory.deps, siteMemory.host) : Promise.resolve(null);
    // The worker reads the site's memory as soon as both are there.
    const siteReady = workerReady && memoryLoaded.then((m) => m && readSiteMemory(m, workerReady, this.doc.URL));
    siteReady?.catch(() => {});
    // What was done so far, in this task, is the run's too (less the framing of a worker, counted as the engine's).
    this.busy('setupBusy', performance.now() - setupStarted - (this.state.phases.pageBusy - busyBefore));
    const { snapshot, capture, stylesRead, busyMs } = await this.capturer.capture();
    this.phase('captured');
    this.busy('captureBusy', busyMs);
    this.state.stylesRead = stylesRead;
    this.state.captures += 1;
    // A worker that is up by now (a page slow to capture) classifies the page itself, with its site's evidence: the
    // page's thread is spared the pass, and the page is classified once, not twice.
    // (A second session in the background is up at once; it adds its evidence once the first result is smoothed, and
    // before it is drawn when it has read a memory of the site's other pages by then: addSiteEvidenceIfRead.)
    const workerTookOver = this.workerUp && !this.evidenceInBackground;
    if (small && !workerTookOver && snapshot.count <= IN_PAGE_MAX_ELEMENTS) {
      const [model, engine] = await Promise.all([modelReady, firstReady!]);
      this.first = this.adopt(engine);
      this.phase('engineReady');
      if (workerReady && siteReady) {
        const later = { capture, snapshot, model: model.json, worker: workerReady, siteReady, evidenceRead: false };
        siteReady.then((fetched) => {
          later.evidenceRead = fetched?.ready === true && fetched.otherPages > 0;
        }, () => {});
        this.siteLater = later;
      }
      await this.classifyIn(engine, Promise.resolve(engine), snapshot, model, capture, null);
      return capture;
    }
    const engineReady = workerReady ?? this.startWorker();
    void engineReady.then(() => this.phase('engineReady'), () => {});
    const [model, engine, fetched] = await Promise.all([modelReady, engineReady, siteReady]);
    await this.classifyIn(engine, engineReady, snapshot, model, capture, fetched);
    return capture;
  }

  /**
   * addSiteEvidence before the first drawing, when the engine that adds the evidence has read a memory of the site's
   * other pages by the time the first engine's result is smoothed (a second session in the background mostly has): the
   * page is then drawn once, as its site's memory has it, a moment later, instead of drawn and then changed under the
   * person's eyes. On a first visit to a site there is no evidence to wait for, and the page is drawn first. On 30
   * Readability fixtures (`npx tsx test/e2e/extensionBench.ts --pages 30`, two rounds against drawing first,
   * 2026-11-28; the fixtures are one site, so every page but the first is a known one), medians: the page's work in a
   * run 26.5/25.2 ms against 29.0/30.6; shortcut → first painted 85.2/91.4 ms against 78.3/75.6; → run done 89.2/98.1
   * against 100.0/100.7. The run was done within 1 ms of its first paint, the evidence in before the drawing, on 20 and
   * 21 of the 30 pages.
   * Answers whether the evidence changed what the modes show (what addSiteEvidence answers), or what failed, for the
   * caller to throw once the first result is drawn (a failure after the drawing fails the run all the same); null when
   * nothing was tried. When no such memory is read yet (the worker's frame still loading, or none), nothing is done:
   * the caller draws, then calls addSiteEvidence. The caller waits for it a short while only (WinnowController's
   * EVIDENCE_WAIT_MS), so that a busy or stuck engine cannot hold the first drawing back.
   */
  async addSiteEvidenceIfRead(): Promise<EarlyEvidence> {
    if (!this.siteLater?.evidenceRead) return null;
    try {
      return { changed: await this.addSiteEvidence() };
    } catch (e) {
      return { failure: e };
    }
  }

  /**
   * After a page was classified by the first engine without its site's memory: the worker, which has read the memory
   * meanwhile, classifies a copy of the same snapshot with the site's evidence and smooths it with the state's
   * settings. From then on the worker holds the page (re-smoothing, inspect, remembering). Answers whether what
   * the modes show changed (then the caller draws the mode again); false when there was nothing to add, or the
   * worker could not (the page stays as it was classified, page-level, and is not remembered).
   */
  async addSiteEvidence(): Promise<boolean> {
    const later = this.siteLater;
    this.siteLater = null;
    if (!later || this.state.capture !== later.capture || !this.state.smoothed) return false;
    const { capture, snapshot, model, worker, siteReady } = later;
    let engine: PipelineEngine;
    let fetched: SiteMemoryFetch | null;
    try {
      [engine, fetched] = await Promise.all([worker, siteReady]);
    } catch {
      return false;
    }
    if (!fetched) return false;
    const before = { current: this.current, kind: this.state.engineKind };
    // A worker's classify moves the snapshot's buffers to it; the first engine keeps answering for the page until the
    // worker has it, so a worker (or an in-page stand-in) gets a copy. The background clones what it is sent anyway.
    const copyStarted = performance.now();
    const toClassify = engine.kind === 'background' ? snapshot : structuredClone(snapshot);
    this.busy('engineBusy', performance.now() - copyStarted);
    try {
      await this.classifyIn(engine, worker, toClassify, { json: model }, capture, fetched);
    } catch (e) {
      // The in-page engine still holds the page: it answers for it again, under a number of its own.
      this.current = before.current;
      this.state.engineKind = before.kind;
      capture.classification = this.state.classifies;
      capture.site = { ...siteAfterClassify(fetched, null, false).state,
        problem: `The site's memory could not be used: ${errorMessage(e)}` };
      return false;
    }
    // The worker holds the page now: the background's copy of it is let go (a later small run connects again).
    if (this.first?.kind === 'background') this.first.dispose();
    const smoothed = await this.smooth();
    const changed = !sameOnScreen(this.state.smoothed, smoothed);
    this.state.smoothed = smoothed;
    this.phase('siteAdded');
    return changed;
  }

  /** Posts the capture's snapshot to `engine` (which then holds the page) and notes what the site memory did. */
  private async classifyIn(engine: PipelineEngine, engineReady: Promise<PipelineEngine>, snapshot: PageSnapshot,
    model: { json: unknown; version?: string }, capture: PageCapture, fetched: SiteMemoryFetch | null): Promise<void> {
    if (model.version) this.state.modelVersion = model.version;
    const tooLarge = snapshot.count > SITE_MEMORY_MAX_NODES;
    // With the worker engine the snapshot's buffers move to it here and are unusable in this thread afterwards (the
    // background and in-page engines keep them; after them the worker gets a copy, addSiteEvidence). From now on the
    // engine's node numbers are this capture's, though the state shows the one before until smoothing is done.
    const classification = ++this.state.classifies;
    this.current = engineReady;
    this.state.engineKind = engine.kind;
    this.state.firstEngineKind ??= engine.kind;
    const classified = await engine.classify(snapshot, model.json, !tooLarge && fetched?.ready === true,
      capture.declaredSources);
    if (classified.declared) Object.assign(capture.declared, classified.declared);
    capture.classification = classification;
    capture.classifyMs = classified.featuresMs + classified.classifyMs;
    this.phase('classified');
    if (fetched) {
      const site = siteAfterClassify(fetched, classified.site, tooLarge);
      capture.site = site.state;
      capture.rememberOnto = site.remember ? fetched.version : null;
    }
  }

  private async smooth(): Promise<SmoothedPage> {
    const engine = await this.engineInUse();
    const { penaltyFactor, threshold } = this.state.settings!;
    const r = await engine.smooth(pipelineOptions({ penaltyFactor, threshold }));
    this.state.smooths += 1;
    return r;
  }

  /** The engine, its work in the page's thread (posting to the background, in-page stages) counted into the run's. */
  private adopt(engine: PipelineEngine): PipelineEngine {
    engine.onPageBusy = (ms) => this.busy('engineBusy', ms);
    return engine;
  }

  /** Notes a step of the first run (RunStatus.phasesMs); later runs leave the record as it is. */
  private phase(step: Exclude<keyof RunPhases, BusyPart | 'pageBusy'>): void {
    if (!this.state.shownAtEpochMs && !this.state.phases[step]) {
      this.state.phases[step] = performance.now() - this.state.runStarted;
    }
  }

  /** Adds page-thread work to the first run's (RunStatus.phasesMs.pageBusy), and to its part of it. */
  busy(part: BusyPart, ms: number): void {
    if (this.state.shownAtEpochMs) return;
    this.state.phases.pageBusy += ms;
    this.state.phases[part] += ms;
  }

  /** The page's engine (inspect mode asks it about nodes and labelled segments). */
  pipelineEngine(): Promise<PipelineEngine> {
    return this.engineInUse();
  }

  /** The engine holding the page's classification; before any, the worker (as the requests that need none ask). */
  private engineInUse(): Promise<PipelineEngine> {
    return this.current ?? this.startWorker();
  }

  /**
   * A small page's second engine, which reads the site's memory, adds its evidence and then keeps the page: another
   * session in the background when the first engine is there (no frame to load, nothing in the page's thread), else
   * the worker.
   */
  private startEvidenceEngine(first: Promise<PipelineEngine>): Promise<PipelineEngine> {
    return this.startWorker(async () => {
      if ((await first).kind === 'background') {
        const second = await this.deps.pageEngine!();
        if (second.kind === 'background') {
          this.evidenceInBackground = true;
          return second;
        }
        second.dispose();
      }
      return this.frameWorker();
    });
  }

  /** Starts the worker in its frame. */
  private frameWorker(): Promise<PipelineEngine> {
    // Framing the worker's page is work in the page's thread too (until its first wait): counted into the run's.
    const framing = performance.now();
    const started = this.deps.startEngine(this.view.pageUi());
    this.busy('engineBusy', performance.now() - framing);
    return started;
  }

  /**
   * The engine that holds the page once its site's evidence is in (the worker, or for small pages a second session in
   * the background), started on first use; a failed start is tried again by the next request.
   */
  private startWorker(start = () => this.frameWorker()): Promise<PipelineEngine> {
    const started = this.worker ?? start();
    this.worker = started;
    started.then((engine) => {
      this.adopt(engine);
      if (this.worker === started) this.workerUp = true;
    }, () => {
      this.workerUp = false;
      this.evidenceInBackground = false;
      if (this.worker === started) this.worker = null;
      if (this.current === started) this.current = null;
    });
    return started;
  }
}

/** The parts of a run's page-thread work (RunPhases). */
type BusyPart = 'setupBusy' | 'captureBusy' | 'engineBusy' | 'drawBusy';
