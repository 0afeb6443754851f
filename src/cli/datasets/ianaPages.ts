import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { datasetDir } from './dataPaths.ts';
import type { LabelledPage } from './labelledPage.ts';

interface IanaEntry {
  uri: string;
  content_type: string;
  file: string;
}

/**
 * The 16 HTML pages of the iana archive (one site, with its own CSS), from its index.json. The pages link their CSS
 * by site-absolute address, so each page carries the map from those addresses (as file: URLs) to the local copies:
 * iana is the one site here rendered with its real layout.
 */
export async function loadIanaPages(pathOrArchive: string): Promise<LabelledPage[]> {
  const dir = datasetDir(pathOrArchive);
  const entries = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as IanaEntry[];
  const local = (e: IanaEntry) => join(dir, e.file.replace(/^extracted\//, ''));
  const resources: Record<string, string> = {};
  for (const e of entries) if (e.content_type !== 'text/html') resources[`file://${new URL(e.uri).pathname}`] = local(e);
  const pages = entries.filter((e) => e.content_type === 'text/html').map((e): LabelledPage => ({
    id: `iana-${e.file.replace(/^extracted\//, '').replace(/\.html$/, '')}`,
    site: new URL(e.uri).hostname.replace(/^www\./, ''),
    path: local(e),
    url: e.uri,
    resources,
  }));
  pages.sort((a, b) => a.id.localeCompare(b.id));
  return pages;
}
