import { between, type Breakpoints } from './breakpoints.ts';

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
  while (i < aEnd && j < bEnd) {
    const pa = aAt[i];
    const pb = bAt[j];
    if (pa === pb) {
      at[n] = pa;
      value[n] = aValue[i] + bValue[j];
      isScore[n++] = aScore[i++] | bScore[j++];
    } else if (pa < pb) {
      // Both start at lo, so pb > pa means j is past b's first breakpoint: b is linear between j − 1 and j.
      at[n] = pa;
      value[n] = aValue[i] + between(bAt[j - 1], bValue[j - 1], pb, bValue[j], pa);
      isScore[n++] = aScore[i++];
    } else {
      at[n] = pb;
      value[n] = between(aAt[i - 1], aValue[i - 1], pa, aValue[i], pb) + bValue[j];
      isScore[n++] = bScore[j++];
    }
  }
  // On one domain both run out at hi together; a leftover means a caller mixed domains.
  if (i < aEnd || j < bEnd) throw new Error('appendSum: the two functions span different domains');
  dst.length = n;
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
