import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sharedDataset } from '../../datasets/dataPaths.ts';
import { splitBySite } from '../../datasets/siteSplit.ts';
import { DRAGNET_HOLDOUT_PERCENT } from '../../datasets/dragnetPages.ts';
import { byNaturalName } from '../../datasets/naturalOrder.ts';
import { decodeText } from '../../datasets/decodeText.ts';
import { dragnetMainText } from '../../datasets/dragnetGold.ts';
import type { EvalSet } from './evalPage.ts';

/**
 * Dragnet's evaluation pages: every page of the held-out sites, plus the pages sites.json assigns to no site (they
 * can never be training pages of a site). Gold is `gold/N.txt` up to the comments separator.
 */
export async function dragnetEvalSet(): Promise<EvalSet> {
  const dir = sharedDataset('dragnet');
  const sites = JSON.parse(await readFile(join(dir, 'sites.json'), 'utf8')) as Record<string, string[]>;
  const assigned = Object.entries(sites).flatMap(([site, files]) => files.map((file) => ({ site, file })));
  const { test } = splitBySite(assigned, DRAGNET_HOLDOUT_PERCENT);
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
      `FNV-1a split, ${DRAGNET_HOLDOUT_PERCENT}%) + ${unassigned.length} pages in no site of sites.json; ` +
      'gold = gold/N.txt before the comments separator',
    pages,
  };
}
