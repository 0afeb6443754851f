/**
 * Kreuzer-format pages (people's blocks on rendered pages) as training and test pages for the graph segmenters, and
 * the split by site that keeps every page's site out of the data its model learned from.
 */
import { fnv1a } from '../../datasets/siteSplit.ts';
import { segmentationTree } from '../../../segmentation/segmentationTree.ts';
import type { TrainingPage } from '../../../segmentation/learnCosts.ts';
import type { ClassifiedKreuzerPage } from './segmentationEval.ts';

/** Which of the human segmentations is the truth: the finest (sub-blocks) or the top-level blocks. */
export type Granularity = 'innermost' | 'outermost';

export interface KreuzerTrainingPage extends TrainingPage {
  source: ClassifiedKreuzerPage;
  granularity: Granularity;
}

export function kreuzerTrainingPage(p: ClassifiedKreuzerPage, granularity: Granularity): KreuzerTrainingPage {
  const snapshot = p.classified.snapshot;
  const tree = segmentationTree(snapshot);
  return {
    snapshot, tree, truth: Int32Array.from(tree.nodeOf, (i) => p.truth[granularity][i]), scores: p.classified.scores,
    source: p, granularity,
  };
}

/**
 * `folds` groups of pages, a site's pages always in one group: sites are dealt round-robin in order of a hash of
 * their name, so the split does not follow the alphabet and does not change when pages are added to other sites.
 */
export function foldsBySite<T>(items: T[], siteOf: (item: T) => string, folds: number): T[][] {
  const sites = [...new Set(items.map(siteOf))].sort((a, b) => fnv1a(a) - fnv1a(b) || a.localeCompare(b));
  const foldOfSite = new Map(sites.map((site, k) => [site, k % folds]));
  const out: T[][] = Array.from({ length: folds }, () => []);
  for (const item of items) out[foldOfSite.get(siteOf(item))!].push(item);
  return out;
}
