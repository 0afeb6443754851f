/**
 * The sites `winnow eval --dataset site` measures, each never seen in training (issue 5, "Proof"):
 * - iana: its 16 pages (held out whole by `winnow train`), reference from the site's own markup (siteEvalIana.ts);
 * - Dragnet: the held-out sites (dragnetPages.ts's FNV-1a split) with at least ten pages; reference content =
 *   the gold text (article and user comments: comments are not template);
 * - L3S-GN1: held-out sites (the shipped model's split, l3sEvalSet.ts) with at least ten pages — none exist, so the
 *   held-out sites with at least three pages are measured instead, at the sample sizes they allow; reference content
 *   = the text of the spans people labelled headline, full text, supplemental or comments (classes 1, 2, 3, 5).
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { sharedDataset } from '../../datasets/dataPaths.ts';
import { dragnetTrainingPages, loadDragnetPages } from '../../datasets/dragnetPages.ts';
import { loadIanaPages } from '../../datasets/ianaPages.ts';
import { L3S_HOLDOUT_PERCENT, loadL3sPages } from '../../datasets/l3sPages.ts';
import { splitBySite } from '../../datasets/siteSplit.ts';
import type { LabelledPage } from '../../datasets/labelledPage.ts';
import { L3S_CONTENT_CLASSES } from '../../../eval/l3sClasses.ts';
import { innermostUnitLabels } from '../../../eval/innermostUnits.ts';
import type { PageSnapshot } from '../../../snapshot/pageSnapshot.ts';
import { decodeText } from '../../datasets/decodeText.ts';
import { dragnetMainText } from '../../datasets/dragnetGold.ts';
import { byNaturalName } from '../../datasets/naturalOrder.ts';

export type SiteDatasetName = 'iana' | 'dragnet' | 'l3s';

export interface SiteEvalSource {
  dataset: SiteDatasetName;
  site: string;
  /** In the dataset's own order. */
  pages: LabelledPage[];
}

/** Sites with fewer pages leave too few to sample 10 and measure the rest (the "ten or more"). */
export const MIN_SITE_PAGES = 10;
/** L3S has no held-out site with ten pages; with three, two can be remembered and one measured. */
export const L3S_FALLBACK_MIN_PAGES = 3;

export interface SiteEvalSources {
  sources: SiteEvalSource[];
  /** What was left out and why, for the report. */
  notes: string[];
}

export async function siteEvalSources(): Promise<SiteEvalSources> {
  const notes: string[] = [];
  const iana = await loadIanaPages(sharedDataset('iana'));
  const sources: SiteEvalSource[] = [{ dataset: 'iana', site: iana[0]?.site ?? 'iana.org', pages: iana }];

  const dragnetDir = sharedDataset('dragnet');
  const { heldOutSites } = await dragnetTrainingPages(dragnetDir);
  const heldOut = new Set(heldOutSites);
  const dragnetSites = bySite((await loadDragnetPages(dragnetDir)).filter((p) => heldOut.has(p.site)));
  const bigDragnet = [...dragnetSites].filter(([, pages]) => pages.length >= MIN_SITE_PAGES);
  for (const [site, pages] of bigDragnet) sources.push({ dataset: 'dragnet', site, pages });
  notes.push(`Dragnet: ${heldOut.size} sites are held out from training; the ${bigDragnet.length} with at least ` +
    `${MIN_SITE_PAGES} pages are measured, the others have too few pages.`);

  const l3s = await loadL3sPages(sharedDataset('l3s-gn1'));
  const { train, test } = splitBySite(l3s, L3S_HOLDOUT_PERCENT);
  const trainSites = bySite(train);
  const l3sSites = bySite(test);
  const bigTrain = [...trainSites].filter(([, pages]) => pages.length >= MIN_SITE_PAGES).map(([site]) => site);
  const big = [...l3sSites].filter(([, pages]) => pages.length >= MIN_SITE_PAGES);
  const min = big.length > 0 ? MIN_SITE_PAGES : L3S_FALLBACK_MIN_PAGES;
  const chosen = [...l3sSites].filter(([, pages]) => pages.length >= min);
  for (const [site, pages] of chosen) sources.push({ dataset: 'l3s', site, pages });
  if (big.length === 0) {
    notes.push(`L3S-GN1: no held-out site has ${MIN_SITE_PAGES} pages (the ${bigTrain.length} sites that do — ` +
      `${bigTrain.join(', ')} — trained the shipped model, so they are not used); the ${chosen.length} held-out ` +
      `sites with ${L3S_FALLBACK_MIN_PAGES} to ${Math.max(...chosen.map(([, p]) => p.length))} pages are measured ` +
      'instead, at the sample sizes they allow.');
  }
  return { sources, notes };
}

function bySite(pages: LabelledPage[]): Map<string, LabelledPage[]> {
  const out = new Map<string, LabelledPage[]>();
  for (const p of [...pages].sort((a, b) => byNaturalName(a.id, b.id))) {
    const list = out.get(p.site) ?? [];
    list.push(p);
    out.set(p.site, list);
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/** Dragnet's gold for template terms: the article and, after the separator line, the user comments. */
export function dragnetReferenceText(gold: string): string {
  const main = dragnetMainText(gold);
  if (main.length === gold.length) return gold;
  const rest = gold.slice(main.length);
  const newline = rest.indexOf('\n');
  return newline < 0 ? main : `${main}\n${rest.slice(newline + 1)}`;
}

/** The gold file `gold/N.txt` beside `html/N.html`. */
export async function readDragnetReference(page: LabelledPage): Promise<string> {
  const file = join(dirname(dirname(page.path)), 'gold', basename(page.path).replace(/\.html$/, '.txt'));
  return dragnetReferenceText(decodeText(await readFile(file)));
}

/**
 * The text of the L3S spans labelled as content, in document order. Spans nest (a template span inside a content one
 * and the other way round): each character counts under the innermost span around it, as everywhere else.
 */
export function l3sReferenceText(s: PageSnapshot, spans: Int8Array): string {
  const unit = Int8Array.from(spans, (c) => (L3S_CONTENT_CLASSES.includes(c) ? 1 : c >= 0 ? 0 : -1));
  const label = innermostUnitLabels(s.parent, unit);
  // Nodes come in document order, parents first: each writes its label over its text, children overwrite theirs.
  const content = new Uint8Array(s.text.length);
  for (let i = 0; i < s.count; i++) content.fill(label[i] === 1 ? 1 : 0, s.textStart[i], s.textEnd[i]);
  const parts: string[] = [];
  for (let start = content.indexOf(1); start >= 0;) {
    let end = content.indexOf(0, start);
    if (end < 0) end = content.length;
    parts.push(s.text.slice(start, end));
    start = content.indexOf(1, end);
  }
  return parts.join('\n');
}
