import type browser from 'webextension-polyfill';
import type { Handlers } from '../shared/protocol.ts';
import type { LabelsApi, PersonalModelInfo } from '../shared/labelsApi.ts';
import type { LabelStore } from './labelStore.ts';
import type { PersonalModelStore } from './personalModelStore.ts';
import { labelPageAddress } from './labelPages.ts';

type Sender = browser.Runtime.MessageSender;

export interface LabelHandlerDeps {
  labels: LabelStore;
  personal: PersonalModelStore;
  /** The version of the model runs use now (recorded in exported files). */
  modelVersion(): Promise<string>;
  /** Fits and keeps the personal model (improveModel.ts with the bundled model, its prior and the fit). */
  improve(): Promise<PersonalModelInfo>;
  now?: () => Date;
}

/**
 * The background's answers about labels and the personal model. A content script reads and replaces only the labels
 * of the page it runs in (the address the browser names as the sender, not one the message gives), so a page cannot
 * read what was labelled elsewhere; listing, exporting, importing, clearing and the model are for the extension's own
 * pages (the popup).
 */
export function labelHandlers(deps: LabelHandlerDeps, extensionBase: string): Handlers<LabelsApi, Sender> {
  const fromExtension = (sender: Sender) => sender.url?.startsWith(extensionBase) === true;
  const requireExtensionPage = (sender: Sender) => {
    if (!fromExtension(sender)) throw new Error('labels: only the extension\'s own pages may ask this');
  };
  const requireOwnPage = (url: unknown, sender: Sender) => {
    if (fromExtension(sender)) return;
    const own = sender.frameId === 0 && typeof sender.url === 'string' && typeof url === 'string' &&
      labelPageAddress(sender.url) === labelPageAddress(url);
    if (!own) throw new Error('labels: a page\'s content script may only ask for its own page\'s labels');
  };
  const now = deps.now ?? (() => new Date());
  return {
    pageLabels: async ({ url }, sender) => {
      requireOwnPage(url, sender);
      return deps.labels.load(url);
    },
    savePageLabels: async ({ page, basedOn }, sender) => {
      requireOwnPage(page?.url, sender);
      if (basedOn !== null && typeof basedOn !== 'string') throw new Error('labels: a save names the revision it read');
      return deps.labels.save(page, basedOn);
    },
    labelledPages: async (_, sender) => {
      requireExtensionPage(sender);
      return deps.labels.list();
    },
    exportLabels: async (_, sender) => {
      requireExtensionPage(sender);
      return deps.labels.exportAll({ createdAt: now().toISOString(), modelVersion: await deps.modelVersion() });
    },
    importAnnotations: async ({ files, replace }, sender) => {
      requireExtensionPage(sender);
      if (!Array.isArray(files)) throw new Error('labels: no files to import');
      return deps.labels.importFiles(files, replace === true);
    },
    clearLabels: async ({ url }, sender) => {
      requireExtensionPage(sender);
      return deps.labels.clear(url);
    },
    improveModel: async (_, sender) => {
      requireExtensionPage(sender);
      return deps.improve();
    },
    personalModel: async (_, sender) => {
      requireExtensionPage(sender);
      return (await deps.personal.load())?.info ?? null;
    },
    resetModel: async (_, sender) => {
      requireExtensionPage(sender);
      return { reset: await deps.personal.reset() };
    },
  };
}
