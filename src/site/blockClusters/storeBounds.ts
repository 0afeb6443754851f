/**
 * Keeping a site's store under its byte budget (`limits.maxBytes`, measured as the length of its JSON).
 *
 * The per-cluster page window (storePages.ts) bounds each cluster; this bounds the whole site. When a new page pushes
 * the store over budget, it gives up, in this order, re-measuring after each step and stopping as soon as it fits:
 * 1. Low-df records, page by page, oldest first and the page just added last. The paper skips low-df words when it
 *    scans for template words (001 §4, "Skip low df words": template words occur on many pages, and by Zipf's law the
 *    words of low df are a large share of the index). A record is low-df when its word has no other record in the
 *    cluster: nothing on any other remembered page shares it, so it supports no template decision now. Article words
 *    are almost all of this kind, which is why this step frees most of the space on content-heavy sites; losing one
 *    costs at most one page of support if the word repeats later. The new page's own unshared words go last (its
 *    largest blocks first), but before step 2: one huge page (a 20 000-word registry table) should not push the
 *    site's shared words out.
 * 2. Whole pages, oldest first, never the page just added: what is left is shared evidence, and thinning it evenly
 *    (every cluster loses its oldest page) keeps every template with fewer pages of support, where dropping whole
 *    clusters would forget some templates entirely. Clusters left without pages go with them.
 * 3. Only if the page just added is on its own larger than the budget: its clusters, largest first. The bound holds
 *    always.
 * With a budget so small that step 2 runs on every visit, only the newest few pages are remembered, and templates
 * need minSupport + 1 of them: the budget is meant to hold a few pages' worth of unshared words.
 */
import { clusterJsonLength, storeJsonLength } from './storeSize.ts';
import { dropUnreferencedPages, type ClusterData, type StoreData } from './storeData.ts';
import { removePages } from './storePages.ts';

export function storeByteSize(store: StoreData): number {
  return storeJsonLength(store);
}

/** Frees space as described above until the store fits `limits.maxBytes`; `newest` is the page just added. */
export function enforceByteBudget(store: StoreData, newest: number): void {
  const max = store.limits.maxBytes;
  const fits = () => storeJsonLength(store) <= max;
  if (fits()) return;

  const older = [...store.pages.keys()].filter((p) => p !== newest).sort((a, b) => a - b);
  for (const page of older) {
    if (dropLowDfRecords([...store.clusters.values()], page) && fits()) return;
  }
  // The new page's unshared words: its largest blocks first (articles), so its short blocks (a menu, a footer: the
  // likely templates) get their chance to be shared by the next page even when the budget is tight.
  const newestClusters = [...store.clusters.values()].filter((c) => c.pages.includes(newest))
    .sort((a, b) => b.words.size - a.words.size);
  for (const c of newestClusters) {
    if (dropLowDfRecords([c], newest) && fits()) return;
  }
  for (const page of older) {
    removePages(store, new Set([page]));
    if (fits()) return;
  }
  const bySize = [...store.clusters].map(([key, c]) => ({ key, size: clusterJsonLength(key, c, store.lanes) }))
    .sort((a, b) => b.size - a.size || (a.key < b.key ? -1 : 1));
  for (const { key } of bySize) {
    store.clusters.delete(key);
    dropUnreferencedPages(store);
    if (fits()) return;
  }
}

/** Removes the records of `page` in `clusters` whose word has no other record in its cluster. Returns whether any went. */
function dropLowDfRecords(clusters: readonly ClusterData[], page: number): boolean {
  let dropped = false;
  for (const c of clusters) {
    if (!c.pages.includes(page)) continue;
    for (const [word, records] of c.words) {
      if (records.length === 1 && records[0].page === page) {
        c.words.delete(word);
        dropped = true;
      }
    }
  }
  return dropped;
}
