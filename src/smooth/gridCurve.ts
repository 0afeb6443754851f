/**
 * A node's cost as a function of its value, known at the m sorted distinct scores s_0 < … < s_m−1 (the only values
 * an optimum needs, 000 Lemma 3) and drawn as the line through them: its kinks are the ranks where the slope changes.
 * Ranks 0 and m − 1 are always kinks, so a function is its kinks' ranks and values.
 *
 * The walk in excursions.ts reads and caps a function only through this interface, so that small functions (sorted
 * arrays, gridArray.ts) and large ones (kinkTree.ts) are smoothed by one piece of code.
 */
export interface GridCurve {
  /** Lists the function's turns, right to left, into `out` (see CurveTurns). */
  listTurns(out: CurveTurns): void;
  /** On a stretch from kink `from` to kink `to` where f does not rise, f(from) > level ≥ f(to): the last rank with
   * f > level. */
  lastAbove(from: number, to: number, level: number): number;
  /** On a stretch from kink `from` to kink `to` where f does not fall, f(from) ≤ level < f(to): the first rank
   * with f > level. */
  firstAbove(from: number, to: number, level: number): number;
  /** f at the rank the last lastAbove or firstAbove returned. */
  aboveValue: number;
  /** Sets f to `level` at ranks j1 … j2 (f is above it there), keeping its values elsewhere. */
  cap(j1: number, j2: number, level: number): void;
}

/**
 * Where a function turns, right to left, as the walk (excursions.ts) visits them: scanning the pairs of consecutive
 * kinks (k1, k2) leftwards from the last rank, the right end k2 of the first pair where f falls (f(k2) < f(k1)),
 * then of the first pair after it where f rises, then falls, and so on; level pairs are passed over. So turn 0 is
 * the rightmost bottom, turn 1 the top left of it, turn 2 the next bottom… Listing them in one pass over a KinkTree
 * shares the descents that a search per turn would repeat from the root, and the walk's caps only change the
 * function right of the turns it has still to read, so the list stays true while the walk uses it.
 */
export class CurveTurns {
  rank = new Int32Array(16);
  value = new Float64Array(16);
  count = 0;
  /** f at rank 0, where the last stretch ends. */
  valueAtZero = NaN;

  push(rank: number, value: number): void {
    if (this.count === this.rank.length) {
      const r = new Int32Array(2 * this.count);
      const v = new Float64Array(2 * this.count);
      r.set(this.rank);
      v.set(this.value);
      this.rank = r;
      this.value = v;
    }
    this.rank[this.count] = rank;
    this.value[this.count++] = value;
  }
}

/**
 * Between kinks p < k (f(p) at fp, f(k) at fk), the first rank j in (p, k] with f(s_j) > level when f rises there
 * (fp ≤ level < fk), by bisection over the scores: the line is monotone.
 *
 * The line's value at s_mid is `between`'s, written out (mid lies strictly between p and k, so its cases for the ends
 * do not arise): inlined into the walk's stretchesAbove, these loops are past V8's inlining budget, and the call
 * boxed s[mid] into a new heap number at every step (on a 100k spine, about 5 MB of garbage a run).
 */
export function firstRankAbove(s: Float64Array, p: number, fp: number, k: number, fk: number, level: number): number {
  const x0 = s[p];
  const x1 = s[k];
  const rise = fk - fp;
  const width = x1 - x0;
  let lo = p + 1;
  let hi = k;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = s[mid];
    if ((v - x0 <= x1 - v ? fp + rise * ((v - x0) / width) : fk - rise * ((x1 - v) / width)) > level) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Between kinks p < k where f falls (fp > level ≥ fk): the last rank j in [p, k) with f(s_j) > level. */
export function lastRankAbove(s: Float64Array, p: number, fp: number, k: number, fk: number, level: number): number {
  const x0 = s[p];
  const x1 = s[k];
  const rise = fk - fp;
  const width = x1 - x0;
  let lo = p;
  let hi = k - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    const v = s[mid];
    if ((v - x0 <= x1 - v ? fp + rise * ((v - x0) / width) : fk - rise * ((x1 - v) / width)) > level) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
