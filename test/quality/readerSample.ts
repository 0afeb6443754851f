import { readFile } from 'node:fs/promises';
import { heldOutGoldPages } from '../../src/cli/quality/heldOutPages.ts';
import { l3sEvalSet } from '../../src/cli/evaluation/content/l3sEvalSet.ts';
import type { EvalPage } from '../../src/cli/evaluation/content/evalPage.ts';

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
  // The three sets with a gold text are the held-out pages the cached reader eval measures (src/cli/quality).
  const withGoldText = (await heldOutGoldPages()).map((p): QualityPage => ({
    id: p.id, set: p.set, pageType: p.pageType, site: p.site, path: p.path, gold: { text: p.gold },
  }));
  const l3s = (await l3sEvalSet()).pages.map((p): QualityPage => ({
    id: `l3s-${p.id}`, set: 'l3s', pageType: 'article', site: `l3s-${p.id}`, path: p.path, gold: p.gold,
  }));
  return [...withGoldText, ...l3s];
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
