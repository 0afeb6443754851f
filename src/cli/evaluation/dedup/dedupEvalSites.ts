/**
 * The sites `winnow eval --dataset dedup` measures: pages of one site, so that (almost) every pair is two distinct
 * articles and a pair flagged as near-duplicate is mostly a false positive made by the template text they share
 * (000 §6.2, 003 §5.2). Sites trained on are measured too, marked, because the question is what cleaning does to the
 * pairs rather than how well the model generalises; the report's held-out totals give the honest subset.
 */
import { sharedDataset } from '../../datasets/dataPaths.ts';
import { DRAGNET_HOLDOUT_PERCENT, loadDragnetPages } from '../../datasets/dragnetPages.ts';
import { L3S_HOLDOUT_PERCENT, loadL3sPages } from '../../datasets/l3sPages.ts';
import { splitBySite } from '../../datasets/siteSplit.ts';
import { byNaturalName } from '../../datasets/naturalOrder.ts';
import type { LabelledPage } from '../../datasets/labelledPage.ts';

export type DedupDatasetName = 'dragnet' | 'l3s';

export const DEDUP_DATASETS: readonly DedupDatasetName[] = ['dragnet', 'l3s'];

/**
 * Fewest pages a measured site has. Dragnet: the 30 sites with ten or more pages (341 pages, 1,885 same-site pairs;
 * a site of two pages adds one pair and a table row). L3S-GN1 has only four sites with ten, so three there: 42 sites,
 * 199 pages and 512 of its 569 same-site pairs.
 */
export const MIN_SITE_PAGES: Record<DedupDatasetName, number> = { dragnet: 10, l3s: 3 };

export interface DedupEvalSite {
  dataset: DedupDatasetName;
  site: string;
  /** Whether the shipped model's split held the site out of training (dragnetPages.ts, l3sPages.ts). */
  heldOut: boolean;
  /** In natural order of their ids. */
  pages: LabelledPage[];
}

/** Every measured site of both datasets, in dataset order then by site name; `limit` keeps the first N of each. */
export async function dedupEvalSites(limit?: number): Promise<DedupEvalSite[]> {
  const loaded: Record<DedupDatasetName, { pages: LabelledPage[]; holdout: number }> = {
    dragnet: { pages: await loadDragnetPages(sharedDataset('dragnet')), holdout: DRAGNET_HOLDOUT_PERCENT },
    l3s: { pages: await loadL3sPages(sharedDataset('l3s-gn1')), holdout: L3S_HOLDOUT_PERCENT },
  };
  const sites: DedupEvalSite[] = [];
  for (const dataset of DEDUP_DATASETS) {
    const { pages, holdout } = loaded[dataset];
    const heldOut = new Set(splitBySite(pages, holdout).test.map((p) => p.site));
    const bySite = new Map<string, LabelledPage[]>();
    for (const p of pages) bySite.set(p.site, [...(bySite.get(p.site) ?? []), p]);
    const chosen = [...bySite].filter(([, list]) => list.length >= MIN_SITE_PAGES[dataset])
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([site, list]) => ({
        dataset, site, heldOut: heldOut.has(site), pages: list.sort((a, b) => byNaturalName(a.id, b.id)),
      }));
    sites.push(...(limit === undefined ? chosen : chosen.slice(0, Math.max(0, limit))));
  }
  return sites;
}
