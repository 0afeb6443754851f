/**
 * The report of `winnow eval --dataset dedup`: per dataset a table of its sites (pages, same-site pairs, pairs flagged
 * under the raw, content, largest-segment and gold texts) with totals over all sites and over the held-out ones, the
 * flagged pairs as CSV, and the --json summary. Pure: counts in, Markdown / CSV / JSON text out.
 */
import type { DedupOptions } from '../../../dedup/dedupOptions.ts';
import { csvCell } from '../reportFormat.ts';
import { ruleText } from './dedupPairsOutput.ts';
import { sumCounts, type DedupCounts, type SiteDedupRow } from './dedupSiteCounts.ts';
import { DEDUP_DATASETS, MIN_SITE_PAGES, type DedupDatasetName } from './dedupEvalSites.ts';
import { TEXT_KINDS } from './dedupEvalTexts.ts';

export interface DedupReportContext {
  command: string;
  options: DedupOptions;
  modelPath: string;
  /** The GCuts model the segment text comes from: its file relative to the repository, and what it was trained on. */
  segmentation: { path: string; trainedOn: string };
  pipeline: { penaltyFactor: number; threshold: number };
  failed: Array<{ id: string; reason: string }>;
  capture: { rendered: number; cached: number };
  seconds: number;
}

const TITLES: Record<DedupDatasetName, string> = {
  dragnet: 'Dragnet',
  l3s: 'L3S-GN1',
};

const GOLD: Record<DedupDatasetName, string> = {
  dragnet: 'the gold file (`gold/N.txt`: the article and the user comments)',
  l3s: 'the text people labelled headline, full text, supplemental or user comments',
};

/** The totals of one dataset: all its measured sites, and the sites the model never trained on. */
export function datasetTotals(rows: readonly SiteDedupRow[], dataset: DedupDatasetName):
  { all: DedupCounts; heldOut: DedupCounts } {
  const own = rows.filter((r) => r.dataset === dataset);
  return { all: sumCounts(own), heldOut: sumCounts(own.filter((r) => r.heldOut)) };
}

const HEADER = '| site | pages | pairs | raw | content | segment | gold | content ∧ gold | segment ∧ gold | ' +
  'raw ∧ gold |';
const RULE = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';

function cells(c: DedupCounts): string {
  return `${c.pages} | ${c.pairs} | ${c.flagged.raw} | ${c.flagged.content} | ${c.flagged.segment} | ` +
    `${c.flagged.gold} | ${c.contentAndGold} | ${c.segmentAndGold} | ${c.rawAndGold} |`;
}

/** One dataset's table: a row per site (held-out ones marked), then the two totals. */
export function datasetTable(rows: readonly SiteDedupRow[], dataset: DedupDatasetName): string[] {
  const own = rows.filter((r) => r.dataset === dataset);
  const { all, heldOut } = datasetTotals(rows, dataset);
  return [
    HEADER, RULE,
    ...own.map((r) => `| ${r.site}${r.heldOut ? ' (held out)' : ''} | ${cells(r)}`),
    `| **all (${all.sites} sites)** | ${cells(all)}`,
    `| **held out (${heldOut.sites} sites)** | ${cells(heldOut)}`,
  ];
}

/** Share of pairs as a percentage with one decimal, a dash when there are no pairs. */
function percent(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '—';
}

/** One line per dataset for the console: what cleaning did to the pairs. */
export function totalsLine(rows: readonly SiteDedupRow[], dataset: DedupDatasetName): string {
  const { all } = datasetTotals(rows, dataset);
  const flagged = TEXT_KINDS.map((kind) => `${kind} ${all.flagged[kind]} (${percent(all.flagged[kind], all.pairs)})`);
  return `${TITLES[dataset]}: ${all.sites} sites, ${all.pages} pages, ${all.pairs} same-site pairs; flagged ` +
    flagged.join(', ');
}

export function dedupMarkdown(rows: readonly SiteDedupRow[], ctx: DedupReportContext): string {
  const lines = [
    '# Near-duplicate pairs within a site: raw text, Winnow\'s content text, the largest segment, people\'s content',
    '',
    `Command: \`${ctx.command}\`. Shingling as paper 003 §5.2: text lower-cased, non-alphanumeric characters ` +
      `removed, ${ruleText(ctx.options)} (a pair is flagged when the two signatures of ${ctx.options.hashes} ` +
      `smallest shingle hashes share at least ${ctx.options.minShared} values).`,
    '',
    'Every pair below is two pages of the same site, nearly always two different articles, so a flagged pair is ' +
      'mostly a false positive made by the template text the two pages share — the effect papers 000 §6.2 and ' +
      '003 §5.2 measure. **raw**: the whole visible text; **content**: Winnow\'s content text (classify → smooth → ' +
      `reader decision, ${ctx.modelPath}, penalty ${ctx.pipeline.penaltyFactor}, threshold ` +
      `${ctx.pipeline.threshold}, page level, no site memory); **segment**: the text of the page's largest GCuts ` +
      `segment by characters (${ctx.segmentation.path}), paper 003 §5.2's variant, which shingles "the content ` +
      'that is contained within the largest segment found on the webpage"; **gold**: people\'s content. Pairs the ' +
      'gold text flags are mostly real near-duplicates (one story published twice), but people\'s content can ' +
      'repeat too (a comment section\'s guidelines that people marked as content under every post); "content ∧ ' +
      'gold" and "segment ∧ gold" are how many of them the content and segment texts still flag. Sites marked held ' +
      'out were never trained on by the classifier; the others were (their content text is optimistic). The GCuts ' +
      `model was trained on ${ctx.segmentation.trainedOn} and reads the same classifier's scores.`,
    '',
  ];
  for (const dataset of DEDUP_DATASETS) {
    lines.push(`## ${TITLES[dataset]}`, '',
      `Sites with at least ${MIN_SITE_PAGES[dataset]} pages. Gold: ${GOLD[dataset]}.`, '',
      ...datasetTable(rows, dataset), '');
  }
  lines.push('## Run', '',
    `Captures: ${ctx.capture.rendered} pages rendered in Chromium, ${ctx.capture.cached} read from .cache/capture; ` +
      `${ctx.seconds.toFixed(0)} s in all. Flagged pairs with their shared counts under each text: pairs.csv.`, '');
  if (ctx.failed.length) {
    lines.push(`Pages left out (${ctx.failed.length}):`, '', ...ctx.failed.map((f) => `- ${f.id}: ${f.reason}`), '');
  }
  return lines.join('\n');
}

/** Every pair flagged under any text, with the signature values it shares under each. */
export function flaggedPairsCsv(rows: readonly SiteDedupRow[]): string {
  const head = ['dataset', 'site', 'a', 'b', ...TEXT_KINDS.map((k) => `shared_${k}`)].join(',');
  const body = rows.flatMap((r) => r.flaggedPairs.map((p) =>
    [r.dataset, r.site, p.a, p.b, ...TEXT_KINDS.map((k) => p.shared[k])].map(csvCell).join(',')));
  return [head, ...body].join('\n') + '\n';
}

/** The --json line: the rule, and per dataset its totals (all sites, and held-out sites). */
export function dedupEvalJson(rows: readonly SiteDedupRow[], options: DedupOptions, failed: number): string {
  const plain = (c: DedupCounts) => ({
    sites: c.sites, pages: c.pages, pairs: c.pairs, ...c.flagged, contentAndGold: c.contentAndGold,
    segmentAndGold: c.segmentAndGold, rawAndGold: c.rawAndGold,
  });
  const datasets = Object.fromEntries(DEDUP_DATASETS.map((d) => {
    const { all, heldOut } = datasetTotals(rows, d);
    return [d, { ...plain(all), heldOut: plain(heldOut) }];
  }));
  return JSON.stringify({
    dataset: 'dedup', shingle: options.shingle, hashes: options.hashes, minShared: options.minShared, failed, datasets,
  });
}
