import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { splitBySite } from './siteSplit.ts';
import { byNaturalName } from './naturalOrder.ts';
import { siteOfUrl } from './siteOfUrl.ts';

/**
 * One page of a set in the Scrapinghub article-extraction format (ground-truth.json: `{ID: {articleBody, url, title,
 * with, without, page_type}}` beside the pages as `ID.html`), as the Web Content Extraction Benchmark ships it.
 */
export interface ScrapinghubPage {
  id: string;
  path: string;
  url: string;
  /** Host without a leading www., the unit of every train/held-out split. */
  site: string;
  title: string;
  /** The gold main text. */
  articleBody: string;
  /** Sentences a good extraction must contain. */
  with: string[];
  /** Boilerplate a good extraction must not contain. */
  without: string[];
  /** article, forum, product, …; 'unknown' when the file does not say. */
  pageType: string;
}

/**
 * Share of wcxb-dev's sites (by FNV-1a of the host, as every split here) held out from training for measurement.
 * Training and evaluation must use this same number, or a page would be both learned from and measured on.
 */
export const WCXB_HOLDOUT_PERCENT = 40;

/** Reads ground-truth.json and finds each page as `ID.html` in `pagesDir`; entries without a page are skipped. */
export async function loadScrapinghubPages(pagesDir: string, truthFile: string):
  Promise<{ pages: ScrapinghubPage[]; skipped: Array<{ id: string; reason: string }> }> {
  let truth: Record<string, Record<string, unknown>>;
  try {
    truth = JSON.parse(await readFile(truthFile, 'utf8'));
  } catch (e) {
    throw new Error(`${truthFile}: not a readable JSON file (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!truth || typeof truth !== 'object' || Array.isArray(truth)) throw new Error(`${truthFile}: expected {ID: {...}}`);
  const pages: ScrapinghubPage[] = [];
  const skipped: Array<{ id: string; reason: string }> = [];
  for (const id of Object.keys(truth).sort(byNaturalName)) {
    const entry = truth[id];
    const path = join(pagesDir, `${id}.html`);
    if (!entry || typeof entry.articleBody !== 'string') {
      skipped.push({ id, reason: 'no articleBody in the ground truth' });
    } else if (!existsSync(path)) {
      skipped.push({ id, reason: `no page file ${id}.html` });
    } else {
      const url = typeof entry.url === 'string' ? entry.url : '';
      pages.push({
        id, path, url, site: siteOfUrl(url) || id,
        title: typeof entry.title === 'string' ? entry.title : '',
        articleBody: entry.articleBody,
        with: strings(entry.with),
        without: strings(entry.without),
        pageType: typeof entry.page_type === 'string' ? entry.page_type : 'unknown',
      });
    }
  }
  return { pages, skipped };
}

/** wcxb-dev's fixed split by site. */
export function splitWcxb(pages: ScrapinghubPage[]): { train: ScrapinghubPage[]; test: ScrapinghubPage[] } {
  return splitBySite(pages, WCXB_HOLDOUT_PERCENT);
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
