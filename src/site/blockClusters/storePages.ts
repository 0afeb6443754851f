/**
 * Adding a page's blocks to a site's store and taking a page out again.
 *
 * Adding is the paper's index-building pass (001 §3.2): each block joins its block style cluster (created on first
 * sight: the paper's single-pass clustering with exact equality), and each of its words appends one record (page,
 * bit array) to that cluster's list for the word. Blocks without words add nothing: they can never be template by
 * word ratio.
 *
 * Per-cluster window (bounded storage, not in the paper): a cluster remembers at most `maxPagesPerCluster` pages;
 * when a new page would exceed that, the oldest page's records leave the cluster. So every cluster's size is bounded
 * by its window whatever the site's size, and old versions of a template (a menu that changed last year) decay out.
 */
import type { Block } from './blocksOf.ts';
import { dropUnreferencedPages, pagesWithKey, type ClusterData, type StoreData } from './storeData.ts';

/** Removes every record and cluster membership of the given pages; clusters left with no page are deleted. */
export function removePages(store: StoreData, pages: ReadonlySet<number>): void {
  if (pages.size === 0) return;
  for (const [key, cluster] of store.clusters) {
    if (!cluster.pages.some((p) => pages.has(p))) continue;
    cluster.pages = cluster.pages.filter((p) => !pages.has(p));
    removeRecords(cluster, pages);
    if (cluster.pages.length === 0) store.clusters.delete(key);
  }
  for (const p of pages) store.pages.delete(p);
}

function removeRecords(cluster: ClusterData, pages: ReadonlySet<number>): void {
  for (const [word, records] of cluster.words) {
    const kept = records.filter((r) => !pages.has(r.page));
    if (kept.length === 0) cluster.words.delete(word);
    else if (kept.length !== records.length) cluster.words.set(word, kept);
  }
}

/**
 * Adds one page (its blocks, from blocksOf with the store's lane count) under `pageKey`; an earlier page with the same
 * key is replaced. Returns the page's sequence number.
 */
export function addPageBlocks(store: StoreData, pageKey: string, blocks: readonly Block[]): number {
  removePages(store, pagesWithKey(store, pageKey));
  const seq = store.next++;
  store.pages.set(seq, pageKey);
  for (const block of blocks) {
    if (block.wordCount === 0) continue;
    let cluster = store.clusters.get(block.key);
    if (!cluster) {
      cluster = { pages: [], words: new Map() };
      store.clusters.set(block.key, cluster);
    }
    // A position sequence is unique within a page, so a page meets a cluster at most once; a second block with the
    // same key would only come from a hash collision, and then the first block's records stand.
    if (cluster.pages[cluster.pages.length - 1] === seq) continue;
    cluster.pages.push(seq);
    for (const [word, bits] of block.words) {
      if (bits.length !== store.lanes) throw new Error(`block store: bit arrays have ${bits.length} lanes, the store ${store.lanes}`);
      const records = cluster.words.get(word);
      if (records) records.push({ page: seq, bits });
      else cluster.words.set(word, [{ page: seq, bits }]);
    }
    while (cluster.pages.length > store.limits.maxPagesPerCluster) {
      const oldest = cluster.pages.shift()!;
      removeRecords(cluster, new Set([oldest]));
    }
  }
  dropUnreferencedPages(store);
  return seq;
}
