import type { EvalSet } from './evalPage.ts';
import { EVAL_METHODS, type PageOutcome } from './runEvalPage.ts';
import { pageF1, type EvalScores } from './evalScores.ts';
import { csvCell as csv } from '../reportFormat.ts';
import { PEER_GAP_PEER_F1, PEER_GAP_WINNOW_F1, type EvalBreakdown, type MethodBreakdown } from './evalBreakdown.ts';

export interface ReportContext {
  set: EvalSet;
  /** Pages actually run (after --limit). */
  ran: number;
  command: string;
  chromium: string;
  versions: Record<string, string>;
  modelPath: string;
  /** Winnow's pipeline options for this run. */
  pipeline: object;
  /** Whether the pages' own scripts ran. */
  scripts: boolean;
  seconds: number;
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '–');
const f1d = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/**
 * The Markdown report: what was run, the table per method (with the snippet measures when the set has them), the
 * table per page type, the pages where Winnow fails and a peer does not, how it was scored, and every page that
 * failed or was read with a warning.
 */
export function formatReport(ctx: ReportContext, scores: EvalScores, outcomes: readonly PageOutcome[],
  breakdown: EvalBreakdown): string {
  const failed = outcomes.filter((o): o is Extract<PageOutcome, { error: string }> => 'error' in o);
  const lines: string[] = [];
  lines.push(`# Content extraction: ${ctx.set.name}`, '');
  lines.push(`- Pages: ${ctx.set.description}.`);
  lines.push(`- Run: ${ctx.ran} of ${ctx.set.pages.length} pages, ${scores.pages.length} scored, ${failed.length} failed` +
    `${ctx.set.skipped?.length ? `, ${ctx.set.skipped.length} skipped before rendering` : ''}; ` +
    `${f1d(ctx.seconds)} s in all.`);
  lines.push(`- Command: \`${ctx.command}\``);
  lines.push(`- Chromium ${ctx.chromium}; ${Object.entries(ctx.versions).map(([k, v]) => `${k} ${v}`).join(', ')}; ` +
    `model ${ctx.modelPath}, options ${JSON.stringify(ctx.pipeline)}; page scripts ${ctx.scripts ? 'on' : 'off'}.`);
  lines.push('');
  const sn = breakdown.snippets;
  lines.push(`| method | pages | precision | recall | F1 | median ms | p95 ms | empty answers | errors |` +
    `${sn ? ' with recall | without precision |' : ''}`);
  lines.push(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${sn ? ' ---: | ---: |' : ''}`);
  for (const m of scores.methods) {
    lines.push(`| ${m.label} | ${m.pages} | ${f3(m.precision)} | ${f3(m.recall)} | ${f3(m.f1)} | ${f1d(m.medianMs)} | ` +
      `${f1d(m.p95Ms)} | ${m.emptyPredictions} | ${m.errors} |` +
      `${sn ? ` ${f3(sn[m.key].withRecall)} | ${f3(sn[m.key].withoutPrecision)} |` : ''}`);
  }
  lines.push('');
  lines.push(`Winnow's in-page time over Readability.js's on the same page: median ${f2(breakdown.medianMsRatio)}×.`);
  const tc = scores.readabilityTextContent;
  lines.push('');
  lines.push(`Readability.js scored on its \`textContent\` instead (the benchmark's serialisation, which can glue words ` +
    `across block boundaries): precision ${f3(tc.precision)}, recall ${f3(tc.recall)}, F1 ${f3(tc.f1)}.`);
  if (breakdown.byType.length > 0) lines.push('', ...typeTable(breakdown));
  lines.push('', ...peerGapSection(breakdown));
  lines.push('');
  lines.push('## How it is scored');
  lines.push('');
  lines.push('As the Scrapinghub article-extraction benchmark: lower-cased Unicode `\\w+` tokens; per page the multisets ' +
    'of 4-token shingles (a text of 1–3 tokens is one shorter shingle); TP = Σ min, FP and FN the excess on either ' +
    'side, divided by TP+FP+FN; page precision TP/(TP+FP), recall TP/(TP+FN); precision and recall averaged over ' +
    'pages, F1 of the two averages. A page where a method returned no text is left out of that method\'s precision ' +
    'average and has recall 0 ("empty answers"); a page with an empty gold text would be left out of recall. ' +
    'Every method runs in the same rendered page (1280×800, offline): Winnow\'s reader text (`__winnow.analyze`, ' +
    'options above), Readability.js on a clone of the document, Defuddle on the live document; the peers\' ' +
    'article HTML is read as text with a line break at each block element. Times are measured inside the page ' +
    '(Readability includes cloning the document). A page that fails to load or times out is left out for all ' +
    'methods and listed below; a method that throws on a page is scored as an empty answer and listed.' +
    (sn ? ' Snippets (`with`, `without` of the ground truth) are looked for in each method\'s text after both are ' +
      'NFKC-folded, lower-cased, with curly quotes straight, dashes as "-", and whitespace runs as one space, and ' +
      'only where they neither start nor end inside a word; with recall is the share of `with` sentences found, ' +
      'without precision the share of `without` snippets not found, each averaged over the pages that have any.' : ''));
  lines.push('');
  lines.push('## Failed pages');
  lines.push('');
  if (failed.length === 0) lines.push('None.');
  for (const f of failed) lines.push(`- \`${f.page.id}\`: ${cell(f.error)}`);
  const methodErrors = outcomes.flatMap((o) => ('methods' in o ? EVAL_METHODS.flatMap(({ key, label }) =>
    o.methods[key].error ? [`- \`${o.page.id}\` ${label}: ${cell(o.methods[key].error!)}`] : []) : []));
  if (methodErrors.length) lines.push('', '## Method errors (scored as empty answers)', '', ...methodErrors);
  const warned = outcomes.flatMap((o) => ('warnings' in o ? o.warnings.map((w) => `- \`${o.page.id}\`: ${cell(w)}`) : []));
  if (warned.length) lines.push('', '## Pages read with a warning (scored)', '', ...warned);
  if (ctx.set.skipped?.length) {
    lines.push('', '## Skipped before rendering', '', ...ctx.set.skipped.map((s) => `- \`${s.id}\`: ${cell(s.reason)}`));
  }
  lines.push('');
  return lines.join('\n');
}

/**
 * One row per page: page id, type, gold size, then per method precision, recall, F1, ms, answer size, note and the
 * snippet scores (type and snippets empty when the set has none), then the page's warnings.
 */
export function formatPagesCsv(scores: EvalScores, outcomes: readonly PageOutcome[], breakdown: EvalBreakdown): string {
  const header = ['page', 'page_type', 'status', 'gold_shingles'];
  for (const { key } of EVAL_METHODS) {
    header.push(`${key}_precision`, `${key}_recall`, `${key}_f1`, `${key}_ms`, `${key}_shingles`, `${key}_note`,
      `${key}_with_recall`, `${key}_without_precision`);
  }
  header.push('warnings');
  const rows = [header.join(',')];
  const byId = new Map(scores.pages.map((p) => [p.id, p]));
  for (const o of outcomes) {
    const scored = byId.get(o.page.id);
    if (!('methods' in o) || !scored) {
      rows.push([csv(o.page.id), csv(o.page.pageType ?? ''), csv(`failed: ${'error' in o ? o.error : ''}`), ''].join(','));
      continue;
    }
    const row = [csv(o.page.id), csv(o.page.pageType ?? ''), 'ok', String(scored.goldShingles)];
    const snippets = breakdown.pageSnippets.get(o.page.id);
    for (const { key } of EVAL_METHODS) {
      const s = scored.scores[key];
      const m = o.methods[key];
      row.push(num(s.precision), num(s.recall), num(pageF1(s)), Number.isFinite(m.ms) ? m.ms.toFixed(1) : '',
        String(s.predictedShingles), csv(m.error ? `error: ${m.error}` : m.note ?? ''),
        num(snippets?.[key].withRecall ?? null), num(snippets?.[key].withoutPrecision ?? null));
    }
    row.push(csv(o.warnings.join('; ')));
    rows.push(row.join(','));
  }
  return `${rows.join('\n')}\n`;
}

/** Per page type and method: the shingle scores, and the snippet scores when the set has them. */
function typeTable(b: EvalBreakdown): string[] {
  const lines = ['## By page type', ''];
  lines.push('| type | pages | method | precision | recall | F1 | empty answers | with recall | without precision |');
  lines.push('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const t of b.byType) {
    for (const { key, label } of EVAL_METHODS) {
      const m: MethodBreakdown = t.methods[key];
      lines.push(`| ${cell(t.type)} | ${t.pages} | ${label} | ${f3(m.precision)} | ${f3(m.recall)} | ${f3(m.f1)} | ` +
        `${m.emptyPredictions} | ${f3(m.withRecall)} | ${f3(m.withoutPrecision)} |`);
    }
  }
  return lines;
}

function peerGapSection(b: EvalBreakdown): string[] {
  const lines = [`## Pages where Winnow scores F1 < ${PEER_GAP_WINNOW_F1} while Readability.js or Defuddle score > ` +
    `${PEER_GAP_PEER_F1}`, ''];
  if (b.peerGap.length === 0) return [...lines, 'None.'];
  lines.push(`${b.peerGap.length} page${b.peerGap.length === 1 ? '' : 's'} (page F1 = F1 of that page's precision ` +
    'and recall):', '');
  lines.push('| page | type | Winnow | Readability.js | Defuddle |', '| --- | --- | ---: | ---: | ---: |');
  for (const p of b.peerGap) {
    lines.push(`| \`${p.id}\` | ${cell(p.type)} | ${f3(p.f1.winnow)} | ${f3(p.f1.readability)} | ${f3(p.f1.defuddle)} |`);
  }
  return lines;
}

const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const num = (x: number | null) => (x === null ? '' : x.toFixed(4));
