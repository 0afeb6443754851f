import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { datasetDir } from '../datasets.ts';

export interface LabelledPage {
  id: string;
  site: string;
  path: string;
  /** Original address of the page, for intra-site links. */
  url: string;
  /**
   * Files the page loads by a site-absolute address (`/_css/screen.css` becomes `file:///_css/screen.css` when the
   * page is opened from disk), keyed by that file: URL, valued by the local copy. Only archives that ship their CSS.
   */
  resources?: Record<string, string>;
}

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

/** A fixed split by site (FNV-1a hash of the host), so that no site is both trained on and evaluated. */
export function splitBySite<T extends { site: string }>(pages: T[], holdoutPercent: number): { train: T[]; test: T[] } {
  const train: T[] = [];
  const test: T[] = [];
  for (const p of pages) (fnv1a(p.site) % 100 < holdoutPercent ? test : train).push(p);
  return { train, test };
}

export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
