import type browser from 'webextension-polyfill';
import type { Handlers } from '../shared/protocol.ts';
import { siteMemoryHost, type SiteMemoryApi } from '../shared/siteMemoryApi.ts';
import type { SiteMemoryStore } from './siteMemoryStore.ts';

type Sender = browser.Runtime.MessageSender;

/**
 * The background's answers about site memory. A content script only ever gets or replaces the memory of the site
 * its own page is on (taken from the sender the browser names, not from the message), so a page cannot read which
 * other sites were visited; listing, forgetting and exporting are for extension pages (the popup) only.
 */
export function siteMemoryHandlers(store: SiteMemoryStore, extensionBase: string): Handlers<SiteMemoryApi, Sender> {
  const requireExtensionPage = (sender: Sender) => {
    if (!sender.url?.startsWith(extensionBase)) {
      throw new Error('site memory: only the extension\'s own pages may ask this');
    }
  };
  return {
    loadSiteMemory: (_, sender) => store.load(pageHost(sender)),
    saveSiteMemory: ({ memory, basedOn }, sender) => store.save(pageHost(sender), memory, basedOn),
    siteMemoryInfo: ({ url }, sender) => {
      requireExtensionPage(sender);
      return store.info(siteMemoryHost(url));
    },
    forgetSite: async ({ url }, sender) => {
      requireExtensionPage(sender);
      const host = siteMemoryHost(url);
      if (host) await store.forget(host);
      return store.info(host);
    },
    forgetAllSites: (_, sender) => {
      requireExtensionPage(sender);
      return store.forgetAll();
    },
    exportSiteMemory: (_, sender) => {
      requireExtensionPage(sender);
      return store.exportAll();
    },
  };
}

/** The site of the top-frame page whose content script sent the message. */
function pageHost(sender: Sender): string {
  const host = sender.frameId === 0 && sender.url ? siteMemoryHost(sender.url) : null;
  if (!host) throw new Error('site memory: only a web page\'s own content script may ask for its site');
  return host;
}
