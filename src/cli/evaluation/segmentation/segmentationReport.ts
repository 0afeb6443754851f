import type { SegmentationEvalResult } from './segmentationEval.ts';
import type { SweepRow } from './penaltySweep.ts';
import { csvCell, n3 } from '../reportFormat.ts';

/** What the report says about the data and the run, beside the numbers. */
export interface ReportContext {
  kreuzerPages: number;
  l3sPages: number;
  l3sFailed: Array<{ id: string; reason: string }>;
  defaultC: number;
  /** Relative link from the Markdown file to the chart. */
  chartLink: string;
  seconds: { kreuzerCapture: number; l3sCapture: number; sweep: number; total: number };
}

/** One row per kreuzer page: the scored ones with their numbers, the others with the reason they were not scored. */
export function segmentationCsv(result: SegmentationEvalResult): string {
  const header = ['page', 'leaves', 'labelled_leaves', 'human_blocks', 'winnow_segments',
    'human_groups_innermost', 'human_groups_outermost', 'winnow_groups',
    'ari_innermost', 'nmi_innermost', 'ari_outermost', 'nmi_outermost',
    'merge_ari_innermost', 'merge_nmi_innermost', 'merge_ari_outermost', 'merge_nmi_outermost', 'not_scored'];
  const rows = result.pages.map((p) => [
    p.id, p.leaves, p.winnow.innermost.leaves, p.humanBlocks, p.winnowSegments,
    p.winnow.innermost.humanGroups, p.winnow.outermost.humanGroups, p.winnow.innermost.groups,
    p.winnow.innermost.ari, p.winnow.innermost.nmi, p.winnow.outermost.ari, p.winnow.outermost.nmi,
    p.basicMerge.innermost.ari, p.basicMerge.innermost.nmi, p.basicMerge.outermost.ari, p.basicMerge.outermost.nmi, '',
  ]);
  const failed = result.failed.map((f) => [f.id, ...Array(header.length - 2).fill(''), f.reason]);
  return [header, ...rows, ...failed].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}


/** The Markdown section: segmentation table, what was not scored, the sweep chart and table, how it was run. */
export function segmentationMarkdown(seg: SegmentationEvalResult, sweep: SweepRow[], ctx: ReportContext): string {
  const w = seg.mean.winnow;
  const m = seg.mean.basicMerge;
  const lines: string[] = [];
  lines.push('## Segmentation against human blocks, and the penalty sweep', '');
  lines.push(`### Segmentation: kreuzer-popular (c = ${seg.penaltyFactor})`, '');
  lines.push(`${seg.pages.length} of ${ctx.kreuzerPages} pages scored. Items are the visible leaves of the smoothing ` +
    'problem (nodes of at least 2000 px² with no such child) that lie inside a human block, each weighing the same; ' +
    "Winnow puts a leaf in its innermost segment. Ground truth: each leaf in the *innermost* human block containing it " +
    '(sub-blocks kept apart) or in the *outermost* one (sub-blocks merged into their block). Adjusted Rand index and ' +
    'NMI (mutual information over the arithmetic mean of the two entropies) per page, averaged over pages; per-page ' +
    'values in `segmentation.csv`.', '');
  lines.push('| method | ARI, innermost blocks | NMI, innermost | ARI, outermost blocks | NMI, outermost |');
  lines.push('| --- | --- | --- | --- | --- |');
  lines.push(`| Winnow segments (PageLevel Smooth) | ${n3(w.innermost.ari)} | ${n3(w.innermost.nmi)} | ` +
    `${n3(w.outermost.ari)} | ${n3(w.outermost.nmi)} |`);
  lines.push(`| PageLevel Basic+Merge (δ = ${m.delta}, best on these pages) | ${n3(m.innermost.ari)} | ` +
    `${n3(m.innermost.nmi)} | ${n3(m.outermost.ari)} | ${n3(m.outermost.nmi)} |`);
  lines.push('');
  lines.push('For orientation only (another dataset and another method): the graph-cut segmentation paper reports ' +
    'adjusted Rand 0.60 and NMI 0.76 for GCuts.', '');
  if (seg.failed.length) {
    lines.push('Not scored:', '');
    for (const f of seg.failed) lines.push(`- \`${f.id}\`: ${f.reason}`);
    lines.push('');
  }
  lines.push('### Penalty sweep', '');
  lines.push(`![Quality against the penalty factor c](${ctx.chartLink})`, '');
  lines.push(`Template text and link f-measure of PageLevel Smooth on ${ctx.l3sPages} held-out L3S-GN1 pages (threshold ` +
    `0.5, micro-averaged as in 000 §6.1) and mean segmentation agreement on the kreuzer-popular pages above, for each ` +
    `penalty factor c (000 Figs. 2 and 3). The default c = ${ctx.defaultC} is in bold; the numbers are in ` +
    '`penalty-sweep.csv`.', '');
  lines.push('| c | text P | text R | text F | links F | ARI, innermost | NMI, innermost | ARI, outermost | segments/page |');
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of sweep) {
    const cells = [String(r.c), n3(r.textP), n3(r.textR), n3(r.textF), n3(r.linksF), n3(r.ariInnermost),
      n3(r.nmiInnermost), n3(r.ariOutermost), Number.isFinite(r.meanSegments) ? r.meanSegments.toFixed(1) : '—'];
    lines.push(`| ${(r.c === ctx.defaultC ? cells.map((c) => `**${c}**`) : cells).join(' | ')} |`);
  }
  lines.push('');
  const best = (pick: (r: SweepRow) => number) =>
    sweep.reduce((a, b) => (pick(b) > pick(a) ? b : a), sweep[0]);
  if (sweep.length) {
    lines.push(`Best on the grid: text F at c = ${best((r) => r.textF).c}, links F at c = ${best((r) => r.linksF).c}, ` +
      `ARI (innermost) at c = ${best((r) => r.ariInnermost).c}.`, '');
  }
  if (ctx.l3sFailed.length) {
    lines.push(`Held-out L3S pages that failed to capture: ${ctx.l3sFailed.map((f) => `\`${f.id}\` (${f.reason})`).join(', ')}.`, '');
  }
  const s = ctx.seconds;
  lines.push(`Run time: ${s.total.toFixed(0)} s in all (kreuzer capture ${s.kreuzerCapture.toFixed(0)} s, L3S capture ` +
    `${s.l3sCapture.toFixed(0)} s — both cached in .cache/capture after the first run — and the sweep ` +
    `${s.sweep.toFixed(0)} s).`, '');
  return `${lines.join('\n')}`;
}
