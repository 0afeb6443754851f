import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sharedDataset } from '../datasets.ts';
import { splitBySite } from '../training/l3sPages.ts';
import { decodeText } from './decodeText.ts';
import { dragnetMainText } from './dragnetGold.ts';
import type { EvalSet } from './evalPage.ts';

/**
 * Percent of Dragnet's sites (keys of sites.json) that the fixed FNV-1a split holds out. SiteLevel training uses the
 * other sites' pages, so this must stay equal to the training side's DRAGNET_HOLDOUT_PERCENT: evaluating on a page
 * of a training site would measure memory, not extraction.
 */
export const DRAGNET_EVAL_HOLDOUT_PERCENT = 20;

/**
 * Dragnet's evaluation pages: every page of the held-out sites, plus the pages sites.json assigns to no site (they
 * can never be training pages of a site). Gold is `gold/N.txt` up to the comments separator.
 */
export async function dragnetEvalSet(): Promise<EvalSet> {
  const dir = sharedDataset('dragnet');
  const sites = JSON.parse(await readFile(join(dir, 'sites.json'), 'utf8')) as Record<string, string[]>;
  const assigned = Object.entries(sites).flatMap(([site, files]) => files.map((file) => ({ site, file })));
  const { test } = splitBySite(assigned, DRAGNET_EVAL_HOLDOUT_PERCENT);
  const inSites = new Set(assigned.map((p) => p.file));
  const unassigned = (await readdir(join(dir, 'html'))).filter((f) => f.endsWith('.html') && !inSites.has(f));
  const files = [...test.map((p) => p.file), ...unassigned].sort(byNaturalName);
  const pages = [];
  for (const file of files) {
    const id = file.replace(/\.html$/, '');
    const gold = dragnetMainText(decodeText(await readFile(join(dir, 'gold', `${id}.txt`))));
    pages.push({ id, path: join(dir, 'html', file), gold: { text: gold } });
  }
  const heldOutSites = new Set(test.map((p) => p.site)).size;
  return {
    name: 'dragnet',
    description: `Dragnet: ${test.length} pages of the ${heldOutSites} held-out sites (of ${Object.keys(sites).length}; ` +
      `FNV-1a split, ${DRAGNET_EVAL_HOLDOUT_PERCENT}%) + ${unassigned.length} pages in no site of sites.json; ` +
      'gold = gold/N.txt before the comments separator',
    pages,
  };
}

/** "R12" before "R102", so the report lists pages in the dataset's own order. */
export function byNaturalName(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
