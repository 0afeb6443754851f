import type { Method } from './protocol.ts';
import type { Mode } from './settings.ts';
import type { RunStatus } from './runStatus.ts';
import type { SiteMemoryApi } from './siteMemoryApi.ts';

export interface ModelInfo {
  json: unknown;
  /** Name and version of the weights, recorded in exports. */
  version: string;
}

/** Messages the background service worker answers (the site memory's in SiteMemoryApi). */
export interface BackgroundApi extends SiteMemoryApi {
  /** Injects the content script if needed and runs Winnow on the tab with its site's settings. */
  runOnTab: Method<{ tabId: number; mode?: Mode }, RunStatus>;
  /** The bundled model weights (the content script cannot read extension files on every browser). */
  model: Method<Record<string, never>, ModelInfo>;
  /** Re-reads the "always run" list and (un)registers the content script for those sites. */
  syncAlwaysRun: Method<Record<string, never>, string[]>;
}
