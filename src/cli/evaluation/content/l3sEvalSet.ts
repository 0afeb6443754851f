import { sharedDataset } from '../../datasets/dataPaths.ts';
import { L3S_HOLDOUT_PERCENT, loadL3sPages } from '../../datasets/l3sPages.ts';
import { splitBySite } from '../../datasets/siteSplit.ts';
import type { EvalSet } from './evalPage.ts';

/**
 * Main content for extraction: headline (1), full text (2) and supplemental (3). Related content (4) and user
 * comments (5) are not the article, even though the templateness model counts comments as non-template.
 */
export const L3S_MAIN_CONTENT_CLASSES: readonly number[] = [1, 2, 3];

/**
 * L3S-GN1's held-out half only: the shipped model was trained on the other sites' pages. The annotated page is
 * rendered (the model was trained and measured on it) and the gold is read from its spans inside the page.
 */
export async function l3sEvalSet(): Promise<EvalSet> {
  const all = await loadL3sPages(sharedDataset('l3s-gn1'));
  const { test } = splitBySite(all, L3S_HOLDOUT_PERCENT);
  return {
    name: 'l3s',
    description: `L3S-GN1: the ${test.length} held-out pages (of ${all.length}; sites split by FNV-1a, ` +
      `${L3S_HOLDOUT_PERCENT}%) of the shipped model's training run; annotated/ID.html rendered; ` +
      'gold = text of the x-nc-sel1/2/3 spans (headline, full text, supplemental)',
    pages: test.map((p) => ({ id: p.id, path: p.path, gold: { l3sClasses: L3S_MAIN_CONTENT_CLASSES } })),
  };
}
