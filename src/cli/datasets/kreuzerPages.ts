import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { datasetDir, sharedDataset } from './dataPaths.ts';
import { siteOfUrl } from './siteOfUrl.ts';

/** One page of kreuzer-popular (Kreuzer's "dataset-popular") with human-marked blocks. */
export interface KreuzerPage {
  /** The page's folder inside the dataset, e.g. `www.un.org/www.un.org/en`. */
  id: string;
  /** `index.blocks.html`: the rendered DOM the annotators marked (data-block, data-block-type). */
  blocksPath: string;
  /** Original address, from mapping.txt (or rebuilt from the folder name when the mapping has none). */
  url: string;
  /** Host used for intra-site links ("www." stripped, as the capture does). */
  siteHost: string;
  /**
   * False when mapping.txt has the page's line commented out (whitehouse, lonelyplanet, nature, economist, wired): the dataset's
   * author left them out for a reason the README does not give. They are annotated all the same and evaluated here.
   */
  inMapping: boolean;
}

const BLOCKS_FILE = 'index.blocks.html';

/** Every annotated page of the dataset (66), sorted by id. */
export async function loadKreuzerPages(pathOrArchive?: string): Promise<KreuzerPage[]> {
  const dir = pathOrArchive ? datasetDir(pathOrArchive) : sharedDataset('kreuzer-popular');
  const mapping = existsSync(join(dir, 'mapping.txt')) ? parseMapping(await readFile(join(dir, 'mapping.txt'), 'utf8')) :
    new Map<string, { url: string; commented: boolean }>();
  const files = await findFiles(dir, BLOCKS_FILE);
  return files.map((file) => {
    const id = relative(dir, dirname(file)).split(sep).join('/');
    const mapped = mapping.get(id);
    const url = mapped?.url ?? `http://${id.split('/').slice(1).join('/')}/`;
    return { id, blocksPath: file, url, siteHost: siteOfUrl(url), inMapping: mapped ? !mapped.commented : false };
  }).sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * mapping.txt lines look like `"http://www.un.org/en/" : "/opt/dataset-popular/www.un.org/www.un.org/en/index.html",`
 * — some commented out with `#`, one with a stray `:` for its opening quote. Keyed by the page folder.
 */
export function parseMapping(text: string): Map<string, { url: string; commented: boolean }> {
  const out = new Map<string, { url: string; commented: boolean }>();
  for (const line of text.split('\n')) {
    const m = /(https?:\/\/[^"\s]+)"\s*:\s*"\/opt\/dataset-popular\/([^"]+)"/.exec(line);
    if (!m) continue;
    const folder = m[2].split('/').slice(0, -1).join('/');
    out.set(folder, { url: m[1], commented: line.trimStart().startsWith('#') });
  }
  return out;
}

async function findFiles(dir: string, name: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name === name).map((e) => join(e.parentPath, e.name));
}
