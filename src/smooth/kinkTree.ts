import { between, onLine } from './breakpoints.ts';
import { firstRankAbove, lastRankAbove, type CurveTurns, type GridCurve } from './gridCurve.ts';
import { GridKinks } from './gridArray.ts';
import { KinkBuckets } from './kinkBuckets.ts';

/** Entries of a node's row in KinkTree.ints and KinkTree.floats. */
const LEFT = 0;
const RIGHT = 1;
const FIRST_RANK = 2;
const LAST_RANK = 3;
const COUNT = 4;
const TAGGED = 5;
const BUCKET = 6;
const FIRST_VALUE = 0;
const LAST_VALUE = 1;
const MIN_SLOPE = 2;
const MAX_SLOPE = 3;
const TAG_LEFT = 4;
const TAG_RIGHT = 5;
const TAG_SLOPE = 6;

/**
 * Kinks a leaf holds at most. A leaf of one kink made every step of a walk a row of its own: on a spine of 100k nodes
 * the tree held ~26k kinks in ~50k rows of 96 bytes, which the walks read from memory. Leaves of up to 32 kinks leave
 * ~4k rows, and a walk ends in a short loop over one leaf's kinks (spine 100k: 350 → 275 ms,
 * `npx tsx src/cli/bench/benchSmoothingShapes.ts`, before and after).
 */
export const BUCKET_KINKS = 32;

/**
 * Large cost functions (gridCurve.ts) as sparse segment trees over the ranks 0 … m − 1: a node stands for a range
 * of ranks and exists only if a kink lies in it; a leaf holds up to `bucketKinks` kinks of its range as a sorted run
 * (kinkBuckets.ts), as high up as its range holds no more: a walk splits a full leaf (`split`) only when a kink is
 * to be added to it. All trees share one pool of nodes and one of runs.
 *
 * Why a tree: on a chain of wrappers every node's function holds nearly all scores below it, and copying it at each
 * node costs n × depth. Here a node adds its own term and its small children with O(log m + bucketKinks) work per
 * kink added, and the walk (excursions.ts) reads values and finds where the function turns or crosses a level in
 * O(log m + bucketKinks) each.
 *
 * Adding a line to a range of ranks is lazy: a node keeps the pending line as its values at the node's two end
 * scores and its slope, and evaluates it at a child's ends, or at a leaf's kinks, from the nearer end (`onLine`).
 * Everything added is a piece of a function ≥ 0, so no value is the small difference of two large ones (which would
 * lose the small values the comparisons between staying and starting a segment depend on). That is also why the
 * tree keeps values, not the changes of slope at the kinks: a value summed from rank 0 up lost them (a cost of 0
 * read as 1.1e-9 in the extreme-number property test, where f(s_0) was 1.7e7).
 */
export class KinkTree {
  /**
   * The nodes, a row of 8 entries each (node x at 8x …): in ints, its children, the ranks of the first and last kink
   * under it, their number, whether a line is pending for its children (or its leaf's kinks) and its run of kinks if
   * it is a leaf (0 for an inner node); in floats, the values at the first and last kink (its own pending line
   * included), the least and greatest slope between consecutive kinks under it (where to look for a turn), and the
   * pending line (its values at the node's end scores, and its slope). A row rather than a column per field: a step
   * of a walk then reads one or two cache lines instead of a dozen.
   */
  private ints = new Int32Array(8 * 1024);
  private floats = new Float64Array(8 * 1024);
  private used = 1; // node 0 is "none"
  private free: number[] = [];
  private readonly buckets: KinkBuckets;
  /** Kinks a leaf holds at most (BUCKET_KINKS unless a test asks for small leaves, to reach every split). */
  private readonly cap: number;
  /** A leaf's run while it is rewritten: its kinks plus the two a cap may add. */
  private readonly scratchRank: Int32Array;
  private readonly scratchValue: Float64Array;
  private readonly mergeScratch = new GridKinks(64);

  /** The highest rank, m − 1: every tree covers ranks 0 … last. */
  readonly last: number;

  constructor(private readonly s: Float64Array, bucketKinks = BUCKET_KINKS) {
    if (!(bucketKinks >= 2)) throw new Error(`KinkTree: leaves must hold 2 kinks or more, not ${bucketKinks}`);
    this.last = s.length - 1;
    this.cap = bucketKinks;
    this.buckets = new KinkBuckets(bucketKinks);
    this.scratchRank = new Int32Array(bucketKinks + 2);
    this.scratchValue = new Float64Array(bucketKinks + 2);
  }

  /** Kinks in the tree rooted at `root`. */
  size(root: number): number {
    return this.ints[8 * root + COUNT];
  }

  /** A new inner node, without children yet. */
  private node(): number {
    const x = this.free.length > 0 ? this.free.pop()! : this.used++;
    if (8 * x >= this.ints.length) this.grow();
    this.ints[8 * x + LEFT] = 0;
    this.ints[8 * x + RIGHT] = 0;
    this.ints[8 * x + TAGGED] = 0;
    this.ints[8 * x + BUCKET] = 0;
    return x;
  }

  /** A new leaf with an empty run; the caller fills the run, sets COUNT and summarizes it. */
  private newLeaf(): number {
    const x = this.node();
    this.ints[8 * x + BUCKET] = this.buckets.alloc();
    return x;
  }

  private grow(): void {
    const ints = new Int32Array(2 * this.ints.length);
    const floats = new Float64Array(2 * this.floats.length);
    ints.set(this.ints);
    floats.set(this.floats);
    this.ints = ints;
    this.floats = floats;
  }

  /** Gives a whole tree's nodes and runs back to the pools. */
  release(x: number): void {
    if (x === 0) return;
    if (this.isLeaf(x)) {
      this.buckets.release(this.ints[8 * x + BUCKET]);
    } else {
      this.release(this.ints[8 * x + LEFT]);
      this.release(this.ints[8 * x + RIGHT]);
    }
    this.free.push(x);
  }

  private isLeaf(x: number): boolean {
    return this.ints[8 * x + BUCKET] !== 0;
  }

  /** Where the leaf x's run starts in the buckets' columns. */
  private base(x: number): number {
    return this.cap * this.ints[8 * x + BUCKET];
  }

  /** Sets the leaf x's summary from its run (no line pending). */
  private summarizeLeaf(x: number): void {
    const { rank, value } = this.buckets;
    const { s } = this;
    const base = this.base(x);
    const end = base + this.ints[8 * x + COUNT];
    this.ints[8 * x + FIRST_RANK] = rank[base];
    this.ints[8 * x + LAST_RANK] = rank[end - 1];
    this.floats[8 * x + FIRST_VALUE] = value[base];
    this.floats[8 * x + LAST_VALUE] = value[end - 1];
    let min = Infinity;
    let max = -Infinity;
    for (let k = base + 1; k < end; k++) {
      const slope = (value[k] - value[k - 1]) / (s[rank[k]] - s[rank[k - 1]]);
      if (slope < min) min = slope;
      if (slope > max) max = slope;
    }
    this.floats[8 * x + MIN_SLOPE] = min;
    this.floats[8 * x + MAX_SLOPE] = max;
  }

  /** A new leaf holding the kinks (rank[start, end), value[start, end)). */
  private leafFrom(rank: Int32Array, value: Float64Array, start: number, end: number): number {
    const x = this.newLeaf();
    const base = this.base(x);
    this.buckets.rank.set(rank.subarray(start, end), base);
    this.buckets.value.set(value.subarray(start, end), base);
    this.ints[8 * x + COUNT] = end - start;
    this.summarizeLeaf(x);
    return x;
  }

  private pull(x: number): void {
    const a = this.ints[8 * x + LEFT];
    const b = this.ints[8 * x + RIGHT];
    if (a === 0 || b === 0) {
      const c = a === 0 ? b : a;
      this.ints[8 * x + FIRST_RANK] = this.ints[8 * c + FIRST_RANK];
      this.ints[8 * x + LAST_RANK] = this.ints[8 * c + LAST_RANK];
      this.ints[8 * x + COUNT] = this.ints[8 * c + COUNT];
      this.floats[8 * x + FIRST_VALUE] = this.floats[8 * c + FIRST_VALUE];
      this.floats[8 * x + LAST_VALUE] = this.floats[8 * c + LAST_VALUE];
      this.floats[8 * x + MIN_SLOPE] = this.floats[8 * c + MIN_SLOPE];
      this.floats[8 * x + MAX_SLOPE] = this.floats[8 * c + MAX_SLOPE];
      return;
    }
    const { s } = this;
    const slope = (this.floats[8 * b + FIRST_VALUE] - this.floats[8 * a + LAST_VALUE]) /
      (s[this.ints[8 * b + FIRST_RANK]] - s[this.ints[8 * a + LAST_RANK]]);
    this.ints[8 * x + FIRST_RANK] = this.ints[8 * a + FIRST_RANK];
    this.ints[8 * x + LAST_RANK] = this.ints[8 * b + LAST_RANK];
    this.ints[8 * x + COUNT] = this.ints[8 * a + COUNT] + this.ints[8 * b + COUNT];
    this.floats[8 * x + FIRST_VALUE] = this.floats[8 * a + FIRST_VALUE];
    this.floats[8 * x + LAST_VALUE] = this.floats[8 * b + LAST_VALUE];
    this.floats[8 * x + MIN_SLOPE] = Math.min(this.floats[8 * a + MIN_SLOPE], this.floats[8 * b + MIN_SLOPE], slope);
    this.floats[8 * x + MAX_SLOPE] = Math.max(this.floats[8 * a + MAX_SLOPE], this.floats[8 * b + MAX_SLOPE], slope);
  }

  /** Adds the line with values yl at s_l and yr at s_r to every kink under x (x covers ranks l … r). */
  private addLine(x: number, l: number, r: number, yl: number, yr: number): void {
    this.addSlopedLine(x, l, r, yl, yr, l === r ? 0 : (yr - yl) / (this.s[r] - this.s[l]));
  }

  /**
   * addLine with the line's slope given: a pushed tag hands its slope down to both halves, which saves the
   * divisions that are most of a push's work.
   */
  private addSlopedLine(x: number, l: number, r: number, yl: number, yr: number, slope: number): void {
    if (l === r) {
      // A leaf of one rank: its one kink takes the value at once.
      this.floats[8 * x + FIRST_VALUE] += yl;
      this.floats[8 * x + LAST_VALUE] = this.floats[8 * x + FIRST_VALUE];
      this.buckets.value[this.base(x)] = this.floats[8 * x + FIRST_VALUE];
      return;
    }
    const { s } = this;
    const sl = s[l];
    const sr = s[r];
    this.floats[8 * x + FIRST_VALUE] += onLine(sl, yl, sr, yr, slope, s[this.ints[8 * x + FIRST_RANK]]);
    this.floats[8 * x + LAST_VALUE] += onLine(sl, yl, sr, yr, slope, s[this.ints[8 * x + LAST_RANK]]);
    this.floats[8 * x + MIN_SLOPE] += slope;
    this.floats[8 * x + MAX_SLOPE] += slope;
    if (this.ints[8 * x + TAGGED]) {
      this.floats[8 * x + TAG_LEFT] += yl;
      this.floats[8 * x + TAG_RIGHT] += yr;
      this.floats[8 * x + TAG_SLOPE] += slope;
    } else {
      this.floats[8 * x + TAG_LEFT] = yl;
      this.floats[8 * x + TAG_RIGHT] = yr;
      this.floats[8 * x + TAG_SLOPE] = slope;
      this.ints[8 * x + TAGGED] = 1;
    }
  }

  /** Hands x's pending line to its children, or to its kinks if x is a leaf. */
  private push(x: number, l: number, r: number): void {
    if (!this.ints[8 * x + TAGGED]) return;
    this.ints[8 * x + TAGGED] = 0;
    const { s } = this;
    const yl = this.floats[8 * x + TAG_LEFT];
    const yr = this.floats[8 * x + TAG_RIGHT];
    const slope = this.floats[8 * x + TAG_SLOPE];
    if (this.isLeaf(x)) {
      const { rank, value } = this.buckets;
      const base = this.base(x);
      const end = base + this.ints[8 * x + COUNT];
      const sl = s[l];
      const sr = s[r];
      for (let k = base; k < end; k++) value[k] += onLine(sl, yl, sr, yr, slope, s[rank[k]]);
      return;
    }
    const mid = (l + r) >>> 1;
    const a = this.ints[8 * x + LEFT];
    const b = this.ints[8 * x + RIGHT];
    if (a !== 0) this.addSlopedLine(a, l, mid, yl, onLine(s[l], yl, s[r], yr, slope, s[mid]), slope);
    if (b !== 0) this.addSlopedLine(b, mid + 1, r, onLine(s[l], yl, s[r], yr, slope, s[mid + 1]), yr, slope);
  }

  /**
   * Turns the full leaf x over ranks l … r (l < r, its line pushed) into an inner node over two leaves, one per
   * half, so that a kink can be added below it. Its summary stays: the kinks are the same.
   */
  private split(x: number, l: number, r: number): void {
    const bucket = this.ints[8 * x + BUCKET];
    const base = this.base(x);
    const n = this.ints[8 * x + COUNT];
    const mid = (l + r) >>> 1;
    // The columns as they are now: a new leaf's run may replace them, but these keep x's kinks.
    const { rank, value } = this.buckets;
    let k = base;
    while (k < base + n && rank[k] <= mid) k++;
    const a = k > base ? this.leafFrom(rank, value, base, k) : 0;
    const b = k < base + n ? this.leafFrom(rank, value, k, base + n) : 0;
    this.buckets.release(bucket);
    this.ints[8 * x + BUCKET] = 0;
    this.ints[8 * x + LEFT] = a;
    this.ints[8 * x + RIGHT] = b;
  }

  /** The greatest kink rank ≤ rank, -1 if none. */
  prevKink(root: number, rank: number): number {
    let x = root;
    let l = 0;
    let r = this.last;
    // Descend towards `rank`, remembering the last left subtree passed by: its last kink is the answer if the
    // path finds none.
    let fallback = -1;
    while (x !== 0) {
      if (this.ints[8 * x + FIRST_RANK] > rank) return fallback;
      if (this.ints[8 * x + LAST_RANK] <= rank) return this.ints[8 * x + LAST_RANK];
      if (this.isLeaf(x)) {
        const ranks = this.buckets.rank;
        let k = this.base(x) + this.ints[8 * x + COUNT] - 1;
        while (ranks[k] > rank) k--;
        return ranks[k];
      }
      const mid = (l + r) >>> 1;
      if (rank <= mid) {
        x = this.ints[8 * x + LEFT];
        r = mid;
      } else {
        if (this.ints[8 * x + LEFT] !== 0) fallback = this.ints[8 * (this.ints[8 * x + LEFT]) + LAST_RANK];
        x = this.ints[8 * x + RIGHT];
        l = mid + 1;
      }
    }
    return fallback;
  }

  /** The least kink rank ≥ rank, -1 if none. */
  nextKink(root: number, rank: number): number {
    let x = root;
    let l = 0;
    let r = this.last;
    let fallback = -1;
    while (x !== 0) {
      if (this.ints[8 * x + LAST_RANK] < rank) return fallback;
      if (this.ints[8 * x + FIRST_RANK] >= rank) return this.ints[8 * x + FIRST_RANK];
      if (this.isLeaf(x)) {
        const ranks = this.buckets.rank;
        let k = this.base(x);
        while (ranks[k] < rank) k++;
        return ranks[k];
      }
      const mid = (l + r) >>> 1;
      if (rank > mid) {
        x = this.ints[8 * x + RIGHT];
        l = mid + 1;
      } else {
        if (this.ints[8 * x + RIGHT] !== 0) fallback = this.ints[8 * (this.ints[8 * x + RIGHT]) + FIRST_RANK];
        x = this.ints[8 * x + LEFT];
        r = mid;
      }
    }
    return fallback;
  }

  /** The value at a kink of the tree. */
  kinkValue(root: number, rank: number): number {
    let x = root;
    let l = 0;
    let r = this.last;
    for (;;) {
      if (x === 0) throw new Error(`kinkValue: no kink at rank ${rank}`);
      if (this.ints[8 * x + FIRST_RANK] === rank) return this.floats[8 * x + FIRST_VALUE];
      if (this.ints[8 * x + LAST_RANK] === rank) return this.floats[8 * x + LAST_VALUE];
      this.push(x, l, r);
      if (this.isLeaf(x)) {
        const { rank: ranks, value } = this.buckets;
        const base = this.base(x);
        for (let k = base; k < base + this.ints[8 * x + COUNT]; k++) if (ranks[k] === rank) return value[k];
        throw new Error(`kinkValue: no kink at rank ${rank}`);
      }
      const mid = (l + r) >>> 1;
      if (rank <= mid) {
        x = this.ints[8 * x + LEFT];
        r = mid;
      } else {
        x = this.ints[8 * x + RIGHT];
        l = mid + 1;
      }
    }
  }

  /** The value at any rank: on the line between the kinks around it. */
  valueAt(root: number, rank: number): number {
    const p = this.prevKink(root, rank);
    if (p === rank) return this.kinkValue(root, rank);
    const n = this.nextKink(root, rank);
    const { s } = this;
    return between(s[p], this.kinkValue(root, p), s[n], this.kinkValue(root, n), s[rank]);
  }

  /**
   * Makes `rank` a kink (the function is unchanged); returns the root. One descent: the kinks next to the path give
   * the value on the line where the new kink goes.
   */
  ensureKink(root: number, rank: number): number {
    return this.ensureKinkAt(root, 0, this.last, rank, -1, 0, -1, 0);
  }

  /** x covers ranks l … r; (p, pv) and (q, qv) are the function's kinks just outside the range (-1 if none). */
  private ensureKinkAt(x: number, l: number, r: number, rank: number, p: number, pv: number, q: number,
    qv: number): number {
    if (x === 0) return this.leafPath(rank, between(this.s[p], pv, this.s[q], qv, this.s[rank]));
    if (this.ints[8 * x + FIRST_RANK] === rank || this.ints[8 * x + LAST_RANK] === rank) return x;
    this.push(x, l, r);
    if (this.isLeaf(x)) {
      if (this.insertInLeaf(x, rank, 0, p, pv, q, qv)) return x;
      this.split(x, l, r);
    }
    const mid = (l + r) >>> 1;
    const a = this.ints[8 * x + LEFT];
    const b = this.ints[8 * x + RIGHT];
    if (rank <= mid) {
      const child = b !== 0
        ? this.ensureKinkAt(a, l, mid, rank, p, pv, this.ints[8 * b + FIRST_RANK], this.floats[8 * b + FIRST_VALUE])
        : this.ensureKinkAt(a, l, mid, rank, p, pv, q, qv);
      this.ints[8 * x + LEFT] = child;
    } else {
      const child = a !== 0
        ? this.ensureKinkAt(b, mid + 1, r, rank, this.ints[8 * a + LAST_RANK], this.floats[8 * a + LAST_VALUE], q, qv)
        : this.ensureKinkAt(b, mid + 1, r, rank, p, pv, q, qv);
      this.ints[8 * x + RIGHT] = child;
    }
    this.pull(x);
    return x;
  }

  /**
   * Adds w·|s_r − v| to the leaf x (its line pushed) and makes r a kink of it, taking the value on the line between
   * its neighbours, in the run or (p, pv), (q, qv) outside it; w = 0 only makes the kink. Returns false, changing
   * nothing, when r is new and the run is full.
   */
  private insertInLeaf(x: number, r: number, w: number, p: number, pv: number, q: number, qv: number): boolean {
    const { rank, value } = this.buckets;
    const { s } = this;
    const base = this.base(x);
    const n = this.ints[8 * x + COUNT];
    let i = base;
    while (i < base + n && rank[i] < r) i++;
    const present = i < base + n && rank[i] === r;
    if (!present && n === this.cap) return false;
    // The term is 0 at r, so a new kink takes the function's value there before the term is added.
    const v = present ? 0 : between(s[i > base ? rank[i - 1] : p], i > base ? value[i - 1] : pv,
      s[i < base + n ? rank[i] : q], i < base + n ? value[i] : qv, s[r]);
    if (w !== 0) {
      const sr = s[r];
      for (let k = base; k < i; k++) value[k] += w * (sr - s[rank[k]]);
      for (let k = i; k < base + n; k++) value[k] += w * (s[rank[k]] - sr);
    }
    if (!present) {
      rank.copyWithin(i + 1, i, base + n);
      value.copyWithin(i + 1, i, base + n);
      rank[i] = r;
      value[i] = v;
      this.ints[8 * x + COUNT] = n + 1;
    }
    this.summarizeLeaf(x);
    return true;
  }

  /** A new leaf holding the single kink (rank, value). */
  private leafPath(rank: number, value: number): number {
    const x = this.newLeaf();
    const base = this.base(x);
    this.buckets.rank[base] = rank;
    this.buckets.value[base] = value;
    this.ints[8 * x + COUNT] = 1;
    this.summarizeLeaf(x);
    return x;
  }

  /**
   * Sets the function to `level` on ranks j1 … j2, keeping its values elsewhere; returns the root. The ranks next to
   * the range become kinks first (they hold the lines up to it); then one walk drops the kinks inside and puts
   * kinks at j1 and j2.
   */
  setRange(root: number, j1: number, j2: number, level: number): number {
    if (j1 > 0) root = this.ensureKink(root, j1 - 1);
    if (j2 < this.last) root = this.ensureKink(root, j2 + 1);
    return this.setRangeAt(root, 0, this.last, j1, j2, level);
  }

  private setRangeAt(x: number, l: number, r: number, j1: number, j2: number, level: number): number {
    if (r < j1 || l > j2) return x;
    const hasJ1 = l <= j1 && j1 <= r;
    const hasJ2 = l <= j2 && j2 <= r && j2 !== j1;
    if (!hasJ1 && !hasJ2) {
      // Wholly inside the range and holding neither end: nothing of it stays.
      this.release(x);
      return 0;
    }
    if (x === 0) {
      x = this.newLeaf();
      const base = this.base(x);
      let n = 0;
      if (hasJ1) this.buckets.rank[base + n++] = j1;
      if (hasJ2) this.buckets.rank[base + n++] = j2;
      this.buckets.value[base] = level;
      this.buckets.value[base + 1] = level;
      this.ints[8 * x + COUNT] = n;
      this.summarizeLeaf(x);
      return x;
    }
    this.push(x, l, r);
    if (this.isLeaf(x)) {
      // The run without its kinks in j1 … j2, with j1 and j2 at the level instead, if it fits.
      const { rank, value } = this.buckets;
      const { scratchRank, scratchValue } = this;
      const base = this.base(x);
      const end = base + this.ints[8 * x + COUNT];
      let n = 0;
      let k = base;
      for (; k < end && rank[k] < j1; k++) {
        scratchRank[n] = rank[k];
        scratchValue[n++] = value[k];
      }
      if (hasJ1) {
        scratchRank[n] = j1;
        scratchValue[n++] = level;
      }
      if (hasJ2) {
        scratchRank[n] = j2;
        scratchValue[n++] = level;
      }
      while (k < end && rank[k] <= j2) k++;
      for (; k < end; k++) {
        scratchRank[n] = rank[k];
        scratchValue[n++] = value[k];
      }
      if (n <= this.cap) {
        rank.set(scratchRank.subarray(0, n), base);
        value.set(scratchValue.subarray(0, n), base);
        this.ints[8 * x + COUNT] = n;
        this.summarizeLeaf(x);
        return x;
      }
      this.split(x, l, r);
    }
    const mid = (l + r) >>> 1;
    const a = this.setRangeAt(this.ints[8 * x + LEFT], l, mid, j1, j2, level);
    this.ints[8 * x + LEFT] = a;
    const b = this.setRangeAt(this.ints[8 * x + RIGHT], mid + 1, r, j1, j2, level);
    this.ints[8 * x + RIGHT] = b;
    this.pull(x);
    this.joinLeaves(x, l, r);
    return x;
  }

  /**
   * Makes the inner node x (ranks l … r, its line pushed) a leaf again when a cap has left few enough kinks under it
   * in leaves: a lone leaf child moves up, two leaves of half a run or less become one. Caps are what remove kinks,
   * and without this a tree that caps keeps the leaves it once split, ever emptier, and walks go through more rows.
   */
  private joinLeaves(x: number, l: number, r: number): void {
    const a = this.ints[8 * x + LEFT];
    const b = this.ints[8 * x + RIGHT];
    if ((a !== 0 && !this.isLeaf(a)) || (b !== 0 && !this.isLeaf(b))) return;
    if (a !== 0 && b !== 0 && this.ints[8 * x + COUNT] > this.cap >> 1) return;
    const mid = (l + r) >>> 1;
    const bucket = this.buckets.alloc();
    let n = this.moveRun(a, l, mid, this.cap * bucket, 0);
    n = this.moveRun(b, mid + 1, r, this.cap * bucket, n);
    this.ints[8 * x + BUCKET] = bucket;
    this.ints[8 * x + LEFT] = 0;
    this.ints[8 * x + RIGHT] = 0;
    this.ints[8 * x + COUNT] = n;
    this.summarizeLeaf(x);
  }

  /** Copies the leaf c's kinks (ranks l … r; 0 for none) to the run at `base` from its n-th place, and frees c. */
  private moveRun(c: number, l: number, r: number, base: number, n: number): number {
    if (c === 0) return n;
    this.push(c, l, r);
    const from = this.base(c);
    const count = this.ints[8 * c + COUNT];
    this.buckets.rank.copyWithin(base + n, from, from + count);
    this.buckets.value.copyWithin(base + n, from, from + count);
    this.release(c);
    return n + count;
  }

  /**
   * Adds the function given by kinks[start, end) (ranks 0 … m − 1) to the tree; returns the root. In place rather
   * than by building a tree of the kinks and merging it: a node's own term and its leaf children are a few kinks,
   * and one walk both adds the function and makes its kinks kinks of the tree.
   */
  addKinks(root: number, kinks: GridKinks, start: number, end: number): number {
    return this.addKinksAt(root, 0, this.last, kinks, start, end - 1, -1, 0, -1, 0);
  }

  /**
   * Adds the function to the subtree x, which covers ranks l … r: lo is the function's last kink at or before l,
   * hi its first at or after r, so those strictly between lie inside the range. (p, pv) and (q, qv) are the tree's
   * kinks just outside the range, before the function is added (-1 when none is needed): a kink of the function
   * that the tree lacks gets the tree's value on the line between them. Returns the subtree's new root.
   */
  private addKinksAt(x: number, l: number, r: number, kinks: GridKinks, lo: number, hi: number, p: number,
    pv: number, q: number, qv: number): number {
    const { rank, value } = kinks;
    // The function's kinks in the range: from … to − 1.
    const from = rank[lo] >= l ? lo : lo + 1;
    const to = rank[hi] <= r ? hi + 1 : hi;
    if (x === 0) {
      // No kink of the tree here: new leaves for the function's kinks in the range, if it has any.
      return from < to ? this.buildAdded(kinks, from, to, l, r, p, pv, q, qv) : 0;
    }
    if (hi - lo <= 1 && (rank[lo] !== l || this.ints[8 * x + FIRST_RANK] === l) &&
      (rank[hi] !== r || this.ints[8 * x + LAST_RANK] === r)) {
      // The function is a line on the range and its kinks at the range's ends are the tree's: add the line.
      const { s } = this;
      const x0 = s[rank[lo]];
      const x1 = s[rank[hi]];
      this.addLine(x, l, r, between(x0, value[lo], x1, value[hi], s[l]), between(x0, value[lo], x1, value[hi], s[r]));
      return x;
    }
    this.push(x, l, r);
    if (this.isLeaf(x)) {
      if (this.ints[8 * x + COUNT] + to - from <= this.cap) {
        this.addToLeaf(x, kinks, from, to, p, pv, q, qv);
        return x;
      }
      this.split(x, l, r);
    }
    const mid = (l + r) >>> 1;
    let leftHi = lo + 1;
    while (rank[leftHi] < mid) leftHi++;
    let rightLo = leftHi;
    while (rightLo < hi && rank[rightLo + 1] <= mid + 1) rightLo++;
    if (rank[rightLo] > mid + 1) rightLo--;
    const a = this.ints[8 * x + LEFT];
    const b = this.ints[8 * x + RIGHT];
    // The kinks beside each half, read before either half changes.
    const aLast = a !== 0 ? this.ints[8 * a + LAST_RANK] : p;
    const aLastValue = a !== 0 ? this.floats[8 * a + LAST_VALUE] : pv;
    const bFirst = b !== 0 ? this.ints[8 * b + FIRST_RANK] : q;
    const bFirstValue = b !== 0 ? this.floats[8 * b + FIRST_VALUE] : qv;
    const newA = this.addKinksAt(a, l, mid, kinks, lo, leftHi, p, pv, bFirst, bFirstValue);
    this.ints[8 * x + LEFT] = newA;
    const newB = this.addKinksAt(b, mid + 1, r, kinks, rightLo, hi, aLast, aLastValue, q, qv);
    this.ints[8 * x + RIGHT] = newB;
    this.pull(x);
    return x;
  }

  /**
   * addKinksAt on a leaf (its line pushed) that has room for the function's kinks from … to − 1: the union of both
   * runs, each kink the sum of the two functions there (kinks lo … hi of the function span the leaf's range).
   */
  private addToLeaf(x: number, kinks: GridKinks, from: number, to: number, p: number, pv: number, q: number,
    qv: number): void {
    const { rank: fRank, value: fValue } = kinks;
    const { rank, value } = this.buckets;
    const { s, scratchRank, scratchValue } = this;
    const base = this.base(x);
    const end = base + this.ints[8 * x + COUNT];
    let i = base;
    let j = from;
    let n = 0;
    while (i < end || j < to) {
      const t = i < end ? rank[i] : Infinity;
      const u = j < to ? fRank[j] : Infinity;
      if (t === u) {
        scratchRank[n] = t;
        scratchValue[n++] = value[i++] + fValue[j++];
      } else if (t < u) {
        // The function is linear between its kinks j − 1 and j (lo ≤ j − 1, j ≤ hi) around t.
        scratchRank[n] = t;
        scratchValue[n++] = value[i++] + between(s[fRank[j - 1]], fValue[j - 1], s[fRank[j]], fValue[j], s[t]);
      } else {
        // The tree is linear between its kinks around u, in the run or beside it.
        scratchRank[n] = u;
        scratchValue[n++] = fValue[j++] + between(s[i > base ? rank[i - 1] : p], i > base ? value[i - 1] : pv,
          s[i < end ? rank[i] : q], i < end ? value[i] : qv, s[u]);
      }
    }
    rank.set(scratchRank.subarray(0, n), base);
    value.set(scratchValue.subarray(0, n), base);
    this.ints[8 * x + COUNT] = n;
    this.summarizeLeaf(x);
  }

  /**
   * A new subtree over ranks l … r for the function's kinks[start, end), where the tree had none: each gets the
   * function's value plus the tree's on the line from (p, pv) to (q, qv).
   */
  private buildAdded(kinks: GridKinks, start: number, end: number, l: number, r: number, p: number, pv: number,
    q: number, qv: number): number {
    if (start === end) return 0;
    if (end - start <= this.cap) {
      const x = this.newLeaf();
      const base = this.base(x);
      const { rank, value } = this.buckets;
      const { s } = this;
      for (let k = start; k < end; k++) {
        const r = kinks.rank[k];
        rank[base + k - start] = r;
        value[base + k - start] = kinks.value[k] + between(s[p], pv, s[q], qv, s[r]);
      }
      this.ints[8 * x + COUNT] = end - start;
      this.summarizeLeaf(x);
      return x;
    }
    const x = this.node();
    const mid = (l + r) >>> 1;
    let split = start;
    while (split < end && kinks.rank[split] <= mid) split++;
    const a = this.buildAdded(kinks, start, split, l, mid, p, pv, q, qv);
    this.ints[8 * x + LEFT] = a;
    const b = this.buildAdded(kinks, split, end, mid + 1, r, p, pv, q, qv);
    this.ints[8 * x + RIGHT] = b;
    this.pull(x);
    return x;
  }

  /**
   * Adds a node's own term w·|s_r − v| to the tree; returns the root. addKinks of the term's three kinks gives the
   * same function, but a chain's nodes add nothing else, and this is one loop down the path to rank r, adding the
   * term's line to the half beside each step (slope w right of r, −w left of it, no division), the term itself to
   * the leaf's kinks, then the pulls back up.
   */
  addOwnTerm(root: number, r: number, w: number): number {
    const { s, ownPath } = this;
    const sr = s[r];
    let depth = 0;
    let x = root;
    let l = 0;
    let hi = this.last;
    // The tree's kinks just outside [l, hi] and their values before the term is added (-1 when none): a new kink at
    // r takes the tree's value on the line between them.
    let p = -1;
    let pv = 0;
    let q = -1;
    let qv = 0;
    let leaf = 0;
    let side = LEFT; // the side of the last node of the path that the walk went on to
    for (;;) {
      if (x === 0) {
        leaf = this.leafPath(r, between(s[p], pv, s[q], qv, sr));
        break;
      }
      this.push(x, l, hi);
      if (this.isLeaf(x)) {
        if (this.insertInLeaf(x, r, w, p, pv, q, qv)) break;
        this.split(x, l, hi);
      }
      ownPath[depth++] = x;
      const mid = (l + hi) >>> 1;
      const a = this.ints[8 * x + LEFT];
      const b = this.ints[8 * x + RIGHT];
      if (r <= mid) {
        if (b !== 0) {
          q = this.ints[8 * b + FIRST_RANK];
          qv = this.floats[8 * b + FIRST_VALUE];
          this.addSlopedLine(b, mid + 1, hi, w * (s[mid + 1] - sr), w * (s[hi] - sr), w);
        }
        x = a;
        hi = mid;
        side = LEFT;
      } else {
        if (a !== 0) {
          p = this.ints[8 * a + LAST_RANK];
          pv = this.floats[8 * a + LAST_VALUE];
          this.addSlopedLine(a, l, mid, w * (sr - s[l]), w * (sr - s[mid]), -w);
        }
        x = b;
        l = mid + 1;
        side = RIGHT;
      }
    }
    if (depth === 0) return leaf === 0 ? root : leaf;
    // The new leaf, if any, hangs under the last node of the path, on the side of r.
    if (leaf !== 0) this.ints[8 * ownPath[depth - 1] + side] = leaf;
    while (depth > 0) this.pull(ownPath[--depth]);
    return root;
  }

  /** addOwnTerm's path: the nodes it went down through (the depth of a tree over 2³¹ ranks at most). */
  private readonly ownPath = new Int32Array(64);

  /** A tree holding kinks[start, end) (sorted ranks); returns its root. */
  build(kinks: GridKinks, start: number, end: number): number {
    return this.buildAt(kinks, start, end, 0, this.last);
  }

  private buildAt(kinks: GridKinks, start: number, end: number, l: number, r: number): number {
    if (start === end) return 0;
    if (end - start <= this.cap) return this.leafFrom(kinks.rank, kinks.value, start, end);
    const x = this.node();
    const mid = (l + r) >>> 1;
    let split = start;
    while (split < end && kinks.rank[split] <= mid) split++;
    const a = this.buildAt(kinks, start, split, l, mid);
    const b = this.buildAt(kinks, split, end, mid + 1, r);
    this.ints[8 * x + LEFT] = a;
    this.ints[8 * x + RIGHT] = b;
    this.pull(x);
    return x;
  }

  /**
   * The sum of two trees (both over ranks 0 … m − 1, each with kinks at 0 and m − 1): the smaller one's kinks added
   * to the larger in place (addKinks), as a node's small children are. Consumes both; returns the sum's root.
   */
  merge(x: number, y: number): number {
    if (this.size(x) < this.size(y)) return this.merge(y, x);
    const kinks = this.mergeScratch;
    kinks.length = 0;
    this.appendKinks(y, kinks);
    this.release(y);
    return this.addKinks(x, kinks, 0, kinks.length);
  }

  /** Appends the tree's kinks, in order, to out. */
  appendKinks(root: number, out: GridKinks): void {
    out.reserve(this.ints[8 * root + COUNT]);
    this.appendAt(root, 0, this.last, out);
  }

  private appendAt(x: number, l: number, r: number, out: GridKinks): void {
    if (x === 0) return;
    this.push(x, l, r);
    if (this.isLeaf(x)) {
      const base = this.base(x);
      const n = this.ints[8 * x + COUNT];
      out.rank.set(this.buckets.rank.subarray(base, base + n), out.length);
      out.value.set(this.buckets.value.subarray(base, base + n), out.length);
      out.length += n;
      return;
    }
    const mid = (l + r) >>> 1;
    this.appendAt(this.ints[8 * x + LEFT], l, mid, out);
    this.appendAt(this.ints[8 * x + RIGHT], mid + 1, r, out);
  }

  /**
   * GridCurve.listTurns on the tree rooted at `root`: one walk right to left that goes down only into nodes holding a
   * pair of the direction looked for next (by their slope summaries), so the turns share the descents to them.
   * It reads through the pending lines instead of pushing them: (lineLeft, lineRight, lineSlope) is the sum of the
   * lines pending above a node, over its range, and a node's stored values plus that line are its values.
   */
  listTurns(root: number, out: CurveTurns): void {
    out.count = 0;
    this.turnsFalling = true;
    this.rightRank = -1;
    this.rightValue = NaN;
    this.turnsAt(root, 0, this.last, 0, 0, 0, false, out);
    out.valueAtZero = this.rightValue;
  }

  /** listTurns' state: the direction of the pair looked for next, and the kink right of the nodes still to visit. */
  private turnsFalling = true;
  private rightRank = -1;
  private rightValue = NaN;

  /**
   * Visits the pairs whose left kink lies under x (ranks l … r), right to left: the pair from x's last kink to the
   * kink right of it (unless the caller has done that one: `lastDone`), then those inside x.
   */
  private turnsAt(x: number, l: number, r: number, lineLeft: number, lineRight: number, lineSlope: number,
    lastDone: boolean, out: CurveTurns): void {
    const { s } = this;
    if (!lastDone && this.rightRank >= 0) {
      const lastRank = this.ints[8 * x + LAST_RANK];
      const lastValue = this.floats[8 * x + LAST_VALUE] +
        onLine(s[l], lineLeft, s[r], lineRight, lineSlope, s[lastRank]);
      if (this.turnsFalling ? this.rightValue < lastValue : this.rightValue > lastValue) {
        out.push(this.rightRank, this.rightValue);
        this.turnsFalling = !this.turnsFalling;
      }
    }
    if (!this.hasSlope(x, !this.turnsFalling, lineSlope)) {
      // No pair inside x goes the way looked for: x's first kink is the next one right of what is left to visit.
      this.rightRank = this.ints[8 * x + FIRST_RANK];
      this.rightValue = this.floats[8 * x + FIRST_VALUE] +
        onLine(s[l], lineLeft, s[r], lineRight, lineSlope, s[this.rightRank]);
      return;
    }
    if (this.ints[8 * x + TAGGED]) {
      lineLeft += this.floats[8 * x + TAG_LEFT];
      lineRight += this.floats[8 * x + TAG_RIGHT];
      lineSlope += this.floats[8 * x + TAG_SLOPE];
    }
    if (this.isLeaf(x)) {
      this.turnsInLeaf(x, l, r, lineLeft, lineRight, lineSlope, out);
      return;
    }
    const mid = (l + r) >>> 1;
    const a = this.ints[8 * x + LEFT];
    const b = this.ints[8 * x + RIGHT];
    // The child holding x's last kink has had its outer pair done here.
    if (b !== 0) {
      this.turnsAt(b, mid + 1, r, onLine(s[l], lineLeft, s[r], lineRight, lineSlope, s[mid + 1]), lineRight,
        lineSlope, true, out);
    }
    if (a !== 0) {
      this.turnsAt(a, l, mid, lineLeft, onLine(s[l], lineLeft, s[r], lineRight, lineSlope, s[mid]), lineSlope,
        b === 0, out);
    }
  }

  /** turnsAt's pairs inside the leaf x, its own line included in the one given. */
  private turnsInLeaf(x: number, l: number, r: number, lineLeft: number, lineRight: number, lineSlope: number,
    out: CurveTurns): void {
    const { rank, value } = this.buckets;
    const { s } = this;
    const sl = s[l];
    const sr = s[r];
    const base = this.base(x);
    let k = base + this.ints[8 * x + COUNT] - 1;
    let falling = this.turnsFalling;
    let rightRank = rank[k];
    let rightValue = value[k] + onLine(sl, lineLeft, sr, lineRight, lineSlope, s[rightRank]);
    for (k--; k >= base; k--) {
      const kRank = rank[k];
      const kValue = value[k] + onLine(sl, lineLeft, sr, lineRight, lineSlope, s[kRank]);
      if (falling ? rightValue < kValue : rightValue > kValue) {
        out.push(rightRank, rightValue);
        falling = !falling;
      }
      rightRank = kRank;
      rightValue = kValue;
    }
    this.turnsFalling = falling;
    this.rightRank = rightRank;
    this.rightValue = rightValue;
  }

  /** Does a slope of the sign looked for lie under x, with a line of slope `extra` pending above it? */
  private hasSlope(x: number, rising: boolean, extra: number): boolean {
    if (this.ints[8 * x + COUNT] < 2) return false;
    return rising ? this.floats[8 * x + MAX_SLOPE] + extra > 0 : this.floats[8 * x + MIN_SLOPE] + extra < 0;
  }

  /**
   * The first kink of ranks in (from, to] whose value is above `level` (`above`) or at most `level` (not
   * `above`), on a stretch where the values do not fall (above) or do not rise (not above); -1 if none.
   */
  firstKink(root: number, from: number, to: number, level: number, above: boolean): number {
    return this.firstKinkAt(root, 0, this.last, from, to, level, above);
  }

  private firstKinkAt(x: number, l: number, r: number, from: number, to: number, level: number,
    above: boolean): number {
    if (x === 0 || this.ints[8 * x + LAST_RANK] <= from || this.ints[8 * x + FIRST_RANK] > to) return -1;
    if (from < this.ints[8 * x + FIRST_RANK] && this.ints[8 * x + LAST_RANK] <= to) {
      // Wholly inside the stretch: its last kink is its highest (above) or lowest (not above).
      const v = this.floats[8 * x + LAST_VALUE];
      if (above ? v <= level : v > level) return -1;
    }
    this.push(x, l, r);
    if (this.isLeaf(x)) {
      const { rank, value } = this.buckets;
      const base = this.base(x);
      for (let k = base; k < base + this.ints[8 * x + COUNT]; k++) {
        if (rank[k] <= from || rank[k] > to) continue;
        if (above ? value[k] > level : value[k] <= level) return rank[k];
      }
      return -1;
    }
    const mid = (l + r) >>> 1;
    const inLeft = this.firstKinkAt(this.ints[8 * x + LEFT], l, mid, from, to, level, above);
    return inLeft >= 0 ? inLeft : this.firstKinkAt(this.ints[8 * x + RIGHT], mid + 1, r, from, to, level, above);
  }
}

/** One tree of the pool seen as a GridCurve; `root` follows the changes the walk makes. */
export class KinkTreeCurve implements GridCurve {
  constructor(private readonly tree: KinkTree, private readonly s: Float64Array, public root: number) {}

  listTurns(out: CurveTurns): void {
    this.tree.listTurns(this.root, out);
  }

  lastAbove(from: number, to: number, level: number): number {
    const { tree, root } = this;
    const k = this.orEnd(tree.firstKink(root, from, to, level, false), to);
    return this.rankAbove(k, level, false);
  }

  firstAbove(from: number, to: number, level: number): number {
    const { tree, root } = this;
    const k = this.orEnd(tree.firstKink(root, from, to, level, true), to);
    return this.rankAbove(k, level, true);
  }

  aboveValue = NaN;

  /** On the piece from the kink before k to k: the first rank above `level` (rising) or the last (falling). */
  private rankAbove(k: number, level: number, rising: boolean): number {
    const { tree, root, s } = this;
    const p = tree.prevKink(root, k - 1);
    const pv = tree.kinkValue(root, p);
    const kv = tree.kinkValue(root, k);
    const j = rising ? firstRankAbove(s, p, pv, k, kv, level) : lastRankAbove(s, p, pv, k, kv, level);
    this.aboveValue = between(s[p], pv, s[k], kv, s[j]);
    return j;
  }

  /**
   * A value read through a node's summary may differ in the last bit from the same value read at its leaf (a pending
   * line is evaluated at different points): when the search finds no kink across the level, the stretch's end is
   * the one that crossed it when the walk read it.
   */
  private orEnd(kink: number, end: number): number {
    return kink < 0 ? end : kink;
  }

  cap(j1: number, j2: number, level: number): void {
    const { tree } = this;
    this.root = tree.setRange(this.root, j1, j2, level);
  }
}
