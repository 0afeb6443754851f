import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { errorMessage } from '../shared/protocol.ts';
import type { RunStatus } from '../shared/runStatus.ts';
import { serialQueue } from '../shared/serialQueue.ts';
import type { Mode } from '../shared/settings.ts';
import type { ControllerDeps } from './controllerDeps.ts';
import type { LiveWatcher } from './liveWatcher.ts';
import { exportedAnnotations, runStatusOf } from './pageReport.ts';
import { PageRun, type EarlyEvidence } from './pageRun.ts';
import { completeRun, newPageState, type SmoothingSettings } from './pageState.ts';
import { PageView } from './pageView.ts';
import { changeSettings, rememberMode } from './settingsChange.ts';
import { afterNextPaint } from './yieldToPage.ts';
import { LATE, settledWithin } from './settledWithin.ts';
import { saveArticle, type ArticleFormat, type SavedArticle } from './articleSave.ts';
import type { LabelCounts, LabelSession } from './segmentLabels.ts';
export type { ControllerDeps };

/**
 * How long a run's first drawing waits for its site's evidence (PageRun.addSiteEvidenceIfRead) before it draws
 * without it, then again with it if it changes what is shown: the wait is a few ms when the engine that adds it is
 * free, and a busy or stuck engine must not hold the page back (shortcut → first painted: p95 ≤ 400 ms, issue 17).
 */
export const EVIDENCE_WAIT_MS = 100;

/**
 * The content script's answers to the popup, over one page state (pageState.ts): capture → classify (worker) →
 * smooth → show the chosen mode. A new penalty or threshold only re-smooths; a big page change re-runs capture.
 */
export class WinnowController {
  private readonly state = newPageState();
  private readonly view: PageView;
  private readonly pageRun: PageRun;
  /** The person's labels of this page (inspect mode), put on the segments of every run and re-smooth. */
  private readonly labels: LabelSession;
  /** Serialises runs, re-runs and re-smooths so they never interleave. */
  private readonly enqueue = serialQueue();
  private firstRun: Promise<RunStatus> | null = null;
  private latestOptions: SmoothingSettings | null = null;
  private watcher: LiveWatcher | null = null;

  constructor(private readonly doc: Document, private readonly deps: ControllerDeps) {
    this.view = new PageView(this.doc, {
      // Leaving the reader by Escape or its button puts the page back as the site made it.
      closed: () => { this.state.mode = 'off'; void changeSettings(this.state, this.deps, { mode: 'off' }); },
      theme: (readerTheme) => { void changeSettings(this.state, this.deps, { readerTheme }); },
    }, () => this.pageRun.graphSegments());
    this.pageRun = new PageRun(this.doc, this.state, deps, this.view);
    this.labels = this.view.labelSession(this.state, deps.labels ?? null, () => this.pageRun.pipelineEngine());
  }

  get hasRun(): boolean { return this.state.smoothed !== null; }

  /** Runs once per page; later calls only switch the mode. */
  run(mode?: Mode): Promise<RunStatus> {
    if (this.firstRun) return this.firstRun.then(() => (mode ? this.setMode(mode) : this.status()!));
    const started = performance.now();
    this.state.runStarted = started;
    this.firstRun = this.enqueue(async () => {
      const setupStarted = performance.now();
      this.view.pageUi();
      this.labels.prefetch(this.doc.URL);
      this.watcher ??= this.pageRun.watch(() => { if (this.state.mode !== 'off') void this.rerun(); });
      // The settings are needed only for smoothing and the mode: they load while the page is captured.
      const settingsReady = this.deps.loadSettings();
      settingsReady.catch(() => {});
      this.pageRun.busy('setupBusy', performance.now() - setupStarted);
      await this.view.during(this.pageRun.captureAndSmooth(settingsReady), 'Winnow is reading this page…');
      const settings = this.state.settings!;
      const wanted = mode ?? (settings.mode === 'off' || settings.mode === 'inspect' ? 'highlight' : settings.mode);
      const evidence = this.pageRun.addSiteEvidenceIfRead();
      const early = await this.view.during(settledWithin(evidence, EVIDENCE_WAIT_MS), 'Winnow is reading this page…');
      const drawStarted = performance.now();
      await this.show(wanted);
      const drawn = performance.now();
      this.state.phases.drawn = drawn - started;
      this.pageRun.busy('drawBusy', drawn - drawStarted);
      await afterNextPaint();
      this.state.phases.painted = performance.now() - started;
      if (await this.evidenceAfterDrawing(evidence, early)) {
        const redrawStarted = performance.now();
        await this.show(wanted);
        this.pageRun.busy('drawBusy', performance.now() - redrawStarted);
        await afterNextPaint();
      }
      this.state.totalMs = performance.now() - started;
      this.state.shownAtEpochMs = performance.timeOrigin + performance.now();
      // Watching starts before remembering, which may take a while: changes made meanwhile must not be missed.
      this.watcher.start();
      await this.pageRun.rememberSite();
      if (wanted !== settings.mode) await rememberMode(this.state, this.deps, wanted);
      return this.status()!;
    }).catch((e) => {
      this.firstRun = null;
      this.view.error(this.deps.friendlyError(errorMessage(e)));
      throw e;
    });
    return this.firstRun;
  }

  setMode(mode: Mode): Promise<RunStatus> {
    return this.enqueue(async () => {
      completeRun(this.state);
      await this.show(mode);
      await rememberMode(this.state, this.deps, mode);
      await afterNextPaint();
      return this.status()!;
    });
  }

  /** Re-smooths with a new penalty/threshold: no capture, no classification. Stale requests are skipped. */
  setOptions(options: SmoothingSettings): Promise<RunStatus> {
    pipelineOptions(options); // throws on invalid values before anything changes
    this.latestOptions = options;
    const requested = performance.now();
    return this.enqueue(async () => {
      const { settings } = completeRun(this.state);
      const wanted = this.latestOptions;
      if (wanted && (wanted.penaltyFactor !== settings.penaltyFactor || wanted.threshold !== settings.threshold)) {
        this.state.settings = { ...settings, ...wanted };
        const smoothStarted = performance.now();
        await this.pageRun.resmooth();
        const drawStarted = performance.now();
        await this.show(this.state.mode);
        const drawn = performance.now();
        await afterNextPaint();
        this.state.resmooth = {
          total: performance.now() - requested, smooth: drawStarted - smoothStarted, draw: drawn - drawStarted,
        };
        await changeSettings(this.state, this.deps, wanted);
      }
      return this.status()!;
    });
  }

  status(): RunStatus | null { return runStatusOf(this.state); }
  /** "Forget this site" (the background dropped its memory): shown again without the site prior, nothing re-read. */
  forgetSite(): Promise<RunStatus> {
    return this.enqueue(async () => {
      await this.pageRun.forgetSite();
      await this.show(this.state.mode);
      await afterNextPaint();
      return this.status()!;
    });
  }

  /** The segments, labels and GCuts segmentation (made now when no mode needed it yet) as an annotation file. */
  exportAnnotations() { return this.enqueue(() => exportedAnnotations(this.state, this.pageRun)); }
  /** The reader's article saved as Markdown or standalone HTML (a download made in the page). */
  saveArticle(format: ArticleFormat): Promise<SavedArticle> {
    return this.enqueue(() => saveArticle(this.doc, this.state, format));
  }

  /** The page's labels changed in the background (import, clear): put on the segments again; or checked before. */
  labelsChanged(): Promise<LabelCounts> { return this.enqueue(() => this.view.labelsChanged(this.state)); }
  checkLabels(records: Parameters<LabelSession['unmatched']>[0]) {
    return this.enqueue(async () => ({ unmatched: this.labels.unmatched(records) }));
  }

  /** The page changed a lot (or the model did): capture and classify again, keeping the mode the person chose. */
  rerun(): Promise<RunStatus | null> {
    if (!this.hasRun) return Promise.resolve(null);
    return this.enqueue(async () => {
      await this.pageRun.captureAndSmooth();
      const evidence = this.pageRun.addSiteEvidenceIfRead();
      const early = await settledWithin(evidence, EVIDENCE_WAIT_MS);
      await this.show(this.state.mode);
      if (await this.evidenceAfterDrawing(evidence, early)) await this.show(this.state.mode);
      await this.pageRun.rememberSite();
      return this.status();
    }).catch((e) => {
      this.view.error(this.deps.friendlyError(errorMessage(e)));
      return null;
    });
  }

  get pageEffects(): { hidden: number; boxes: number; readerOpen: boolean } { return this.view.effects; }

  /**
   * After a run's first drawing: the site's evidence that was not in it. Added now when it was not tried before the
   * drawing (addSiteEvidence); waited for when it was under way but came later than EVIDENCE_WAIT_MS. Throws what
   * adding it failed with; answers whether what the mode shows changed since the drawing (draw again).
   */
  private async evidenceAfterDrawing(evidence: Promise<EarlyEvidence>, early: EarlyEvidence | typeof LATE):
    Promise<boolean> {
    const added = early === LATE ? await evidence : early;
    if (added && 'failure' in added) throw added.failure;
    // Added before the drawing, it is in it already.
    if (added) return early === LATE && added.changed;
    return this.pageRun.addSiteEvidence();
  }

  private async show(mode: Mode): Promise<void> {
    this.state.mode = mode;
    await this.labels.follow(); // new segments (a run, a re-smooth): the person's labels found on them again
    await this.view.show(this.state);
  }
}
