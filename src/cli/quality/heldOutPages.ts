import { sharedDataset } from '../datasets/dataPaths.ts';
import { join } from 'node:path';
import { loadScrapinghubPages, splitWcxb } from '../datasets/scrapinghubPages.ts';
import { dragnetEvalSet } from '../evaluation/content/dragnetEvalSet.ts';
import { cleanevalEvalSet } from '../evaluation/content/cleanevalEvalSet.ts';
import type { LabelledPage } from '../datasets/labelledPage.ts';

/** A held-out page with its gold main text, ready to capture (ids prefixed per set, as in the capture cache). */
export interface GoldPage extends LabelledPage {
  set: 'wcxb' | 'dragnet' | 'cleaneval';
  pageType: string;
  gold: string;
  with: string[];
  without: string[];
}

/**
 * The pages no model is trained on, from every set with a gold text: wcxb-dev's held-out sites, Dragnet's held-out
 * sites (and its pages in no site), CleanEval whole.
 */
export async function heldOutGoldPages(sets: ReadonlyArray<GoldPage['set']> = ['wcxb', 'dragnet', 'cleaneval']):
  Promise<GoldPage[]> {
  const out: GoldPage[] = [];
  if (sets.includes('wcxb')) {
    const dir = sharedDataset('wcxb-dev');
    const { pages } = await loadScrapinghubPages(join(dir, 'pages'), join(dir, 'ground-truth.json'));
    for (const p of splitWcxb(pages).test) {
      out.push({ id: `wcxb-${p.id}`, site: p.site, path: p.path, url: p.url, set: 'wcxb', pageType: p.pageType,
        gold: p.articleBody, with: p.with, without: p.without });
    }
  }
  if (sets.includes('dragnet')) {
    for (const p of (await dragnetEvalSet()).pages) {
      if (!('text' in p.gold)) continue;
      out.push({ id: `dragnet-${p.id}`, site: `dragnet-${p.id}`, path: p.path, url: '', set: 'dragnet',
        pageType: 'article', gold: p.gold.text, with: [], without: [] });
    }
  }
  if (sets.includes('cleaneval')) {
    for (const p of (await cleanevalEvalSet()).pages) {
      if (!('text' in p.gold)) continue;
      out.push({ id: `cleaneval-${p.id}`, site: `cleaneval-${p.id}`, path: p.path, url: '', set: 'cleaneval',
        pageType: 'mixed', gold: p.gold.text, with: [], without: [] });
    }
  }
  return out;
}
