/**
 * What a site's block store holds (the in-memory form; storeJson.ts is the stored form). Nothing here is text: block
 * style cluster keys and page keys are hashes, words are 32-bit hashes, and a word's offsets in one block are its bit
 * array (offsetBits.ts).
 *
 * The layout follows the paper's index (001 §3.2): per block style cluster, per word, the list of (block, offset
 * sequence) elements — here (page, bit array) records, one per page, since a page has at most one block per cluster
 * (a position sequence is a path in that page's block tree, so it is unique within the page).
 */
import { DEFAULT_LANES } from './blocksOf.ts';

export interface WordRecord {
  /** Sequence number of the page (StoreData.pages). */
  page: number;
  /** The word's offset bit array in that page's block of this cluster. */
  bits: Uint32Array;
}

export interface ClusterData {
  /** Pages (sequence numbers, ascending) that had a block of this cluster, whether or not words of it remain. */
  pages: number[];
  /** Word hash → its records, in ascending page order. */
  words: Map<number, WordRecord[]>;
}

export interface StoreLimits {
  /** Largest size of the stored JSON (byteSize). */
  maxBytes: number;
  /** Most pages a cluster remembers; the oldest page's records leave the cluster first. */
  maxPagesPerCluster: number;
}

export interface StoreData {
  /** Uint32 lanes per bit array (the paper's k). */
  lanes: number;
  limits: StoreLimits;
  /** The next page's sequence number: pages are numbered in the order they were added. */
  next: number;
  /** Sequence number → page key (hashed address), for the pages some cluster still refers to. */
  pages: Map<number, string>;
  /** Block style cluster key → cluster. */
  clusters: Map<string, ClusterData>;
}

/**
 * 128 KiB per site: on iana (16 pages, one of them a 21 000-word registry) a 64 KiB budget already gives the same
 * decisions as an unbounded store (src/cli/bench/benchBlockClusters.ts), and storage.local's 10 MB then holds ~80 sites.
 * A window of 32 pages per cluster is ample for theta-share decisions and lets a changed template age out.
 */
export const DEFAULT_LIMITS: StoreLimits = { maxBytes: 128 * 1024, maxPagesPerCluster: 32 };
export const MAX_LANES = 8;

export function emptyStore(lanes = DEFAULT_LANES, limits: Partial<StoreLimits> = {}): StoreData {
  const l = { ...DEFAULT_LIMITS, ...limits };
  if (!Number.isInteger(lanes) || lanes < 1 || lanes > MAX_LANES) throw new Error(`block store: lanes must be 1–${MAX_LANES}`);
  if (!Number.isInteger(l.maxBytes) || l.maxBytes < 256) throw new Error('block store: maxBytes must be a whole number ≥ 256');
  if (!Number.isInteger(l.maxPagesPerCluster) || l.maxPagesPerCluster < 1) {
    throw new Error('block store: maxPagesPerCluster must be a whole number ≥ 1');
  }
  return { lanes, limits: l, next: 0, pages: new Map(), clusters: new Map() };
}

/** Sequence numbers of the stored pages with this page key (at most one, unless the data was built by hand). */
export function pagesWithKey(store: StoreData, key: string): Set<number> {
  const out = new Set<number>();
  for (const [seq, k] of store.pages) if (k === key) out.add(seq);
  return out;
}

/** Forgets page-table entries that no cluster refers to any more. */
export function dropUnreferencedPages(store: StoreData): void {
  const used = new Set<number>();
  for (const c of store.clusters.values()) for (const p of c.pages) used.add(p);
  for (const seq of [...store.pages.keys()]) if (!used.has(seq)) store.pages.delete(seq);
}
