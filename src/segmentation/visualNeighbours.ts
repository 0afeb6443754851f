/**
 * The "visually close neighbours" of paper 003 §4.2, the leaf pairs GCuts puts Potts terms on: each leaf with its
 * `perLeaf` nearest leaves by the gap between their boxes (within `maxGap` px), plus every two leaves that follow each
 * other in the document (a reader meets them one after the other even when a layout puts them apart). Symmetric and
 * without repeats: each unordered pair once, p < q.
 */
import { rectGap } from './pairFeatures.ts';

export interface NeighbourOptions {
  perLeaf?: number;
  maxGap?: number;
}

export function visualNeighbours(rect: ArrayLike<number>, leaves: ArrayLike<number>,
  { perLeaf = 4, maxGap = 200 }: NeighbourOptions = {}): { p: Int32Array; q: Int32Array } {
  const n = leaves.length;
  const seen = new Set<number>();
  const p: number[] = [];
  const q: number[] = [];
  const add = (a: number, b: number) => {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const key = lo * n + hi;
    if (lo === hi || seen.has(key)) return;
    seen.add(key);
    p.push(lo);
    q.push(hi);
  };
  for (let a = 0; a + 1 < n; a++) add(a, a + 1);
  // Leaves sorted by top edge: a leaf's close neighbours start no lower than its bottom + maxGap, which bounds the scan.
  const byTop = Array.from({ length: n }, (_, a) => a).sort((a, b) => rect[4 * leaves[a] + 1] - rect[4 * leaves[b] + 1]);
  const tops = byTop.map((a) => rect[4 * leaves[a] + 1]);
  let tallest = 0;
  for (let a = 0; a < n; a++) tallest = Math.max(tallest, rect[4 * leaves[a] + 3]);
  const nearest: Array<{ b: number; gap: number }> = [];
  for (let a = 0; a < n; a++) {
    const i = leaves[a];
    const top = rect[4 * i + 1] - maxGap;
    const bottom = rect[4 * i + 1] + rect[4 * i + 3] + maxGap;
    nearest.length = 0;
    // Boxes starting above `top` can still reach down to this one, so the scan starts at the first that could.
    for (let t = lowerBound(tops, top - tallest); t < n && tops[t] <= bottom; t++) {
      const b = byTop[t];
      if (b === a) continue;
      const gap = rectGap(rect, i, leaves[b]);
      if (gap <= maxGap) nearest.push({ b, gap });
    }
    nearest.sort((x, y) => x.gap - y.gap || x.b - y.b);
    for (let k = 0; k < Math.min(perLeaf, nearest.length); k++) add(a, nearest[k].b);
  }
  return { p: Int32Array.from(p), q: Int32Array.from(q) };
}

function lowerBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
