import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sharedDataset } from '../../src/cli/datasets.ts';
import { loadScrapinghubPages, splitWcxb } from '../../src/cli/evaluation/scrapinghubPages.ts';
import { dragnetEvalSet } from '../../src/cli/evaluation/dragnetEvalSet.ts';
import { cleanevalEvalSet } from '../../src/cli/evaluation/cleanevalEvalSet.ts';
import { l3sEvalSet } from '../../src/cli/evaluation/l3sEvalSet.ts';
import type { EvalPage } from '../../src/cli/evaluation/evalPage.ts';

export type QualitySetName = 'wcxb' | 'dragnet' | 'cleaneval' | 'l3s';

/** A held-out page that may be in the quality sample: where it is and where its gold comes from. */
export interface QualityPage {
  /** The set's own id with the set as prefix (`wcxb-0044`, `dragnet-R12`, `cleaneval-7`, `l3s-<uuid>`). */
  id: string;
  set: QualitySetName;
  /** wcxb's page type; `article` for Dragnet and L3S (news and blog articles), `mixed` for CleanEval. */
  pageType: string;
  /** Host for wcxb; the page's own id where the loader does not say (Dragnet, CleanEval, L3S). */
  site: string;
  path: string;
  /** Gold text from the set's files, or L3S's annotated span classes, read in the rendered page. */
  gold: EvalPage['gold'];
}

/** The committed sample: ids only, never page text (test/quality/readerSample.json). */
export interface SampleFile {
  chosenBy: string;
  pages: string[];
}

export const SAMPLE_FILE = new URL('./readerSample.json', import.meta.url);

/**
 * Every held-out page of the four sets, as `winnow eval` measures them: wcxb-dev's held-out sites, Dragnet's held-out
 * sites (and its pages in no site), CleanEval's dev set, L3S-GN1's held-out sites. Unpacks ../shared/data as needed.
 */
export async function heldOutQualityPages(): Promise<QualityPage[]> {
  const dir = sharedDataset('wcxb-dev');
  const { pages } = await loadScrapinghubPages(join(dir, 'pages'), join(dir, 'ground-truth.json'));
  const wcxb = splitWcxb(pages).test.map((p): QualityPage => ({
    id: `wcxb-${p.id}`, set: 'wcxb', pageType: p.pageType, site: p.site, path: p.path, gold: { text: p.articleBody },
  }));
  const fromEvalSet = (set: QualitySetName, pageType: string, pages: EvalPage[]) => pages.map((p): QualityPage => ({
    id: `${set}-${p.id}`, set, pageType, site: `${set}-${p.id}`, path: p.path, gold: p.gold,
  }));
  return [
    ...wcxb,
    ...fromEvalSet('dragnet', 'article', (await dragnetEvalSet()).pages),
    ...fromEvalSet('cleaneval', 'mixed', (await cleanevalEvalSet()).pages),
    ...fromEvalSet('l3s', 'article', (await l3sEvalSet()).pages),
  ];
}

/** The committed sample's pages, in the file's order; throws when an id no longer names a held-out page. */
export async function loadQualitySample(): Promise<QualityPage[]> {
  const sample = JSON.parse(await readFile(SAMPLE_FILE, 'utf8')) as SampleFile;
  const byId = new Map((await heldOutQualityPages()).map((p) => [p.id, p]));
  const missing = sample.pages.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new Error(`quality sample names pages that are not held-out pages of ../shared/data: ${missing.join(', ')}`);
  }
  return sample.pages.map((id) => byId.get(id)!);
}
