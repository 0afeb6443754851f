import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { datasetDir } from './dataPaths.ts';
import { decodeText } from './decodeText.ts';
import { loadScrapinghubPages, splitWcxb } from './scrapinghubPages.ts';
import { DRAGNET_HOLDOUT_PERCENT, loadDragnetPages } from './dragnetPages.ts';
import { splitBySite } from './siteSplit.ts';
import type { LabelledPage } from './labelledPage.ts';

/** A page whose labels come from aligning a gold main text with its DOM (src/eval/goldAlignment.ts). */
export interface GoldPage extends LabelledPage {
  source: 'dragnet' | 'wcxb';
  /** The text people (Dragnet) or a reviewed draft (wcxb's articleBody) call the page's content. */
  gold: string;
  /** wcxb's page_type (article, forum, product, …); 'article' for Dragnet's news and blog posts. */
  pageType: string;
}

export interface GoldSplit {
  train: GoldPage[];
  /** Pages of held-out sites: measured on, never trained on. */
  test: GoldPage[];
}

/** A line of symbols then COMMENTS (typed loosely by Dragnet's annotators, see dragnetGold.ts). */
const DRAGNET_COMMENTS_LINE = /^[ \t]*(?:[!@#$%^&*()][ \t]*){5,}COMMENTS[ \t\r]*$/gm;

/**
 * Dragnet's pages of sites.json split by site with the content evaluation's hold-out. The gold is the whole of
 * gold/N.txt without the separator line: user comments stay content, as L3S's human labels (class 5) count them, so
 * both label sources agree on what a comment block is. Held-out pages use no address (as the content evaluation and
 * the shared held-out captures do); training pages the site's root, as SiteLevel training always did (ids are
 * `dragnet-N` either way, so the capture cache is shared).
 */
export async function dragnetGoldPages(pathOrArchive: string): Promise<GoldSplit> {
  const dir = datasetDir(pathOrArchive);
  const { train, test } = splitBySite(await loadDragnetPages(dir), DRAGNET_HOLDOUT_PERCENT);
  const withGold = async (p: LabelledPage, url: string): Promise<GoldPage> => {
    const file = join(dir, 'gold', `${p.id.replace(/^dragnet-/, '')}.txt`);
    const gold = decodeText(await readFile(file)).replace(DRAGNET_COMMENTS_LINE, '');
    return { ...p, url, source: 'dragnet', gold, pageType: 'article' };
  };
  return {
    train: await Promise.all(train.map((p) => withGold(p, p.url))),
    test: await Promise.all(test.map((p) => withGold(p, ''))),
  };
}

/** wcxb-dev's pages with their articleBody as gold, split by its fixed site split (ids `wcxb-ID`). */
export async function wcxbGoldPages(pathOrArchive: string): Promise<GoldSplit> {
  const dir = datasetDir(pathOrArchive);
  const { pages } = await loadScrapinghubPages(join(dir, 'pages'), join(dir, 'ground-truth.json'));
  const { train, test } = splitWcxb(pages);
  const gold = (p: (typeof pages)[number]): GoldPage => ({
    id: `wcxb-${p.id}`, site: p.site, path: p.path, url: p.url, source: 'wcxb', gold: p.articleBody, pageType: p.pageType,
  });
  return { train: train.map(gold), test: test.map(gold) };
}
