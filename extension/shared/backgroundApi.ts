import type { Method } from './protocol.ts';
import type { Mode } from './settings.ts';
import type { RunStatus } from './runStatus.ts';
import type { SiteMemoryApi } from './siteMemoryApi.ts';
import type { LabelsApi } from './labelsApi.ts';

export interface ModelInfo {
  json: unknown;
  /** Name and version of the weights, recorded in exports (a personal model's says "personal"). */
  version: string;
  /** The person's own model (fitted on their labels) rather than the bundled one. */
  personal: boolean;
  /** Why a kept personal model was dropped (damaged, or for another feature schema); null when nothing was. */
  problem: string | null;
}

/** Messages the background service worker answers (the site memory's in SiteMemoryApi, labels' in LabelsApi). */
export interface BackgroundApi extends SiteMemoryApi, LabelsApi {
  /** Injects the content script if needed and runs Winnow on the tab with its site's settings. */
  runOnTab: Method<{ tabId: number; mode?: Mode }, RunStatus>;
  /**
   * The model weights runs use: the personal model when one is kept, else the bundled one (the content script cannot
   * read extension files on every browser).
   */
  model: Method<Record<string, never>, ModelInfo>;
  /** Re-reads the "always run" list and (un)registers the content script for those sites. */
  syncAlwaysRun: Method<Record<string, never>, string[]>;
}
