import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { datasetDir } from './dataPaths.ts';
import type { LabelledPage } from './labelledPage.ts';

/**
 * Percent of L3S-GN1's sites held out by the fixed FNV-1a split (siteSplit.ts): `winnow train`'s default, so the
 * shipped model's; the content, segmentation and site evaluations measure on these sites and never on the others.
 */
export const L3S_HOLDOUT_PERCENT = 20;

/** L3S-GN1's annotated pages with their site and original URL. */
export async function loadL3sPages(pathOrArchive: string): Promise<LabelledPage[]> {
  const dir = datasetDir(pathOrArchive);
  const sites = JSON.parse(await readFile(join(dir, 'sites.json'), 'utf8')) as Record<string, string[]>;
  const urls = new Map<string, string>();
  for (const line of (await readFile(join(dir, 'url-mapping.txt'), 'utf8')).split('\n')) {
    const m = /^<urn:uuid:([^>]+)>\s+(\S+)/.exec(line);
    if (m) urls.set(m[1], m[2]);
  }
  const pages: LabelledPage[] = [];
  for (const [site, ids] of Object.entries(sites)) {
    for (const id of ids) pages.push({ id, site, path: join(dir, 'annotated', `${id}.html`), url: urls.get(id) ?? '' });
  }
  pages.sort((a, b) => a.id.localeCompare(b.id));
  return pages;
}
