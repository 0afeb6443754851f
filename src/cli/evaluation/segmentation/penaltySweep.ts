import { heldOutTemplateEval } from './heldOutTemplateEval.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../../pipeline/pipelineOptions.ts';
import type { ModelWeights } from '../../../model/weights.ts';
import type { PageSnapshot } from '../../../snapshot/pageSnapshot.ts';
import { segmentationEval, type ClassifiedKreuzerPage } from './segmentationEval.ts';
import { svgLineChart } from '../svgLineChart.ts';

/**
 * Quality against the penalty factor c (000 Figs. 2 and 3): template text and link f-measure of PageLevel Smooth on
 * the held-out L3S pages, and segmentation agreement (mean ARI, NMI) on kreuzer-popular. Pages are captured and
 * classified once; each c only re-smooths.
 */
export interface SweepRow {
  c: number;
  /** Held-out L3S, PageLevel Smooth (threshold 0.5). */
  textP: number;
  textR: number;
  textF: number;
  anchorTextF: number;
  linksF: number;
  /** kreuzer-popular, macro-averaged over scored pages. */
  ariInnermost: number;
  nmiInnermost: number;
  ariOutermost: number;
  nmiOutermost: number;
  /** Mean number of Winnow segments per kreuzer page. */
  meanSegments: number;
}

/**
 * c on a log grid from `from` to `to` with `perDecade` points per decade, rounded to three significant digits so the
 * decades themselves (…, 0.001, 0.01, 0.1, 1) are exact and the default 0.01 is on the grid.
 */
export function penaltyGrid(from = 1e-4, to = 1, perDecade = 3): number[] {
  const lo = Math.log10(from);
  const steps = Math.round((Math.log10(to) - lo) * perDecade);
  return Array.from({ length: steps + 1 }, (_, k) => Number((10 ** (lo + k / perDecade)).toPrecision(3)));
}

export function penaltySweep(l3s: Array<{ snapshot: PageSnapshot; spans: Int8Array }>, kreuzer: ClassifiedKreuzerPage[],
  weights: ModelWeights, grid: number[], log: (s: string) => void = () => {}): SweepRow[] {
  return grid.map((c) => {
    const t0 = Date.now();
    const smooth = heldOutTemplateEval(l3s, weights, c).find((r) => r.method === 'PageLevel Smooth');
    if (!smooth) throw new Error('heldOutTemplateEval returned no PageLevel Smooth row');
    const seg = segmentationEval(kreuzer, c);
    const segments = seg.pages.reduce((s, p) => s + p.winnowSegments, 0) / (seg.pages.length || NaN);
    log(`sweep: c = ${c} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return {
      c,
      textP: smooth.text.precision,
      textR: smooth.text.recall,
      textF: smooth.text.f,
      anchorTextF: smooth.anchorText.f,
      linksF: smooth.links.f,
      ariInnermost: seg.mean.winnow.innermost.ari,
      nmiInnermost: seg.mean.winnow.innermost.nmi,
      ariOutermost: seg.mean.winnow.outermost.ari,
      nmiOutermost: seg.mean.winnow.outermost.nmi,
      meanSegments: segments,
    };
  });
}

const COLUMNS: Array<keyof SweepRow> = ['c', 'textP', 'textR', 'textF', 'anchorTextF', 'linksF', 'ariInnermost',
  'nmiInnermost', 'ariOutermost', 'nmiOutermost', 'meanSegments'];

export function sweepCsv(rows: SweepRow[]): string {
  const cell = (v: number) => (Number.isFinite(v) ? String(Number(v.toPrecision(6))) : '');
  return [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((k) => cell(r[k])).join(','))].join('\n') + '\n';
}

/** Text and link f-measure (held-out L3S) and mean ARI (kreuzer), with the default c marked. */
export function sweepChart(rows: SweepRow[], defaultC = DEFAULT_PIPELINE_OPTIONS.penaltyFactor): string {
  const series = (name: string, pick: (r: SweepRow) => number, dash?: string) =>
    ({ name, dash, points: rows.map((r) => ({ x: r.c, y: pick(r) })) });
  return svgLineChart([
    series('template text F (L3S held-out, Smooth)', (r) => r.textF),
    series('template links F (L3S held-out, Smooth)', (r) => r.linksF),
    series('adjusted Rand (kreuzer-popular, innermost blocks)', (r) => r.ariInnermost, '6 3'),
  ], {
    title: 'Winnow quality against the penalty factor c',
    xLabel: 'penalty factor c in γᵢ = c·A/Aᵢ (log scale)',
    yLabel: 'f-measure / adjusted Rand index',
    logX: true,
    markers: [{ x: defaultC, label: `default c = ${defaultC}` }],
    width: 820,
  });
}
