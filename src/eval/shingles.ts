/**
 * Content-extraction scores as the Scrapinghub article-extraction benchmark computes them (its evaluate.py): texts
 * become `\w+` tokens, each page's tokens become a multiset of 4-token shingles, TP/FP/FN are counted on the two
 * multisets and normalised per page (so a long page weighs no more than a short one), precision and recall are
 * averaged over pages, and F1 is taken of the two averages.
 *
 * Pure: no DOM, no Node.
 */

/**
 * Python's `\w` on str (which the benchmark uses) is Unicode-aware: letters, digits and other numerals, underscore.
 * JavaScript's `\w` is ASCII-only even with the `u` flag, which would throw away every word of a Cyrillic or CJK page
 * and split "café" in two, so the same class is spelled out with Unicode properties.
 */
const TOKEN = /[\p{L}\p{N}_]+/gu;

export const SHINGLE_SIZE = 4;

/** Lower-cased word tokens (case differences between a gold file and a rendered page are not extraction errors). */
export function tokenize(text: string): string[] {
  return (text.match(TOKEN) ?? []).map((t) => t.toLowerCase());
}

/**
 * The multiset of `n`-token shingles of a token list, as counts by shingle. As in the benchmark, a text with fewer
 * than `n` tokens (but at least one) is a single shorter shingle, so a two-word prediction is not the same as none.
 */
export function shingleCounts(tokens: readonly string[], n = SHINGLE_SIZE): Map<string, number> {
  const counts = new Map<string, number>();
  if (tokens.length === 0) return counts;
  const windows = Math.max(1, tokens.length - n + 1);
  for (let i = 0; i < windows; i++) {
    // Tokens never contain a space, so joining with one keeps different shingles apart.
    const key = tokens.slice(i, i + n).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export interface MultisetMatch {
  /** Shingles in both, counted with multiplicity: Σ min(gold, predicted). */
  tp: number;
  /** Predicted beyond the gold count: Σ max(0, predicted − gold). */
  fp: number;
  /** Gold beyond the predicted count: Σ max(0, gold − predicted). */
  fn: number;
}

export function matchMultisets(gold: ReadonlyMap<string, number>, predicted: ReadonlyMap<string, number>): MultisetMatch {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, g] of gold) {
    const p = predicted.get(key) ?? 0;
    tp += Math.min(g, p);
    fn += Math.max(0, g - p);
  }
  for (const [key, p] of predicted) fp += Math.max(0, p - (gold.get(key) ?? 0));
  return { tp, fp, fn };
}

export interface PageScore extends MultisetMatch {
  /** tp/fp/fn above are divided by their sum (all 0 when both texts are empty). */
  goldShingles: number;
  predictedShingles: number;
  /**
   * tp / (tp + fp), or null when nothing was predicted: the benchmark leaves such a page out of the precision average
   * (an empty answer claims nothing false), while its recall is 0.
   */
  precision: number | null;
  /** tp / (tp + fn), or null when the gold text is empty: such a page is left out of the recall average. */
  recall: number | null;
}

/** One page's score of a predicted text against the gold text. */
export function scorePage(goldText: string, predictedText: string): PageScore {
  const gold = shingleCounts(tokenize(goldText));
  const predicted = shingleCounts(tokenize(predictedText));
  const raw = matchMultisets(gold, predicted);
  const sum = raw.tp + raw.fp + raw.fn;
  const norm = (x: number) => (sum > 0 ? x / sum : 0);
  const tp = norm(raw.tp);
  const fp = norm(raw.fp);
  const fn = norm(raw.fn);
  return {
    tp,
    fp,
    fn,
    goldShingles: raw.tp + raw.fn,
    predictedShingles: raw.tp + raw.fp,
    precision: raw.tp + raw.fp > 0 ? raw.tp / (raw.tp + raw.fp) : null,
    recall: raw.tp + raw.fn > 0 ? raw.tp / (raw.tp + raw.fn) : null,
  };
}

export interface AggregateScore {
  pages: number;
  /** Mean of the per-page precisions that are defined (pages with a non-empty prediction). */
  precision: number;
  /** Mean of the per-page recalls that are defined (pages with a non-empty gold text). */
  recall: number;
  /** Harmonic mean of the two averages (0 when both are 0). */
  f1: number;
  /** Pages whose prediction had no token at all (left out of the precision average, recall 0). */
  emptyPredictions: number;
}

/** The benchmark's summary: averages over pages, then F1 of the averages. NaN where no page defines a mean. */
export function aggregateScores(scores: readonly PageScore[]): AggregateScore {
  const precisions = scores.flatMap((s) => (s.precision === null ? [] : [s.precision]));
  const recalls = scores.flatMap((s) => (s.recall === null ? [] : [s.recall]));
  const precision = mean(precisions);
  const recall = mean(recalls);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : precision + recall === 0 ? 0 : NaN;
  return { pages: scores.length, precision, recall, f1, emptyPredictions: scores.length - precisions.length };
}

function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
