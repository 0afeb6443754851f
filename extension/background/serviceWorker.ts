/**
 * The background service worker: starts runs (popup, shortcut, context menu), hands out the bundled model, keeps
 * the "always run here" registrations in step with settings, keeps every site's memory (siteMemoryStore.ts), a
 * person's labels (labelStore.ts) and the personal model fitted on them (personalModelStore.ts, improveModel.ts).
 * It never makes a network request.
 */
import browser from 'webextension-polyfill';
import { dispatch, type Handlers } from '../shared/protocol.ts';
import type { BackgroundApi } from '../shared/backgroundApi.ts';
import type { Mode } from '../shared/settings.ts';
import { runOnTab } from './runOnTab.ts';
import { callTab } from '../shared/runtimeClient.ts';
import { bundledModel, bundledPrior, modelInUse } from './modelFile.ts';
import { syncAlwaysRun } from './alwaysRun.ts';
import { clearFailure, reportFailure } from './reportFailure.ts';
import { SiteMemoryStore } from './siteMemoryStore.ts';
import { siteMemoryHandlers } from './siteMemoryHandlers.ts';
import { LabelStore } from './labelStore.ts';
import { labelHandlers } from './labelHandlers.ts';
import { PersonalModelStore } from './personalModelStore.ts';
import { improveModel } from './improveModel.ts';
import { fitPersonalModel } from '../../src/model/personalFit.ts';
import { serveEnginePorts } from './enginePorts.ts';

export const RUN_COMMAND = 'run-winnow';

const MENU: Array<{ id: string; title: string; mode: Mode }> = [
  { id: 'winnow-highlight', title: 'Winnow: highlight template parts', mode: 'highlight' },
  { id: 'winnow-hide', title: 'Winnow: hide template parts', mode: 'hide' },
  { id: 'winnow-reader', title: 'Winnow: reader view', mode: 'reader' },
];

/** Context menu items that save the clean page (run first when Winnow has not run on it yet). */
const SAVE_MENU: Array<{ id: string; title: string; format: 'markdown' | 'html' }> = [
  { id: 'winnow-save-markdown', title: 'Winnow: save clean page as Markdown', format: 'markdown' },
  { id: 'winnow-save-html', title: 'Winnow: save clean page as HTML', format: 'html' },
];

const siteMemory = new SiteMemoryStore(browser.storage.local);
const labels = new LabelStore(browser.storage.local);
const personalModel = new PersonalModelStore(browser.storage.local);

const handlers: Handlers<BackgroundApi, browser.Runtime.MessageSender> = {
  runOnTab: ({ tabId, mode }) => runOnTab(tabId, mode),
  model: () => modelInUse(personalModel),
  syncAlwaysRun: () => syncAlwaysRun(),
  ...siteMemoryHandlers(siteMemory, browser.runtime.getURL('')),
  ...labelHandlers({
    labels,
    personal: personalModel,
    modelVersion: async () => (await modelInUse(personalModel)).version,
    improve: () => improveModel({
      pages: () => labels.allPages(),
      bundled: bundledModel,
      prior: bundledPrior,
      fit: fitPersonalModel,
      store: personalModel,
    }),
  }, browser.runtime.getURL('')),
};

serveEnginePorts();

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) =>
  dispatch('winnow/background', handlers, message, sender));

async function runFromBrowserUi(tabId: number | undefined, mode?: Mode): Promise<void> {
  if (tabId === undefined || tabId < 0) return;
  try {
    await clearFailure(tabId);
    await runOnTab(tabId, mode);
  } catch (e) {
    await reportFailure(tabId, e);
  }
}

async function saveFromBrowserUi(tabId: number | undefined, format: 'markdown' | 'html'): Promise<void> {
  if (tabId === undefined || tabId < 0) return;
  try {
    await clearFailure(tabId);
    await runOnTab(tabId);
    await callTab(tabId, 'saveArticle', { format });
  } catch (e) {
    await reportFailure(tabId, e);
  }
}

browser.commands.onCommand.addListener((command: string, tab?: browser.Tabs.Tab) => {
  if (command !== RUN_COMMAND) return;
  const run = async () => {
    const id = tab?.id ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
    await runFromBrowserUi(id);
  };
  void run();
});

browser.contextMenus.onClicked.addListener((info, tab) => {
  const item = MENU.find((m) => m.id === info.menuItemId);
  if (item) void runFromBrowserUi(tab?.id, item.mode);
  const save = SAVE_MENU.find((m) => m.id === info.menuItemId);
  if (save) void saveFromBrowserUi(tab?.id, save.format);
});

browser.runtime.onInstalled.addListener(() => {
  void browser.contextMenus.removeAll().then(() => {
    for (const m of [...MENU, ...SAVE_MENU]) browser.contextMenus.create({ id: m.id, title: m.title, contexts: ['page'] });
  });
  void syncAlwaysRun().catch(() => {});
});

// Site permissions can be withdrawn in the browser's own settings: keep the registrations honest.
browser.permissions.onRemoved.addListener(() => { void syncAlwaysRun().catch(() => {}); });
