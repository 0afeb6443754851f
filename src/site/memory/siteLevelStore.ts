/**
 * SiteLevel(θ) evidence kept across visits (000 §3 step 1, issue "Site memory"): for each remembered page of a site,
 * the set of its subtree hashes (nodeHash.ts) that can be evidence — nodes with visible text. Only hashes, never
 * text. A page is known by the hash of its address, so a reload replaces its entry instead of counting twice.
 *
 * Stored size: 4 bytes per hash. The 53-bit subtree hash is cut to its upper 32 bits here: two different subtrees of
 * one site sharing those bits is about a 1-in-4-billion event per pair, and a collision can only make one node look
 * repeated. At most `maxHashesPerPage` hashes are kept per page (the nodes with the least text first: templates are
 * small repeated blocks, the nodes with most text are the page's own containers).
 *
 * Immutable: `remember` returns a new store.
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { subtreeHashes } from '../nodeHash.ts';
import { encodeUint32Base64, decodeUint32Base64 } from '../../util/base64.ts';

export interface SiteLevelPage {
  /** Hash of the page's address (memoryKeys.ts). */
  readonly key: string;
  /** Sorted, distinct 32-bit subtree hashes of the page's nodes with text. */
  readonly hashes: Uint32Array;
}

export interface SiteLevelStore {
  readonly maxPages: number;
  /** Oldest first. */
  readonly pages: readonly SiteLevelPage[];
}

export interface SiteLevelStoreJson {
  maxPages: number;
  pages: Array<{ key: string; hashes: string }>;
}

export const MAX_HASHES_PER_PAGE = 1500;

/** Every node's subtree hash cut to 32 bits (what the store keeps). */
export function pageHashes32(s: PageSnapshot): Uint32Array {
  const full = subtreeHashes(s);
  const out = new Uint32Array(s.count);
  for (let i = 0; i < s.count; i++) out[i] = Math.floor(full[i] / 0x200000) >>> 0;
  return out;
}

/** The hashes one page contributes: nodes with text, fewest characters first, capped, then sorted and distinct. */
export function evidenceHashes(s: PageSnapshot, hashes: Uint32Array, max = MAX_HASHES_PER_PAGE): Uint32Array {
  const nodes: number[] = [];
  for (let i = 0; i < s.count; i++) if (s.textChars[i] > 0) nodes.push(i);
  if (nodes.length > max) nodes.sort((a, b) => s.textChars[a] - s.textChars[b]).length = max;
  const distinct = Uint32Array.from(new Set(nodes.map((i) => hashes[i])));
  return distinct.sort();
}

export function emptySiteLevelStore(maxPages: number): SiteLevelStore {
  if (!Number.isInteger(maxPages) || maxPages < 1) throw new RangeError(`SiteLevel store: maxPages must be ≥ 1, got ${maxPages}`);
  return { maxPages, pages: [] };
}

export function rememberHashes(store: SiteLevelStore, key: string, hashes: Uint32Array): SiteLevelStore {
  const pages = store.pages.filter((p) => p.key !== key);
  pages.push({ key, hashes });
  return { maxPages: store.maxPages, pages: pages.slice(Math.max(0, pages.length - store.maxPages)) };
}

/** On how many remembered pages (other than `exceptKey`) each hash occurs. */
export function pagesPerHash(store: SiteLevelStore, exceptKey?: string): { counts: Map<number, number>; pages: number } {
  const counts = new Map<number, number>();
  let pages = 0;
  for (const p of store.pages) {
    if (p.key === exceptKey) continue;
    pages++;
    for (const h of p.hashes) counts.set(h, (counts.get(h) ?? 0) + 1);
  }
  return { counts, pages };
}

export function siteLevelStoreToJson(store: SiteLevelStore): SiteLevelStoreJson {
  return { maxPages: store.maxPages, pages: store.pages.map((p) => ({ key: p.key, hashes: encodeUint32Base64(p.hashes) })) };
}

/** Throws with a message saying what is wrong when the stored form is damaged. */
export function siteLevelStoreFromJson(json: unknown): SiteLevelStore {
  const j = json as SiteLevelStoreJson;
  if (!j || typeof j !== 'object' || !Array.isArray(j.pages)) throw new Error('SiteLevel store: not an object with pages');
  const store = emptySiteLevelStore(j.maxPages);
  if (j.pages.length > store.maxPages) throw new Error(`SiteLevel store: ${j.pages.length} pages over its limit ${store.maxPages}`);
  const pages = j.pages.map((p): SiteLevelPage => {
    if (!p || typeof p.key !== 'string' || typeof p.hashes !== 'string') throw new Error('SiteLevel store: bad page entry');
    const hashes = decodeUint32Base64(p.hashes);
    for (let k = 1; k < hashes.length; k++) {
      if (hashes[k] <= hashes[k - 1]) throw new Error('SiteLevel store: page hashes are not sorted and distinct');
    }
    return { key: p.key, hashes };
  });
  return { maxPages: store.maxPages, pages };
}
