import { aggregateScores, type AggregateScore } from '../../../eval/shingles.ts';
import { EVAL_METHODS, type PageOutcome } from './runEvalPage.ts';
import { pageF1, type EvalScores } from './evalScores.ts';
import { scoreSnippets, type SnippetScore } from './snippetScores.ts';
import { mean, percentile } from '../stats.ts';
import type { EvalMethodName } from '../../../capture/page/pageApi.ts';

/** Snippet scores averaged over the pages that define them. */
export interface SnippetSummary {
  /** Mean share of `with` sentences found (NaN when no page has any). */
  withRecall: number;
  /** Mean share of `without` snippets left out (NaN when no page has any). */
  withoutPrecision: number;
}

export type MethodBreakdown = AggregateScore & SnippetSummary;

export interface TypeBreakdown {
  type: string;
  pages: number;
  methods: Record<EvalMethodName, MethodBreakdown>;
}

/** A page Winnow gets badly wrong while a peer gets it right: the list the team drives to empty. */
export interface PeerGapPage {
  id: string;
  type: string;
  f1: Record<EvalMethodName, number>;
}

/** Winnow's page F1 below this while a peer's is above PEER_GAP_PEER_F1 puts the page on the list. */
export const PEER_GAP_WINNOW_F1 = 0.5;
export const PEER_GAP_PEER_F1 = 0.8;

export interface EvalBreakdown {
  /** Per method over all scored pages; null when no page of the set has snippets. */
  snippets: Record<EvalMethodName, SnippetSummary> | null;
  /** Per page type, in descending order of pages; empty when the set gives no types. */
  byType: TypeBreakdown[];
  peerGap: PeerGapPage[];
  /** Median (nearest rank, as the times') over pages of Winnow's in-page time divided by Readability's on that page. */
  medianMsRatio: number;
  /** Per scored page id, each method's snippet scores (for the CSV); absent for pages without snippets. */
  pageSnippets: Map<string, Record<EvalMethodName, SnippetScore>>;
}

type Scored = Extract<PageOutcome, { gold: string }>;

/** Everything the report says beyond the overall table: snippets, page types, the peer-gap list and time ratios. */
export function evalBreakdown(scores: EvalScores, outcomes: readonly PageOutcome[]): EvalBreakdown {
  const ok = new Map(outcomes.filter((o): o is Scored => 'gold' in o).map((o) => [o.page.id, o]));
  const scored = scores.pages.flatMap((p) => {
    const o = ok.get(p.id);
    return o ? [{ score: p, outcome: o }] : [];
  });

  const pageSnippets = new Map<string, Record<EvalMethodName, SnippetScore>>();
  for (const { outcome: o } of scored) {
    if (!o.page.snippets) continue;
    const s = o.page.snippets;
    const perMethod = {} as Record<EvalMethodName, SnippetScore>;
    for (const { key } of EVAL_METHODS) perMethod[key] = scoreSnippets(o.methods[key].text, s.with, s.without);
    pageSnippets.set(o.page.id, perMethod);
  }
  const snippetSummary = (ids: readonly string[], key: EvalMethodName): SnippetSummary => {
    const rows = ids.flatMap((id) => (pageSnippets.has(id) ? [pageSnippets.get(id)![key]] : []));
    return {
      withRecall: mean(rows.flatMap((r) => (r.withRecall === null ? [] : [r.withRecall]))),
      withoutPrecision: mean(rows.flatMap((r) => (r.withoutPrecision === null ? [] : [r.withoutPrecision]))),
    };
  };
  const allIds = scored.map((s) => s.score.id);
  const snippets = pageSnippets.size === 0 ? null : methodRecord((key) => snippetSummary(allIds, key));

  const types = new Map<string, typeof scored>();
  for (const s of scored) {
    const type = s.outcome.page.pageType;
    if (type === undefined) continue;
    types.set(type, [...(types.get(type) ?? []), s]);
  }
  const byType = [...types].map(([type, group]): TypeBreakdown => ({
    type,
    pages: group.length,
    methods: methodRecord((key) => ({
      ...aggregateScores(group.map((g) => g.score.scores[key])),
      ...snippetSummary(group.map((g) => g.score.id), key),
    })),
  })).sort((a, b) => b.pages - a.pages || a.type.localeCompare(b.type));

  const peerGap = scored.flatMap(({ score, outcome }): PeerGapPage[] => {
    const f1 = methodRecord((key) => pageF1(score.scores[key]));
    return f1.winnow < PEER_GAP_WINNOW_F1 && (f1.readability > PEER_GAP_PEER_F1 || f1.defuddle > PEER_GAP_PEER_F1)
      ? [{ id: score.id, type: outcome.page.pageType ?? '', f1 }] : [];
  });

  const ratios = scored.flatMap(({ outcome: o }) => {
    const w = o.methods.winnow.ms;
    const r = o.methods.readability.ms;
    return Number.isFinite(w) && Number.isFinite(r) && r > 0 ? [w / r] : [];
  });

  return { snippets, byType, peerGap, medianMsRatio: percentile(ratios, 50), pageSnippets };
}

function methodRecord<T>(f: (key: EvalMethodName) => T): Record<EvalMethodName, T> {
  const out = {} as Record<EvalMethodName, T>;
  for (const { key } of EVAL_METHODS) out[key] = f(key);
  return out;
}
