import { between, onLine, type Breakpoints } from './breakpoints.ts';

/** Appends w·|x − v| on [lo, hi] to dst: the own term of a node with score x (lo ≤ x ≤ hi). */
export function appendAbsoluteTerm(dst: Breakpoints, x: number, w: number, lo: number, hi: number): void {
  if (x > lo) dst.push(lo, w * (x - lo), 0);
  dst.push(x, 0, 1);
  if (hi > x) dst.push(hi, w * (hi - x), 0);
}

/**
 * Appends a + b to dst, a and b being ranges over the same domain (dst must be neither buffer). The breakpoints
 * are the union; a position is a score if it is one in either.
 */
export function appendSum(
  dst: Breakpoints,
  a: Breakpoints, aStart: number, aEnd: number,
  b: Breakpoints, bStart: number, bEnd: number,
): void {
  dst.reserve(aEnd - aStart + bEnd - bStart);
  // Columns in locals: this loop is where smoothTree spends most of its time.
  const { at, value, isScore } = dst;
  const { at: aAt, value: aValue, isScore: aScore } = a;
  const { at: bAt, value: bValue, isScore: bScore } = b;
  let i = aStart;
  let j = bStart;
  let n = dst.length;
  // The slope of the piece of a (of b) ending at breakpoint slopeOfA (slopeOfB), kept while the other function's
  // breakpoints fall inside it: a large child's many breakpoints mostly fall inside a small one's few pieces.
  let slopeOfA = -1;
  let aSlope = 0;
  let slopeOfB = -1;
  let bSlope = 0;
  while (i < aEnd && j < bEnd) {
    const pa = aAt[i];
    const pb = bAt[j];
    if (pa === pb) {
      at[n] = pa;
      value[n] = aValue[i] + bValue[j];
      isScore[n++] = aScore[i++] | bScore[j++];
    } else if (pa < pb) {
      // Both start at lo, so pb > pa means j is past b's first breakpoint: b is linear between j − 1 and j.
      if (slopeOfB !== j) {
        slopeOfB = j;
        bSlope = (bValue[j] - bValue[j - 1]) / (pb - bAt[j - 1]);
      }
      at[n] = pa;
      value[n] = aValue[i] + onLine(bAt[j - 1], bValue[j - 1], pb, bValue[j], bSlope, pa);
      isScore[n++] = aScore[i++];
    } else {
      if (slopeOfA !== i) {
        slopeOfA = i;
        aSlope = (aValue[i] - aValue[i - 1]) / (pa - aAt[i - 1]);
      }
      at[n] = pb;
      value[n] = onLine(aAt[i - 1], aValue[i - 1], pa, aValue[i], aSlope, pb) + bValue[j];
      isScore[n++] = bScore[j++];
    }
  }
  // On one domain both run out at hi together; a leftover means a caller mixed domains.
  if (i < aEnd || j < bEnd) throw new Error('appendSum: the two functions span different domains');
  dst.length = n;
}

/**
 * Appends src[start, end) + w·|x − v| to dst (lo ≤ x ≤ hi, src over [lo, hi]): a node's own term added while its
 * child's function is copied, in one pass and without appendSum's interpolation at each breakpoint (the term is
 * w·(x − v) left of x and w·(v − x) right of it). x becomes a score breakpoint.
 */
export function appendWithAbsoluteTerm(dst: Breakpoints, src: Breakpoints, start: number, end: number, x: number,
  w: number): void {
  dst.reserve(end - start + 1);
  const { at, value, isScore } = dst;
  const { at: sAt, value: sValue, isScore: sScore } = src;
  let n = dst.length;
  let i = start;
  for (; sAt[i] < x; i++, n++) {
    at[n] = sAt[i];
    value[n] = sValue[i] + w * (x - sAt[i]);
    isScore[n] = sScore[i];
  }
  at[n] = x;
  // src ends at hi ≥ x, and starts at lo: when x is not a breakpoint, i − 1 is one left of it.
  value[n] = sAt[i] === x ? sValue[i++] : between(sAt[i - 1], sValue[i - 1], sAt[i], sValue[i], x);
  isScore[n++] = 1;
  for (; i < end; i++, n++) {
    at[n] = sAt[i];
    value[n] = sValue[i] + w * (sAt[i] - x);
    isScore[n] = sScore[i];
  }
  dst.length = n;
}

/** Adds w·|x − v| to f[start, f.length) in place (f over [lo, hi], lo ≤ x ≤ hi); x becomes a score breakpoint. */
export function addAbsoluteTermInPlace(f: Breakpoints, start: number, x: number, w: number): void {
  let i = start;
  const end = f.length;
  // Find x first, so that a breakpoint inserted there is interpolated from the values before the term is added.
  while (f.at[i] < x) i++;
  if (f.at[i] === x) {
    f.isScore[i] = 1;
  } else {
    const v = between(f.at[i - 1], f.value[i - 1], f.at[i], f.value[i], x);
    f.reserve(1);
    f.at.copyWithin(i + 1, i, end);
    f.value.copyWithin(i + 1, i, end);
    f.isScore.copyWithin(i + 1, i, end);
    f.at[i] = x;
    f.value[i] = v;
    f.isScore[i] = 1;
    f.length = end + 1;
  }
  const { at, value } = f;
  for (let k = start; k < f.length; k++) value[k] += at[k] < x ? w * (x - at[k]) : w * (at[k] - x);
}

/** Appends a copy of src[start, end) to dst. */
export function appendCopy(dst: Breakpoints, src: Breakpoints, start: number, end: number): void {
  dst.reserve(end - start);
  const { at, value, isScore } = dst;
  let n = dst.length;
  // A plain loop: most copies are a handful of breakpoints, where subarray + set costs more than it saves.
  for (let i = start; i < end; i++, n++) {
    at[n] = src.at[i];
    value[n] = src.value[i];
    isScore[n] = src.isScore[i];
  }
  dst.length = n;
}
