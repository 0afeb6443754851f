import { aggregateScores, scorePage, type AggregateScore, type PageScore } from '../../../eval/shingles.ts';
import { percentile } from '../stats.ts';
import { EVAL_METHODS, type PageOutcome } from './runEvalPage.ts';
import type { EvalMethodName } from '../../../capture/page/pageApi.ts';

export interface MethodSummary extends AggregateScore {
  key: EvalMethodName;
  label: string;
  medianMs: number;
  p95Ms: number;
  /** Pages where the method threw (scored as empty answers). */
  errors: number;
}

export interface ScoredPage {
  id: string;
  goldShingles: number;
  scores: Record<EvalMethodName, PageScore>;
}

export interface EvalScores {
  methods: MethodSummary[];
  pages: ScoredPage[];
  /** Readability scored on its textContent instead (the benchmark's serialisation), for comparison. */
  readabilityTextContent: AggregateScore;
}

/** Scores every method on the pages that rendered; failed pages are left out for all methods alike. */
export function scoreOutcomes(outcomes: readonly PageOutcome[]): EvalScores {
  const ok = outcomes.filter((o): o is Extract<PageOutcome, { gold: string }> => 'gold' in o);
  const pages: ScoredPage[] = ok.map((o) => {
    const scores = {} as Record<EvalMethodName, PageScore>;
    for (const { key } of EVAL_METHODS) scores[key] = scorePage(o.gold, o.methods[key].text);
    return { id: o.page.id, goldShingles: scores.winnow.goldShingles, scores };
  });
  const methods = EVAL_METHODS.map(({ key, label }): MethodSummary => {
    const ms = ok.map((o) => o.methods[key].ms).filter((v) => Number.isFinite(v));
    return {
      key,
      label,
      ...aggregateScores(pages.map((p) => p.scores[key])),
      medianMs: percentile(ms, 50),
      p95Ms: percentile(ms, 95),
      errors: ok.filter((o) => o.methods[key].error !== undefined).length,
    };
  });
  const readabilityTextContent = aggregateScores(ok.map((o) => scorePage(o.gold, o.methods.readability.textContent ?? '')));
  return { methods, pages, readabilityTextContent };
}

/** Page F1 from its precision and recall (undefined halves count as 0, as a reader would judge that page). */
export function pageF1(s: PageScore): number {
  const p = s.precision ?? 0;
  const r = s.recall ?? 0;
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
}
