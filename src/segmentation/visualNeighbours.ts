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
  const pairs = new PairList(n);
  for (let a = 0; a + 1 < n; a++) pairs.add(a, a + 1);
  // Leaves sorted by top edge: a leaf's close neighbours start no lower than its bottom + maxGap, which bounds the scan.
  const byTop = Int32Array.from({ length: n }, (_, a) => a).sort((a, b) => rect[4 * leaves[a] + 1] - rect[4 * leaves[b] + 1]);
  const tops = Float64Array.from(byTop, (a) => rect[4 * leaves[a] + 1]);
  let tallest = 0;
  for (let a = 0; a < n; a++) tallest = Math.max(tallest, rect[4 * leaves[a] + 3]);
  const nearest = new NearestLeaves(perLeaf);
  for (let a = 0; a < n; a++) {
    const i = leaves[a];
    const top = rect[4 * i + 1] - maxGap;
    const bottom = rect[4 * i + 1] + rect[4 * i + 3] + maxGap;
    nearest.clear();
    // Boxes starting above `top` can still reach down to this one, so the scan starts at the first that could.
    for (let t = lowerBound(tops, top - tallest); t < n && tops[t] <= bottom; t++) {
      const b = byTop[t];
      if (b === a) continue;
      const gap = rectGap(rect, i, leaves[b]);
      if (gap <= maxGap) nearest.offer(b, gap);
    }
    for (let k = 0; k < nearest.size; k++) pairs.add(a, nearest.leaf[k]);
  }
  return pairs.arrays();
}

/** The `capacity` nearest leaves offered, nearest first, ties to the lower index (a sort of all, cut, in one pass). */
class NearestLeaves {
  readonly leaf: Int32Array;
  private readonly gap: Float64Array;
  size = 0;

  constructor(private readonly capacity: number) {
    this.leaf = new Int32Array(capacity);
    this.gap = new Float64Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  offer(b: number, gap: number): void {
    const { leaf, capacity } = this;
    let at = this.size;
    while (at > 0 && (this.gap[at - 1] > gap || (this.gap[at - 1] === gap && leaf[at - 1] > b))) at--;
    if (at >= capacity) return;
    const end = Math.min(this.size, capacity - 1);
    for (let k = end; k > at; k--) {
      leaf[k] = leaf[k - 1];
      this.gap[k] = this.gap[k - 1];
    }
    leaf[at] = b;
    this.gap[at] = gap;
    if (this.size < capacity) this.size++;
  }
}

/** Unordered pairs of leaf positions, each once, as p < q, in the order first added. */
class PairList {
  private readonly seen = new Set<number>();
  private p: number[] = [];
  private q: number[] = [];

  constructor(private readonly n: number) {}

  add(a: number, b: number): void {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const key = lo * this.n + hi;
    if (lo === hi || this.seen.has(key)) return;
    this.seen.add(key);
    this.p.push(lo);
    this.q.push(hi);
  }

  arrays(): { p: Int32Array; q: Int32Array } {
    return { p: Int32Array.from(this.p), q: Int32Array.from(this.q) };
  }
}

function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
