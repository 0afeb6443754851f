/**
 * Growable columns of breakpoints (position, value, score flag). Many continuous piecewise-linear functions live
 * side by side in one of these, each as a range [start, end): one allocation per buffer instead of several per
 * node keeps smoothTree fast on 100k-node trees.
 *
 * A function given by a range is defined on [at[start], at[end − 1]] and is linear between consecutive
 * breakpoints, whose positions strictly increase. isScore is 1 where the position is a score of the subtree the
 * function belongs to: only those may become a new segment's value; the other breakpoints are where a linear piece
 * crosses a constant.
 */
export class Breakpoints {
  at: Float64Array;
  value: Float64Array;
  isScore: Uint8Array;
  length = 0;

  constructor(capacity = 64) {
    this.at = new Float64Array(capacity);
    this.value = new Float64Array(capacity);
    this.isScore = new Uint8Array(capacity);
  }

  /** Makes room for `extra` more breakpoints. The columns may be replaced: read them again afterwards. */
  reserve(extra: number): void {
    const need = this.length + extra;
    if (need <= this.at.length) return;
    const capacity = Math.max(need, 2 * this.at.length);
    const at = new Float64Array(capacity);
    const value = new Float64Array(capacity);
    const isScore = new Uint8Array(capacity);
    at.set(this.at.subarray(0, this.length));
    value.set(this.value.subarray(0, this.length));
    isScore.set(this.isScore.subarray(0, this.length));
    this.at = at;
    this.value = value;
    this.isScore = isScore;
  }

  push(at: number, value: number, isScore: number): void {
    this.reserve(1);
    this.at[this.length] = at;
    this.value[this.length] = value;
    this.isScore[this.length++] = isScore;
  }
}

/**
 * The line through (x0, y0) and (x1, y1) at v, x0 ≤ v ≤ x1, measured from the nearer end. From the far end, a huge
 * value there (say w·|x − lo| on a wide score range) would swamp a small one next to v: with lo = −65536,
 * w = 1000 and v = −1e−12 next to x = 0, 6.5e7 − 6.5e7·(1 − 1.5e−17) rounds to 0 instead of 1e−9.
 */
export function between(x0: number, y0: number, x1: number, y1: number, v: number): number {
  // At an end exactly, that end's value: also when x0 = x1 (a one-point range of a kinkTree node).
  if (v === x0) return y0;
  if (v === x1) return y1;
  return v - x0 <= x1 - v ? y0 + (y1 - y0) * ((v - x0) / (x1 - x0)) : y1 - (y1 - y0) * ((x1 - v) / (x1 - x0));
}

/**
 * The line through (x0, y0) and (x1, y1), of the given slope, at v (x0 ≤ v ≤ x1): from the nearer end, as `between`
 * does and for the same reason, but without its division (the caller has the slope already).
 */
export function onLine(x0: number, y0: number, x1: number, y1: number, slope: number, v: number): number {
  return v - x0 <= x1 - v ? y0 + slope * (v - x0) : y1 - slope * (x1 - v);
}

/**
 * Where the line through (x0, y0) and (x1, y1) meets the level c (y0 ≠ y1), measured from the nearer end for the
 * same reason as `between`; clamped to [x0, x1], which rounding could otherwise leave.
 */
export function crossing(x0: number, y0: number, x1: number, y1: number, c: number): number {
  const fromLeft = (c - y0) / (y1 - y0);
  const q = fromLeft <= 0.5 ? x0 + fromLeft * (x1 - x0) : x1 - ((y1 - c) / (y1 - y0)) * (x1 - x0);
  return Math.min(x1, Math.max(x0, q));
}
