/**
 * The site memory as the extension's parts pass it around: the background keeps one SiteMemory JSON per site in
 * storage.local, the content script fetches its site's and hands it to the worker, which computes the page's evidence
 * and gives back the memory with the page added. Only hashes, skeletons and bit arrays travel: never page text.
 */
import type { Method } from './protocol.ts';
import { parseUrl } from './parseUrl.ts';
import { siteOfHost } from '../../src/site/siteName.ts';

/** The site whose memory a page uses (src/site/siteName.ts); null for pages without one (files, browser pages). */
export function siteMemoryHost(url: string): string | null {
  const u = parseUrl(url);
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return null;
  return siteOfHost(u.hostname);
}

/** What the content script gets for its page's site. */
export interface SiteMemoryLoad {
  host: string;
  /** The stored SiteMemory as JSON text; null for a site not seen yet (or whose stored data was dropped). */
  memory: string | null;
  /** Pages the stored memory holds. */
  pages: number;
  /** Set when the stored data was damaged or over its cap and has been dropped (this site only). */
  problem: string | null;
  /** Give back with the save: a memory that changed since (forgotten, another tab's page) is not overwritten. */
  version: string;
}

/** The answer to storing a site's memory after a run. */
export interface SiteMemorySave {
  host: string;
  /** Pages remembered for the site now (unchanged when the memory was not stored). */
  pages: number;
  bytes: number;
  stored: boolean;
  /** Sites dropped, least recently used first, to stay under the total cap. */
  evicted: string[];
  problem: string | null;
}

/** What the popup shows about the site memory. */
export interface SiteMemoryInfo {
  host: string | null;
  /** Pages remembered for this host. */
  pages: number;
  bytes: number;
  /** All sites remembered, and their bytes together. */
  sites: number;
  totalBytes: number;
}

export const SITE_MEMORY_EXPORT_FORMAT = 'winnow-site-memory-export';

/** "Export site memory": every site's stored memory (SiteMemory JSON: hashes, skeletons, bit arrays; no text). */
export interface SiteMemoryExport {
  format: typeof SITE_MEMORY_EXPORT_FORMAT;
  version: 1;
  createdAt: string;
  caps: { perSiteBytes: number; totalBytes: number };
  /** `memory`: a SiteMemory's JSON (src/site/memory/siteMemory.ts), as an object. */
  sites: Array<{ host: string; lastUsed: string; pages: number; bytes: number; memory: unknown }>;
}

/** Why a page's site evidence was not used (and the page is not remembered). */
export type SetAside = 'copy' | 'large';

/** The site evidence a run used, as the worker reports it. */
export interface SiteEvidenceWire {
  /** Other pages of the site the evidence came from. */
  pagesSeen: number;
  /** Methods that had enough pages to say anything (siteLevel, rtdm, blocks). */
  methods: string[];
  /** Nodes marked as site-level template. */
  templateNodes: number;
  /** Set when the page looked like a copy of a remembered page and its evidence was not used. */
  setAside: SetAside | null;
  /** Reading the memory and finding the evidence. */
  ms: number;
}

/** The site memory as the worker read it, ahead of classifying. */
export interface SiteMemoryReadWire {
  pages: number;
  /** Of those, the pages other than the one the memory was read for (all when none was named): its evidence's. */
  otherPages: number;
  /** Set when the text could not be read (the memory started afresh). */
  problem: string | null;
  ms: number;
}

/** The site memory with the run's page added. */
export interface RememberedWire {
  /** JSON text (see siteMemoryStore.ts for why text), to be stored. */
  memory: string;
  pagesRemembered: number;
  ms: number;
}

/**
 * The background's site memory messages. The content script's two take the site from the sender (a page gets its own
 * site's memory, no other); the popup's name the tab's address and are refused from anything but extension pages.
 */
export interface SiteMemoryApi {
  loadSiteMemory: Method<Record<string, never>, SiteMemoryLoad>;
  saveSiteMemory: Method<{ memory: string; basedOn: string }, SiteMemorySave>;
  siteMemoryInfo: Method<{ url: string }, SiteMemoryInfo>;
  forgetSite: Method<{ url: string }, SiteMemoryInfo>;
  /** Answers how many sites were forgotten. */
  forgetAllSites: Method<Record<string, never>, number>;
  exportSiteMemory: Method<Record<string, never>, SiteMemoryExport>;
}
