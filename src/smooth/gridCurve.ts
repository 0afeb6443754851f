import { between } from './breakpoints.ts';

/**
 * A node's cost as a function of its value, known at the m sorted distinct scores s_0 < … < s_m−1 (the only values
 * an optimum needs, 000 Lemma 3) and drawn as the line through them: its kinks are the ranks where the slope changes.
 * Ranks 0 and m − 1 are always kinks, so a function is its kinks' ranks and values.
 *
 * The walk in excursions.ts reads and caps a function only through this interface, so that small functions (sorted
 * arrays, gridArray.ts) and large ones (kinkTree.ts) are smoothed by one piece of code.
 */
export interface GridCurve {
  /** The value at a kink. */
  kinkValue(rank: number): number;
  /**
   * The right end k2 of the nearest pair of consecutive kinks (k1, k2) with k2 ≤ rank where the function rises
   * (f(k2) > f(k1), `rising`) or falls (f(k2) < f(k1)); -1 if there is none. Leaves f(k2) in pairValue.
   */
  prevPair(rank: number, rising: boolean): number;
  /**
   * The value at the kink the last prevPair returned: the search passes it, and reading it again would cost another
   * descent of a KinkTree.
   */
  pairValue: number;
  /** On a stretch from kink `from` to kink `to` where f does not rise, f(from) > level ≥ f(to): the last rank with
   * f > level. */
  lastAbove(from: number, to: number, level: number): number;
  /** On a stretch from kink `from` to kink `to` where f does not fall, f(from) ≤ level < f(to): the first rank
   * with f > level. */
  firstAbove(from: number, to: number, level: number): number;
  /** Sets f to `level` at ranks j1 … j2 (f is above it there), keeping its values elsewhere. */
  cap(j1: number, j2: number, level: number): void;
}

/**
 * Between kinks p < k (f(p) at fp, f(k) at fk), the first rank j in (p, k] with f(s_j) > level when f rises there
 * (fp ≤ level < fk), by bisection over the scores: the line is monotone.
 */
export function firstRankAbove(s: Float64Array, p: number, fp: number, k: number, fk: number, level: number): number {
  let lo = p + 1;
  let hi = k;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (between(s[p], fp, s[k], fk, s[mid]) > level) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Between kinks p < k where f falls (fp > level ≥ fk): the last rank j in [p, k) with f(s_j) > level. */
export function lastRankAbove(s: Float64Array, p: number, fp: number, k: number, fk: number, level: number): number {
  let lo = p;
  let hi = k - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (between(s[p], fp, s[k], fk, s[mid]) > level) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
