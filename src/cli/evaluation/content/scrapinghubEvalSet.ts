import { basename, dirname, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../../datasets/dataPaths.ts';
import { loadScrapinghubPages, splitWcxb, WCXB_HOLDOUT_PERCENT, type ScrapinghubPage } from '../../datasets/scrapinghubPages.ts';
import type { EvalPage, EvalSet } from './evalPage.ts';

/** Which pages of a Scrapinghub-format set to run: wcxb-dev's held-out sites, its training sites, or all. */
export type SplitName = 'held-out' | 'train' | 'all';
export const SPLITS: readonly SplitName[] = ['held-out', 'train', 'all'];
/** The split `--dataset wcxb` runs unless told: the sites no model was trained on. */
export const WCXB_DEFAULT_SPLIT: SplitName = 'held-out';
/** The split `--pages DIR --truth FILE` runs unless told: a folder of one's own is all measurement. */
export const FOLDER_DEFAULT_SPLIT: SplitName = 'all';

export interface ScrapinghubSetOptions {
  /** Name for the report and the default output folder. */
  name: string;
  pagesDir: string;
  truthFile: string;
  split: SplitName;
}

/**
 * Any folder of pages in the Scrapinghub format as an evaluation set: gold is `articleBody`, and each page brings its
 * type and its `with`/`without` snippets. The split is wcxb-dev's fixed one by site (the one training uses), so
 * `held-out` never measures a page whose site the model was trained on.
 */
export async function scrapinghubEvalSet(o: ScrapinghubSetOptions): Promise<EvalSet> {
  const { pages, skipped } = await loadScrapinghubPages(o.pagesDir, o.truthFile);
  const { train, test } = splitWcxb(pages);
  const chosen = o.split === 'held-out' ? test : o.split === 'train' ? train : pages;
  const splitText = o.split === 'all' ? 'all pages'
    : `the ${o.split} split (${chosen.length} of ${pages.length} pages; sites by FNV-1a of the host, ` +
      `${WCXB_HOLDOUT_PERCENT}% held out)`;
  return {
    name: o.name,
    description: `${shown(o.pagesDir)} with ${shown(o.truthFile)}: ${splitText}; gold = articleBody, snippets = ` +
      'with/without',
    pages: chosen.map(evalPage),
    skipped,
  };
}

function evalPage(p: ScrapinghubPage): EvalPage {
  return {
    id: p.id, path: p.path, gold: { text: p.articleBody }, pageType: p.pageType,
    snippets: { with: p.with, without: p.without },
  };
}

/** `…/wcxb-dev/pages` is "wcxb-dev", any other folder its own name. */
export function setNameOf(pagesDir: string): string {
  const dir = resolve(pagesDir);
  return basename(dir) === 'pages' ? basename(dirname(dir)) : basename(dir);
}

/** A path as the report shows it: from the repository root when inside it, so no machine's prefix shows. */
function shown(path: string): string {
  const rel = relative(REPO_ROOT, resolve(path));
  return rel.startsWith('..') || rel === '' ? path : rel;
}
