import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { datasetDir } from './dataPaths.ts';
import { splitBySite } from './siteSplit.ts';
import type { LabelledPage } from './labelledPage.ts';

/**
 * Percent of Dragnet's sites (keys of sites.json) held out by the fixed FNV-1a split, for training and evaluation
 * alike: the content evaluation measures on those sites, so training code only ever sees `dragnetTrainingPages`
 * (evaluating on a page of a training site would measure memory, not extraction).
 */
export const DRAGNET_HOLDOUT_PERCENT = 20;

/**
 * Every page of Dragnet that sites.json assigns to a site (`html/N.html`), with ids prefixed `dragnet-` so they never
 * collide with L3S's in the capture cache. Dragnet has no per-page address, so the site's root stands in for it
 * (only its host matters: it decides which links are intra-site).
 */
export async function loadDragnetPages(pathOrArchive: string): Promise<LabelledPage[]> {
  const dir = datasetDir(pathOrArchive);
  const sites = JSON.parse(await readFile(join(dir, 'sites.json'), 'utf8')) as Record<string, string[]>;
  const pages: LabelledPage[] = [];
  for (const [site, files] of Object.entries(sites)) {
    for (const file of files) {
      pages.push({ id: `dragnet-${file.replace(/\.html$/, '')}`, site, path: join(dir, 'html', file), url: `http://${site}/` });
    }
  }
  pages.sort((a, b) => a.id.localeCompare(b.id));
  return pages;
}

/**
 * Dragnet's pages of the training sites that have at least `minSitePages` pages (SiteLevel needs several pages of a
 * site; the others would only cost capture time). The held-out sites' pages never leave this function.
 */
export async function dragnetTrainingPages(pathOrArchive: string, minSitePages = 1):
  Promise<{ train: LabelledPage[]; heldOutSites: string[] }> {
  const { train, test } = splitBySite(await loadDragnetPages(pathOrArchive), DRAGNET_HOLDOUT_PERCENT);
  const perSite = new Map<string, number>();
  for (const p of train) perSite.set(p.site, (perSite.get(p.site) ?? 0) + 1);
  return {
    train: train.filter((p) => perSite.get(p.site)! >= minSitePages),
    heldOutSites: [...new Set(test.map((p) => p.site))].sort(),
  };
}
