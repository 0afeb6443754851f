import { between } from './breakpoints.ts';
import { firstRankAbove, lastRankAbove, type CurveTurns, type GridCurve } from './gridCurve.ts';

/**
 * Growable columns of kinks (rank, value). Many small functions live side by side in one of these, each as a range
 * [start, end) sorted by rank, from 0 to m − 1: one allocation per buffer instead of several per node.
 */
export class GridKinks {
  rank: Int32Array;
  value: Float64Array;
  length = 0;

  constructor(capacity = 64) {
    this.rank = new Int32Array(capacity);
    this.value = new Float64Array(capacity);
  }

  /** Makes room for `extra` more kinks. The columns may be replaced: read them again afterwards. */
  reserve(extra: number): void {
    const need = this.length + extra;
    if (need <= this.rank.length) return;
    const capacity = Math.max(need, 2 * this.rank.length);
    const rank = new Int32Array(capacity);
    const value = new Float64Array(capacity);
    rank.set(this.rank.subarray(0, this.length));
    value.set(this.value.subarray(0, this.length));
    this.rank = rank;
    this.value = value;
  }

  push(rank: number, value: number): void {
    this.reserve(1);
    this.rank[this.length] = rank;
    this.value[this.length++] = value;
  }

  /** Appends src's kinks [start, end), a block copy of each column. */
  append(src: GridKinks, start = 0, end = src.length): void {
    this.reserve(end - start);
    this.rank.set(src.rank.subarray(start, end), this.length);
    this.value.set(src.value.subarray(start, end), this.length);
    this.length += end - start;
  }
}

/** Appends w·|x − s_j| (x = s_r) to dst: the own term of a node. */
export function appendOwnTerm(dst: GridKinks, s: Float64Array, r: number, w: number): void {
  const last = s.length - 1;
  if (r > 0) dst.push(0, w * (s[r] - s[0]));
  dst.push(r, 0);
  if (r < last) dst.push(last, w * (s[last] - s[r]));
}

/** Appends a + b to dst (dst is neither): the kinks are the union, each value the sum there. */
export function appendGridSum(dst: GridKinks, s: Float64Array, a: GridKinks, aStart: number, aEnd: number,
  b: GridKinks, bStart: number, bEnd: number): void {
  dst.reserve(aEnd - aStart + bEnd - bStart);
  const { rank, value } = dst;
  const { rank: aRank, value: aValue } = a;
  const { rank: bRank, value: bValue } = b;
  let i = aStart;
  let j = bStart;
  let n = dst.length;
  while (i < aEnd && j < bEnd) {
    const ra = aRank[i];
    const rb = bRank[j];
    if (ra === rb) {
      rank[n] = ra;
      value[n++] = aValue[i++] + bValue[j++];
    } else if (ra < rb) {
      // Both start at rank 0, so rb > ra means b is linear between kinks j − 1 and j.
      rank[n] = ra;
      value[n++] = aValue[i++] + between(s[bRank[j - 1]], bValue[j - 1], s[rb], bValue[j], s[ra]);
    } else {
      rank[n] = rb;
      value[n++] = between(s[aRank[i - 1]], aValue[i - 1], s[ra], aValue[i], s[rb]) + bValue[j++];
    }
  }
  if (i < aEnd || j < bEnd) throw new Error('appendGridSum: the two functions span different ranks');
  dst.length = n;
}

/** A small function as one sorted array, smoothed in place by the walk (excursions.ts). */
export class GridArray implements GridCurve {
  kinks = new GridKinks(64);
  private spare = new GridKinks(64);

  constructor(private readonly s: Float64Array) {}

  /** Index of the last kink at or before rank. */
  private indexAtOrBefore(rank: number): number {
    const r = this.kinks.rank;
    let lo = 0;
    let hi = this.kinks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (r[mid] <= rank) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  listTurns(out: CurveTurns): void {
    const { value: v, rank: r, length } = this.kinks;
    out.count = 0;
    let falling = true;
    for (let i = length - 1; i > 0; i--) {
      if (falling ? v[i] < v[i - 1] : v[i] > v[i - 1]) {
        out.push(r[i], v[i]);
        falling = !falling;
      }
    }
    out.valueAtZero = v[0];
  }

  lastAbove(from: number, to: number, level: number): number {
    const { rank: r, value: v } = this.kinks;
    let i = this.indexAtOrBefore(from) + 1;
    const end = this.indexAtOrBefore(to);
    while (i < end && v[i] > level) i++;
    const j = lastRankAbove(this.s, r[i - 1], v[i - 1], r[i], v[i], level);
    this.aboveValue = between(this.s[r[i - 1]], v[i - 1], this.s[r[i]], v[i], this.s[j]);
    return j;
  }

  firstAbove(from: number, to: number, level: number): number {
    const { rank: r, value: v } = this.kinks;
    let i = this.indexAtOrBefore(from) + 1;
    const end = this.indexAtOrBefore(to);
    while (i < end && v[i] <= level) i++;
    const j = firstRankAbove(this.s, r[i - 1], v[i - 1], r[i], v[i], level);
    this.aboveValue = between(this.s[r[i - 1]], v[i - 1], this.s[r[i]], v[i], this.s[j]);
    return j;
  }

  aboveValue = NaN;

  cap(j1: number, j2: number, level: number): void {
    const { s } = this;
    const src = this.kinks;
    const dst = this.spare;
    dst.length = 0;
    dst.reserve(src.length + 4);
    const { rank: r, value: v } = src;
    let i = 0;
    while (i < src.length && r[i] < j1) dst.push(r[i], v[i++]);
    // The ranks next to the capped ones keep their values: kinks there hold the line up to them.
    if (j1 > 0 && r[i - 1] !== j1 - 1) dst.push(j1 - 1, between(s[r[i - 1]], v[i - 1], s[r[i]], v[i], s[j1 - 1]));
    dst.push(j1, level);
    if (j2 > j1) dst.push(j2, level);
    while (i < src.length && r[i] <= j2) i++;
    if (i < src.length && r[i] !== j2 + 1) {
      dst.push(j2 + 1, between(s[r[i - 1]], v[i - 1], s[r[i]], v[i], s[j2 + 1]));
    }
    while (i < src.length) dst.push(r[i], v[i++]);
    this.spare = src;
    this.kinks = dst;
  }
}
