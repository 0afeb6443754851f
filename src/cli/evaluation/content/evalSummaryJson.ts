import type { EvalBreakdown } from './evalBreakdown.ts';
import type { EvalScores } from './evalScores.ts';
import type { EvalMethodName } from '../../../capture/page/pageApi.ts';

/** Numbers as JSON has them: NaN (no page defined the mean) becomes null, the rest rounded to 4 decimals. */
const n = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 10_000) / 10_000 : null);

/**
 * `eval --json`: the run's summary as one JSON object (the last line on stdout), for scripts and CI to compare runs:
 * per method the shingle scores, in-page times and snippet measures, the same per page type, the median time ratio
 * and the pages where Winnow fails while a peer succeeds.
 */
export function evalSummaryJson(dataset: string, scripts: boolean, failed: number, scores: EvalScores,
  b: EvalBreakdown) {
  const methods = {} as Record<EvalMethodName, object>;
  for (const m of scores.methods) {
    methods[m.key] = {
      precision: n(m.precision), recall: n(m.recall), f1: n(m.f1), medianMs: n(m.medianMs), p95Ms: n(m.p95Ms),
      withRecall: n(b.snippets?.[m.key].withRecall ?? NaN),
      withoutPrecision: n(b.snippets?.[m.key].withoutPrecision ?? NaN),
      emptyAnswers: m.emptyPredictions, errors: m.errors,
    };
  }
  const byType: Record<string, Record<string, unknown>> = {};
  for (const t of b.byType) {
    const perMethod: Record<string, unknown> = { pages: t.pages };
    for (const [key, m] of Object.entries(t.methods)) {
      perMethod[key] = {
        precision: n(m.precision), recall: n(m.recall), f1: n(m.f1),
        withRecall: n(m.withRecall), withoutPrecision: n(m.withoutPrecision),
      };
    }
    byType[t.type] = perMethod;
  }
  return {
    dataset,
    scripts: scripts ? 'on' : 'off',
    pages: scores.pages.length,
    failed,
    methods,
    medianMsRatioWinnowReadability: n(b.medianMsRatio),
    byType,
    peerGap: b.peerGap.map((p) => ({
      id: p.id, type: p.type, winnow: n(p.f1.winnow), readability: n(p.f1.readability), defuddle: n(p.f1.defuddle),
    })),
  };
}
