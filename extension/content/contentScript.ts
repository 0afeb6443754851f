/**
 * The content script, injected on demand (toolbar button, shortcut, context menu) or registered for the sites on
 * the "always run here" list. Injection can happen more than once per page; only the first copy stays.
 */
import browser from 'webextension-polyfill';
import { dispatch, type Handlers } from '../shared/protocol.ts';
import type { ContentApi } from '../shared/contentApi.ts';
import { loadSiteSettings, saveSiteSettings } from '../shared/settingsStore.ts';
import { callBackground } from '../shared/runtimeClient.ts';
import { friendlyError } from '../shared/friendlyErrors.ts';
import { WinnowController } from './winnowController.ts';
import { connectFrameWorker } from './frameWorkerEngine.ts';
import { inPageEngine } from './inPageEngine.ts';
import { connectBackgroundEngine } from './backgroundEngine.ts';
import { siteMemoryHost } from '../shared/siteMemoryApi.ts';

/** How long the worker frame may take to load and start before the in-page fallback takes over. */
const WORKER_START_TIMEOUT_MS = 4000;
/** How long the background may take to answer the engine's probe before small pages run in the page instead. */
const BACKGROUND_START_TIMEOUT_MS = 2000;

const marker = globalThis as { __winnowContent?: boolean };
if (!marker.__winnowContent) {
  marker.__winnowContent = true;
  start();
}

function start(): void {
  const controller = new WinnowController(document, {
    loadSettings: () => loadSiteSettings(location.href),
    saveSettings: async (patch) => { await saveSiteSettings(location.href, patch); },
    // Asked for on every capture (it loads while the page is captured): after "Improve the model" or a reset, the
    // popup's `rerun` must run with the model now in use, not the one this page first had.
    model: () => callBackground('model', {}),
    startEngine: async (ui) => {
      try {
        return await connectFrameWorker(ui.root, WORKER_START_TIMEOUT_MS);
      } catch (e) {
        console.warn(`Winnow: no worker (${e instanceof Error ? e.message : e}); running in the page instead`);
        return inPageEngine();
      }
    },
    pageEngine: async () => {
      try {
        return await connectBackgroundEngine(BACKGROUND_START_TIMEOUT_MS);
      } catch (e) {
        console.warn(`Winnow: the background cannot run the pipeline (${e instanceof Error ? e.message : e}); ` +
          'running in the page instead');
        return inPageEngine();
      }
    },
    friendlyError: (m) => friendlyError(m, location.href),
    siteMemory: siteMemoryOfPage(),
    labels: {
      load: (url) => callBackground('pageLabels', { url }),
      save: (page, basedOn) => callBackground('savePageLabels', { page, basedOn }),
    },
  });

  const handlers: Handlers<ContentApi, browser.Runtime.MessageSender> = {
    ping: () => ({ ran: controller.hasRun }),
    run: ({ mode }) => controller.run(mode),
    setMode: ({ mode }) => controller.setMode(mode),
    setOptions: (options) => controller.setOptions(options),
    status: () => controller.status(),
    forgetSite: () => controller.forgetSite(),
    exportAnnotations: () => controller.exportAnnotations(),
    saveArticle: ({ format }) => controller.saveArticle(format),
    labelsChanged: () => controller.labelsChanged(),
    checkLabels: ({ labels }) => controller.checkLabels(labels),
    rerun: () => controller.rerun(),
  };
  browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) =>
    dispatch('winnow/content', handlers, message, sender));

  void loadSiteSettings(location.href).then((s) => {
    if (s.alwaysRun && s.mode !== 'off') void controller.run(s.mode).catch(() => {});
  });
}

/** The background keeps each site's memory; it answers this page with its own site's only. */
function siteMemoryOfPage() {
  const host = siteMemoryHost(location.href);
  return host ? {
    host,
    deps: {
      load: () => callBackground('loadSiteMemory', {}),
      save: (memory: string, basedOn: string) => callBackground('saveSiteMemory', { memory, basedOn }),
    },
  } : null;
}
