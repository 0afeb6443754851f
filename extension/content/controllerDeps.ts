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
  /** What to tell the person about a failed run. */
  friendlyError(message: string): string;
  /** The page's site memory; absent for pages without a site (files), which then run page-level only. */
  siteMemory?: { host: string; deps: SiteMemoryDeps } | null;
}

/** What the run uses of them (pageRun.ts). */
export type RunDeps = Pick<ControllerDeps, 'model' | 'startEngine' | 'siteMemory'>;
