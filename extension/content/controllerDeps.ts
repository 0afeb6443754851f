import type { PageLabels } from '../shared/labelsApi.ts';
import type { SiteSettings } from '../shared/settings.ts';
import type { PageUi } from './pageUi.ts';
import type { PipelineEngine } from './pipelineEngine.ts';
import type { SiteMemoryDeps } from './siteMemoryRun.ts';

/**
 * What the content script needs from outside the page (the browser, the background): injected, so tests can fake it.
 * contentScript.ts gives the real ones.
 */
export interface ControllerDeps {
  loadSettings(): Promise<SiteSettings>;
  saveSettings(patch: Partial<SiteSettings>): Promise<void>;
  model(): Promise<{ json: unknown; version: string }>;
  /** Starts a pipeline engine (worker if possible, else in-page) in the given UI root. */
  startEngine(ui: PageUi): Promise<PipelineEngine>;
  /**
   * The first engine for pages small enough that it answers before a worker could start (pageRun.ts says when): the
   * extension's background, or the page's own thread when that cannot be reached. Absent: every page goes to
   * `startEngine`'s.
   */
  pageEngine?(): PipelineEngine | Promise<PipelineEngine>;
  /** What to tell the person about a failed run. */
  friendlyError(message: string): string;
  /** The page's site memory; absent for pages without a site (files), which then run page-level only. */
  siteMemory?: { host: string; deps: SiteMemoryDeps } | null;
  /** Where the person's labels of this page are kept (the background); absent: labels live only as long as the page. */
  labels?: LabelStoreDeps | null;
}

/** The background's label store as the content script uses it (LabelsApi's pageLabels and savePageLabels). */
export interface LabelStoreDeps {
  /**
   * The labels kept for the page's address; `problem` says when stored data was damaged and dropped; `revision` names
   * what was read, for the next save.
   */
  load(url: string): Promise<{ page: PageLabels | null; problem: string | null; revision: string | null }>;
  /**
   * Replaces the page's labels with these (an empty list removes the page) when storage still holds `basedOn`; fails
   * when storage refuses them, with LABELS_CHANGED_ELSEWHERE when they changed since (another tab, an import, a clear).
   */
  save(page: PageLabels, basedOn: string | null): Promise<{ revision: string | null }>;
}

/** What the run uses of them (pageRun.ts). */
export type RunDeps = Pick<ControllerDeps, 'model' | 'startEngine' | 'pageEngine' | 'siteMemory'>;
