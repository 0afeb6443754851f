/** The graph segmenters' section of the segmentation report, and their per-page CSV. */
import { SEGMENTATION_METHODS } from '../../../segmentation/pageSegmentation.ts';
import { csvCell, n3 } from '../reportFormat.ts';
import { median } from '../stats.ts';
import type { GraphSegmentationEval } from './graphSegmentationEval.ts';

const SCORES = ['ari', 'nmi', 'bcubedChars', 'bcubedNodes', 'segments'] as const;

export function graphSegmentationCsv(result: GraphSegmentationEval): string {
  const header = ['page', 'site', 'fold', 'leaves', 'human_segments', 'gcuts_ms', 'cclus_ms',
    ...SEGMENTATION_METHODS.flatMap((m) => SCORES.map((s) => `${m}_${s}`))];
  const rows = result.pages.map((p) => [p.id, p.site, p.fold, p.leaves, p.humanSegments, p.gcutsMs,
    p.cclusMs, ...SEGMENTATION_METHODS.flatMap((m) => SCORES.map((s) => p.methods[m][s]))]);
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}

export function graphSegmentationMarkdown(result: GraphSegmentationEval, seconds: number): string {
  const wins = (method: 'gcuts' | 'cclus' | 'smooth') => result.pages.filter((p) =>
    SEGMENTATION_METHODS.every((other) => other === method || p.methods[method].ari > p.methods[other].ari)).length;
  const rows = SEGMENTATION_METHODS.map((m) => {
    const s = result.mean[m];
    return `| ${m} | ${n3(s.ari)} | ${n3(s.nmi)} | ${n3(s.bcubedChars)} | ${n3(s.bcubedNodes)} | ${s.segments.toFixed(1)} | ${wins(m)} |`;
  });
  const folds = result.models.map((m, k) => `fold ${k + 1}: λ ${m.lambda}, Dp(ξ) ${m.invisibleCost}, ` +
    `${m.labelCount} labels (${m.trainPages} training pages)`).join('; ');
  return `### GCuts, CClus and the isotonic segments (paper 003 §5.1), ${result.pages.length} pages

Each page is segmented by models trained on the pages of other sites (${result.folds} folds by site; ${folds}).
ARI and NMI over the visible leaves people put in a segment (${result.granularity} human segments); BCubed F over all
page nodes, weighted by their own characters or counting each node. The paper's GCuts: ARI 0.60, NMI 0.76. GCuts took
${median(result.pages.map((p) => p.gcutsMs)).toFixed(1)} ms per page (median, in Node); the whole comparison ${seconds.toFixed(0)} s.

| method | ARI | NMI | BCubed F chars | BCubed F nodes | segments | pages best by ARI |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
}
