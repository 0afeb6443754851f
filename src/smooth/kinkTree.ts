import { between, onLine } from './breakpoints.ts';
import { firstRankAbove, lastRankAbove, type CurveTurns, type GridCurve } from './gridCurve.ts';
import { GridKinks } from './gridArray.ts';
import { KinkBuckets } from './kinkBuckets.ts';
import { doubled } from '../util/doubled.ts';

/** Entries of a node's row in KinkTree.ints (8 a node). */
const LEFT = 0;
const RIGHT = 1;
const FIRST_RANK = 2;
const LAST_RANK = 3;
const COUNT = 4;
const TAGGED = 5;
const BUCKET = 6;
/** Entries of a node's row in KinkTree.floats (F a node). */
const F = 9;
const FIRST_VALUE = 0;
const LAST_VALUE = 1;
const MIN_SLOPE = 2;
const MAX_SLOPE = 3;
const TAG_FIRST = 4;
const TAG_LAST = 5;
const TAG_SLOPE = 6;
const FIRST_SCORE = 7;
const LAST_SCORE = 8;

/**
 * Kinks a leaf holds at most. A leaf of one kink made every step of a walk a row of its own, read from memory; a leaf
 * holding a run of kinks in one row makes the tree far smaller, and a walk ends in a short loop over its kinks.
 * `npx tsx src/cli/bench/benchSmoothingShapes.ts`, one run with BUCKET_KINKS edited to each size, spine / caterpillar
 * at 100k nodes: 8 kinks 252 / 217 ms, 32 kinks 226 / 193, 48 kinks 232 / 195 (2026-11-28). Measured again once the
 * walks had stopped boxing numbers, a 100k spine, median of 15 runs after 10 (a scratch script under tsx): 16 kinks
 * 145.8 ms, 24 140.0, 32 141.8 and 144.8, 48 139.5: flat, so the size is no lever left.
 */
export const BUCKET_KINKS = 32;

/**
 * Large cost functions (gridCurve.ts) as sparse segment trees over the ranks 0 … m − 1: a node stands for a range
 * of ranks and exists only if a kink lies in it; a leaf holds up to `bucketKinks` kinks of its range as a sorted run
 * (kinkBuckets.ts), as high up as its range holds no more: a walk splits a full leaf (`split`) only when a kink is
 * to be added to it. All trees share one pool of nodes and one of runs. Leaves that caps thin out are not joined
 * back together.
 *
 * Why a tree: on a chain of wrappers every node's function holds nearly all scores below it, and copying it at each
 * node costs n × depth. Here a node adds its own term and its small children with O(log m + bucketKinks) work per
 * kink added, and the walk (excursions.ts) reads values and finds where the function turns or crosses a level in
 * O(log m + bucketKinks) each.
 *
 * Adding a line to a node is lazy: the node keeps the pending line as its values at the node's first and last kink
 * and its slope, and evaluates it at a child's first and last kink, or at a leaf's kinks, from the nearer end
 * (`onLine`). A node's kinks change only after its line is pushed, so the ends the line is kept at stay put while it
 * is pending. Everything added is a piece of a function ≥ 0, so no value is the small difference of two large ones
 * (which would lose the small values the comparisons between staying and starting a segment depend on). That is also
 * why the tree keeps values, not the changes of slope at the kinks: a value summed from rank 0 up lost them (a cost
 * of 0 read as a small positive one), which the property tests with extreme scores caught.
 *
 * A row holds the scores of its first and last kink and a run holds its kinks' scores, so that the walks do not read
 * the score array (m doubles: 800 kB at 100k scores) at scattered places.
 */
export class KinkTree {
  /**
   * The nodes, node x at row x: in ints (8 a row), its children, the ranks of the first and last kink under it, their
   * number, whether a line is pending for its children (or its leaf's kinks) and its run of kinks if it is a leaf
   * (0 for an inner node); in floats (F a row), the values at the first and last kink (its own pending line
   * included), the least and greatest slope between consecutive kinks under it (where to look for a turn), the
   * pending line (its values at the first and last kink, and its slope) and the scores of the first and last kink.
   * A row rather than a column per field: a step of a walk then reads one or two cache lines instead of a dozen.
   */
  private ints: Int32Array;
  private floats: Float64Array;
  private used = 1; // node 0 is "none"
  private free: number[] = [];
  private readonly buckets: KinkBuckets;
  /** Kinks a leaf holds at most: BUCKET_KINKS, or 2 or more when a test asks for small leaves (to reach every split). */
  private readonly cap: number;
  private readonly mergeScratch = new GridKinks(64);

  /** The highest rank, m − 1: every tree covers ranks 0 … last. */
  private readonly last: number;

  /**
   * `pool`: rows and runs the pools hold before they first grow. Tests start them tiny, so that their small trees
   * grow the pools in the middle of every operation (a walk that kept a column across a growth wrote to the old one).
   */
  constructor(private readonly s: Float64Array, bucketKinks = BUCKET_KINKS, pool = { rows: 1024, runs: 256 }) {
    this.last = s.length - 1;
    this.cap = bucketKinks;
    this.ints = new Int32Array(8 * pool.rows);
    this.floats = new Float64Array(F * pool.rows);
    this.buckets = new KinkBuckets(bucketKinks, pool.runs);
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
    this.ints = doubled(this.ints);
    this.floats = doubled(this.floats);
  }

  /** Gives a whole tree's nodes and runs back to the pools. */
  private release(x: number): void {
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

  /**
   * Sets the leaf x's summary from its run (no line pending), adding the term w·|s − s_r| to the run first when w is
   * not 0: one pass over the run does both. (The term in a loop of its own, so that no kink tests w, was no faster:
   * six alternating rounds of the 100k bench spine, median of 15 runs each (a scratch script timing smoothTree,
   * bundled and minified with rolldown), 139.2–145.4 ms as it is, 142.3–147.9 so, 2026-11-28.)
   */
  private summarizeLeaf(x: number, w = 0, r = 0): void {
    const { ints, floats } = this;
    const sr = this.s[r];
    const { rank, score, value } = this.buckets;
    const base = this.base(x);
    const end = base + ints[8 * x + COUNT];
    if (w !== 0) value[base] += w * Math.abs(score[base] - sr);
    let min = Infinity;
    let max = -Infinity;
    let before = value[base];
    for (let k = base + 1; k < end; k++) {
      let v = value[k];
      if (w !== 0) value[k] = v += w * Math.abs(score[k] - sr);
      const slope = (v - before) / (score[k] - score[k - 1]);
      if (slope < min) min = slope;
      if (slope > max) max = slope;
      before = v;
    }
    ints[8 * x + FIRST_RANK] = rank[base];
    ints[8 * x + LAST_RANK] = rank[end - 1];
    floats[F * x + FIRST_VALUE] = value[base];
    floats[F * x + LAST_VALUE] = value[end - 1];
    floats[F * x + FIRST_SCORE] = score[base];
    floats[F * x + LAST_SCORE] = score[end - 1];
    floats[F * x + MIN_SLOPE] = min;
    floats[F * x + MAX_SLOPE] = max;
  }

  /** A new leaf holding kinks [start, end) of the run columns given (the buckets' own, or older ones). */
  private leafOfRun(rank: Int32Array, score: Float64Array, value: Float64Array, start: number, end: number): number {
    const x = this.newLeaf();
    const { buckets } = this;
    copyKinks(rank, score, value, start, end, buckets.rank, buckets.score, buckets.value, this.base(x));
    this.ints[8 * x + COUNT] = end - start;
    this.summarizeLeaf(x);
    return x;
  }

  /**
   * A new leaf holding kinks[start, end), each value plus the line from (p, pv) to (q, qv) when p ≥ 0 (the tree's
   * value there, where the tree had no kink).
   */
  private leafOfKinks(kinks: GridKinks, start: number, end: number, p: number, pv: number, q: number,
    qv: number): number {
    const x = this.newLeaf();
    const base = this.base(x);
    const { rank, score, value } = this.buckets;
    const { s } = this;
    for (let k = start; k < end; k++) {
      const r = kinks.rank[k];
      rank[base + k - start] = r;
      score[base + k - start] = s[r];
      value[base + k - start] = p < 0 ? kinks.value[k] : kinks.value[k] + between(s[p], pv, s[q], qv, s[r]);
    }
    this.ints[8 * x + COUNT] = end - start;
    this.summarizeLeaf(x);
    return x;
  }

  private pull(x: number): void {
    const { ints, floats } = this;
    const a = ints[8 * x + LEFT];
    const b = ints[8 * x + RIGHT];
    // Row offsets, x's and its children's (the one child's twice when it has one), worked out once: the arithmetic
    // written at every field made pull's bytecode 852 bytes, too long for V8 to inline (460 at most) into
    // addOwnTerm's and setRangeAt's loops. It is 457 now where a bundler folds the row constants in (esbuild), but 527
    // under tsx, which the benches run, and in rolldown's unminified output, so there pull stays a call (measured with
    // node --print-bytecode --print-bytecode-filter=pull).
    const c = a === 0 ? b : a;
    const d = b === 0 ? a : b;
    const ix = 8 * x;
    const ic = 8 * c;
    const id = 8 * d;
    const fx = F * x;
    const fc = F * c;
    const fd = F * d;
    ints[ix + FIRST_RANK] = ints[ic + FIRST_RANK];
    ints[ix + LAST_RANK] = ints[id + LAST_RANK];
    ints[ix + COUNT] = c === d ? ints[ic + COUNT] : ints[ic + COUNT] + ints[id + COUNT];
    floats[fx + FIRST_VALUE] = floats[fc + FIRST_VALUE];
    floats[fx + LAST_VALUE] = floats[fd + LAST_VALUE];
    floats[fx + FIRST_SCORE] = floats[fc + FIRST_SCORE];
    floats[fx + LAST_SCORE] = floats[fd + LAST_SCORE];
    if (c === d) {
      // One child: its slopes too, not its line or children.
      floats[fx + MIN_SLOPE] = floats[fc + MIN_SLOPE];
      floats[fx + MAX_SLOPE] = floats[fc + MAX_SLOPE];
      return;
    }
    const slope = (floats[fd + FIRST_VALUE] - floats[fc + LAST_VALUE]) /
      (floats[fd + FIRST_SCORE] - floats[fc + LAST_SCORE]);
    floats[fx + MIN_SLOPE] = Math.min(floats[fc + MIN_SLOPE], floats[fd + MIN_SLOPE], slope);
    floats[fx + MAX_SLOPE] = Math.max(floats[fc + MAX_SLOPE], floats[fd + MAX_SLOPE], slope);
  }

  /**
   * Adds a line of the given slope to every kink under x: yFirst and yLast are its values at x's first and last
   * kink.
   */
  private addLine(x: number, yFirst: number, yLast: number, slope: number): void {
    const { ints, floats } = this;
    // The row's offset worked out once, as in pull: addLine is inlined into the walks, within V8's budget.
    const fx = F * x;
    floats[fx + FIRST_VALUE] += yFirst;
    floats[fx + LAST_VALUE] += yLast;
    floats[fx + MIN_SLOPE] += slope;
    floats[fx + MAX_SLOPE] += slope;
    if (!ints[8 * x + TAGGED]) {
      floats[fx + TAG_FIRST] = 0;
      floats[fx + TAG_LAST] = 0;
      floats[fx + TAG_SLOPE] = 0;
      ints[8 * x + TAGGED] = 1;
    }
    floats[fx + TAG_FIRST] += yFirst;
    floats[fx + TAG_LAST] += yLast;
    floats[fx + TAG_SLOPE] += slope;
  }

  /** Hands x's pending line to its children, or to its kinks if x is a leaf. */
  private push(x: number): void {
    const { ints, floats } = this;
    if (!ints[8 * x + TAGGED]) return;
    ints[8 * x + TAGGED] = 0;
    const yFirst = floats[F * x + TAG_FIRST];
    const yLast = floats[F * x + TAG_LAST];
    const slope = floats[F * x + TAG_SLOPE];
    const sFirst = floats[F * x + FIRST_SCORE];
    const sLast = floats[F * x + LAST_SCORE];
    // The line's value at each score is breakpoints.ts's onLine written out, the same operations in the same order.
    // In the code V8 made of push (too long to inline anywhere: 528 bytes of bytecode under tsx), the calls to onLine
    // were not inlined: each put its six numbers and its answer on the heap (16.5 and 5.5 MB a run on a 100k spine,
    // by HeapProfiler sampling; none since).
    if (this.isLeaf(x)) {
      const { score, value } = this.buckets;
      const base = this.base(x);
      const end = base + ints[8 * x + COUNT];
      for (let k = base; k < end; k++) {
        const v = score[k];
        value[k] += v - sFirst <= sLast - v ? yFirst + slope * (v - sFirst) : yLast - slope * (sLast - v);
      }
      return;
    }
    for (let side = LEFT; side <= RIGHT; side++) {
      const c = ints[8 * x + side];
      if (c === 0) continue;
      const v0 = floats[F * c + FIRST_SCORE];
      const v1 = floats[F * c + LAST_SCORE];
      this.addLine(c, v0 - sFirst <= sLast - v0 ? yFirst + slope * (v0 - sFirst) : yLast - slope * (sLast - v0),
        v1 - sFirst <= sLast - v1 ? yFirst + slope * (v1 - sFirst) : yLast - slope * (sLast - v1), slope);
    }
  }

  /**
   * Turns the leaf x over ranks l … r (l < r, its line pushed), too full for the kinks a walk adds, into an inner
   * node over two leaves, one per half, so that they can be added below it. Its summary stays: the kinks are the same.
   */
  private split(x: number, l: number, r: number): void {
    const bucket = this.ints[8 * x + BUCKET];
    const base = this.base(x);
    const n = this.ints[8 * x + COUNT];
    const mid = (l + r) >>> 1;
    // The columns as they are now: a new leaf's run may replace them, but these keep x's kinks.
    const { rank, score, value } = this.buckets;
    let k = base;
    while (k < base + n && rank[k] <= mid) k++;
    const a = k > base ? this.leafOfRun(rank, score, value, base, k) : 0;
    const b = k < base + n ? this.leafOfRun(rank, score, value, k, base + n) : 0;
    this.buckets.release(bucket);
    this.ints[8 * x + BUCKET] = 0;
    this.ints[8 * x + LEFT] = a;
    this.ints[8 * x + RIGHT] = b;
  }

  /**
   * Makes `rank` a kink (the function is unchanged); returns the root. addOwnTerm with w = 0: one descent, in which
   * the kinks next to the path give the value on the line where the new kink goes.
   */
  private ensureKink(root: number, rank: number): number {
    return this.addOwnTerm(root, rank, 0);
  }

  /**
   * Adds w·|s_r − v| to the leaf x (its line pushed) and makes r a kink of it, taking the value on the line between
   * its neighbours, in the run or the kinks p and q outside it (their values in `outside`); w = 0 only makes the kink.
   * Returns false, changing nothing, when r is new and the run is full.
   */
  private insertInLeaf(x: number, r: number, w: number, p: number, q: number): boolean {
    const { ints } = this;
    const { rank, score, value } = this.buckets;
    const base = this.base(x);
    const n = ints[8 * x + COUNT];
    let i = base;
    while (i < base + n && rank[i] < r) i++;
    const present = i < base + n && rank[i] === r;
    if (!present && n === this.cap) return false;
    if (!present) {
      // The term is 0 at r, so a new kink takes the function's value there before the term is added.
      const v = this.valueBetween(base, base + n, i, p, q, r);
      // A loop, not copyWithin: a run is a few kinks, and the three calls cost more than moving them. (Written out
      // rather than by moveKink: with the call, three alternating bench runs had 100k spines and caterpillars about 2%
      // slower, within noise, and what V8 inlines into addOwnTerm is fragile: see pull.)
      for (let k = base + n; k > i; k--) {
        rank[k] = rank[k - 1];
        score[k] = score[k - 1];
        value[k] = value[k - 1];
      }
      this.putKink(i, r, v);
      ints[8 * x + COUNT] = n + 1;
    }
    // The term is added while summarizing, the new kink included (the term is 0 there). |s_k − s_r| is the same
    // number either side of r (a difference and its negation round alike). Kinks alone are made with w = 0
    // (ensureKink, addKinks).
    this.summarizeLeaf(x, w, r);
    return true;
  }

  /**
   * The function's value at rank r, between kink i − 1 and kink i of the run [base, end) of a leaf (its line pushed),
   * or the kinks p and q just outside it, whose values are in `outside`, where the run has none.
   */
  private valueBetween(base: number, end: number, i: number, p: number, q: number, r: number): number {
    const { score, value } = this.buckets;
    const { s, outside } = this;
    return between(i > base ? score[i - 1] : s[p], i > base ? value[i - 1] : outside[0], i < end ? score[i] : s[q],
      i < end ? value[i] : outside[1], s[r]);
  }

  /**
   * The values of the kinks p and q just outside a leaf, for insertInLeaf and valueBetween, set by their callers: in a
   * typed array, not arguments, because addOwnTerm's loop, which keeps them as it goes down, boxed them into new heap
   * numbers at every step while a call inside it took them (on a 100k spine, 20 MB of garbage a run).
   */
  private readonly outside = new Float64Array(2);

  /** Moves kink `from` of the runs' columns to `to`. */
  private moveKink(from: number, to: number): void {
    const { rank, score, value } = this.buckets;
    rank[to] = rank[from];
    score[to] = score[from];
    value[to] = value[from];
  }

  /** Writes the kink (r, v) at place k of the runs' columns. */
  private putKink(k: number, r: number, v: number): void {
    const { rank, score, value } = this.buckets;
    rank[k] = r;
    score[k] = this.s[r];
    value[k] = v;
  }

  /** A new leaf holding the single kink (rank, value). */
  private leafOf(rank: number, value: number): number {
    const x = this.newLeaf();
    this.putKink(this.base(x), rank, value);
    this.ints[8 * x + COUNT] = 1;
    this.summarizeLeaf(x);
    return x;
  }

  /**
   * Sets the function to `level` on ranks j1 … j2, keeping its values elsewhere; returns the root. The ranks next to
   * the range become kinks (they hold the lines up to it): j1 − 1 first, by ensureKink (a cap from rank 0, nearly
   * every one, needs none), then j2 + 1 in the walk that drops the kinks inside and puts kinks at j1 and j2, which
   * goes down to j2 + 1's leaf anyway (one descent, not two: ensureKink then the walk).
   */
  setRange(root: number, j1: number, j2: number, level: number): number {
    if (j1 > 0) root = this.ensureKink(root, j1 - 1);
    return this.setRangeAt(root, 0, this.last, j1, j2, level, -1, -1);
  }

  /**
   * setRange on the subtree x over ranks l … r. p and q are the tree's kinks just outside l … r (-1 when none is
   * needed) and, when l … r holds j2 + 1, their values before the cap are in `outside`: where j2 + 1 is not a kink,
   * it gets the value on the line between the kinks around it, from the run or from them.
   */
  private setRangeAt(x: number, l: number, r: number, j1: number, j2: number, level: number, p: number,
    q: number): number {
    if (r < j1 || l > j2 + 1) return x;
    const hasJ1 = l <= j1 && j1 <= r;
    const hasJ2 = l <= j2 && j2 <= r && j2 !== j1;
    // Whether j2 + 1 lies in l … r (l ≤ j2 + 1 here).
    const hasNext = j2 < r;
    if (!hasJ1 && !hasJ2) {
      if (l <= j2) {
        // Wholly inside the range and holding neither end: nothing of it stays.
        this.release(x);
        return 0;
      }
      // Starting at j2 + 1, it only needs a kink there, which it may hold already.
      if (x !== 0 && this.ints[8 * x + FIRST_RANK] === l) return x;
    }
    if (x === 0) {
      // A new leaf, empty until the rewrite below puts j1, j2 and j2 + 1 in it.
      x = this.newLeaf();
      this.ints[8 * x + COUNT] = 0;
    }
    this.push(x);
    if (this.isLeaf(x)) {
      // The run without its kinks in j1 … j2, with j1 and j2 at the level instead and j2 + 1 at its value, if it
      // fits.
      const { rank, score, value } = this.buckets;
      const base = this.base(x);
      const end = base + this.ints[8 * x + COUNT];
      // Kinks kept: [base, from) and [to, end).
      let from = base;
      while (from < end && rank[from] < j1) from++;
      let to = from;
      while (to < end && rank[to] <= j2) to++;
      const addsNext = hasNext && (to === end || rank[to] !== j2 + 1);
      let k = from + +hasJ1 + +hasJ2 + +addsNext;
      if (k + end - to <= base + this.cap) {
        // In place: the kinks after the range move to k, then the new ones go before them.
        const next = addsNext ? this.valueBetween(base, end, to, p, q, j2 + 1) : 0;
        // (Kept where they are when the range's kinks give way to as many new ones.)
        if (k < to) copyKinks(rank, score, value, to, end, rank, score, value, k);
        else if (k > to) for (let j = end - 1; j >= to; j--) this.moveKink(j, j + k - to);
        this.ints[8 * x + COUNT] = k + end - to - base;
        if (addsNext) this.putKink(--k, j2 + 1, next);
        if (hasJ2) this.putKink(--k, j2, level);
        if (hasJ1) this.putKink(--k, j1, level);
        this.summarizeLeaf(x);
        return x;
      }
      this.split(x, l, r);
    }
    const mid = (l + r) >>> 1;
    const { ints, floats, outside } = this;
    const a = ints[8 * x + LEFT];
    const b = ints[8 * x + RIGHT];
    // The kinks beside each half, read before either half changes; the value of the one beside j2 + 1's half goes to
    // `outside` (arguments would be boxed into new heap numbers at every call).
    const aLast = a !== 0 ? ints[8 * a + LAST_RANK] : p;
    const bFirst = b !== 0 ? ints[8 * b + FIRST_RANK] : q;
    if (hasNext && j2 < mid && b !== 0) outside[1] = floats[F * b + FIRST_VALUE];
    if (hasNext && j2 >= mid && a !== 0) outside[0] = floats[F * a + LAST_VALUE];
    const newA = this.setRangeAt(a, l, mid, j1, j2, level, p, bFirst);
    this.ints[8 * x + LEFT] = newA;
    const newB = this.setRangeAt(b, mid + 1, r, j1, j2, level, aLast, q);
    this.ints[8 * x + RIGHT] = newB;
    this.pull(x);
    return x;
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
      // (lo = hi when the range is one rank, a kink of the function.)
      const slope = lo === hi ? 0 : (value[hi] - value[lo]) / (x1 - x0);
      this.addLine(x, onLine(x0, value[lo], x1, value[hi], slope, this.floats[F * x + FIRST_SCORE]),
        onLine(x0, value[lo], x1, value[hi], slope, this.floats[F * x + LAST_SCORE]), slope);
      return x;
    }
    this.push(x);
    if (this.isLeaf(x)) {
      // The function's kinks in the range become kinks of the leaf, if they fit; the function is then a line
      // between any two of its kinks, and each gets the function's value there. A full leaf is split.
      let j = from;
      this.outside[0] = pv;
      this.outside[1] = qv;
      while (j < to && this.insertInLeaf(x, rank[j], 0, p, q)) j++;
      if (j === to) {
        const { score, value: leafValue } = this.buckets;
        const { s } = this;
        const base = this.base(x);
        j = lo;
        for (let k = base; k < base + this.ints[8 * x + COUNT]; k++) {
          while (s[rank[j + 1]] < score[k]) j++;
          leafValue[k] += between(s[rank[j]], value[j], s[rank[j + 1]], value[j + 1], score[k]);
        }
        this.summarizeLeaf(x);
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
    const aLastValue = a !== 0 ? this.floats[F * a + LAST_VALUE] : pv;
    const bFirst = b !== 0 ? this.ints[8 * b + FIRST_RANK] : q;
    const bFirstValue = b !== 0 ? this.floats[F * b + FIRST_VALUE] : qv;
    const newA = this.addKinksAt(a, l, mid, kinks, lo, leftHi, p, pv, bFirst, bFirstValue);
    this.ints[8 * x + LEFT] = newA;
    const newB = this.addKinksAt(b, mid + 1, r, kinks, rightLo, hi, aLast, aLastValue, q, qv);
    this.ints[8 * x + RIGHT] = newB;
    this.pull(x);
    return x;
  }

  /**
   * A new subtree over ranks l … r for the function's kinks[start, end), where the tree had none: each gets the
   * function's value plus the tree's on the line from (p, pv) to (q, qv), if p ≥ 0 (a new tree: p = -1).
   */
  private buildAdded(kinks: GridKinks, start: number, end: number, l: number, r: number, p: number, pv: number,
    q: number, qv: number): number {
    if (start === end) return 0;
    if (end - start <= this.cap) return this.leafOfKinks(kinks, start, end, p, pv, q, qv);
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
   * term's line to the subtree beside each step (slope w right of r, −w left of it, no division), the term itself
   * to the leaf's kinks, then the pulls back up.
   *
   * The lines pending on the path are carried down rather than pushed: push would add a node's line to both its
   * children, but the child on the path is pulled afresh on the way back, so its line is only carried (as the
   * values at its first and last kink and the slope) and given to each sibling together with the term's line, in
   * one addLine, and to the leaf's kinks at the end. With w = 0 (ensureKink) it only makes r a kink, and stops at
   * the first node whose first or last kink r is.
   */
  addOwnTerm(root: number, r: number, w: number): number {
    const { s, ownPath, outside } = this;
    const sr = s[r];
    let depth = 0;
    let x = root;
    let l = 0;
    let hi = this.last;
    // The tree's kinks just outside [l, hi] (-1 when none), their values before the term is added in `outside`: a new
    // kink at r takes the tree's value on the line between them.
    let p = -1;
    let q = -1;
    let side = LEFT; // the side of the last node of the path that the walk went on to
    // The lines pending above x, carried: their sum at x's first and last kink, and its slope.
    let carried = false;
    let lineFirst = 0;
    let lineLast = 0;
    let lineSlope = 0;
    // Until x = 0, where r needs a new leaf (made after the loop), or r is a kink of a node or leaf on the path.
    while (x !== 0) {
      if (w === 0 && (this.ints[8 * x + FIRST_RANK] === r || this.ints[8 * x + LAST_RANK] === r)) {
        // Only a kink was asked for, and r is one already: the lines carried to x are all x still needs.
        if (carried) this.addLine(x, lineFirst, lineLast, lineSlope);
        break;
      }
      if (this.ints[8 * x + TAGGED]) {
        this.ints[8 * x + TAGGED] = 0;
        lineFirst += this.floats[F * x + TAG_FIRST];
        lineLast += this.floats[F * x + TAG_LAST];
        lineSlope += this.floats[F * x + TAG_SLOPE];
        carried = true;
      }
      if (this.isLeaf(x)) {
        if (carried) {
          // The leaf's own line (taken into the one carried above) and push, rather than a call that took the line:
          // addOwnTerm's loop boxed the numbers such a call took at every step.
          this.addLine(x, lineFirst, lineLast, lineSlope);
          this.push(x);
          carried = false;
          lineFirst = lineLast = lineSlope = 0;
        }
        if (this.insertInLeaf(x, r, w, p, q)) break;
        this.split(x, l, hi);
      }
      ownPath[depth++] = x;
      // Read after the split, which may have grown the pools.
      const { ints, floats } = this;
      const mid = (l + hi) >>> 1;
      side = r <= mid ? LEFT : RIGHT;
      const sFirst = floats[F * x + FIRST_SCORE];
      const sLast = floats[F * x + LAST_SCORE];
      // The sibling of the path's next node, on whose side the term rises (sign 1, right of r) or falls (-1).
      const sibling = ints[8 * x + RIGHT - side];
      const sign = side === LEFT ? 1 : -1;
      if (sibling !== 0) {
        const yFirst = floats[F * sibling + FIRST_SCORE];
        const yLast = floats[F * sibling + LAST_SCORE];
        const atFirst = carried ? onLine(sFirst, lineFirst, sLast, lineLast, lineSlope, yFirst) : 0;
        const atLast = carried ? onLine(sFirst, lineFirst, sLast, lineLast, lineSlope, yLast) : 0;
        if (side === LEFT) {
          q = ints[8 * sibling + FIRST_RANK];
          outside[1] = floats[F * sibling + FIRST_VALUE] + atFirst;
        } else {
          p = ints[8 * sibling + LAST_RANK];
          outside[0] = floats[F * sibling + LAST_VALUE] + atLast;
        }
        if (carried || w !== 0) {
          this.addLine(sibling, atFirst + sign * w * (yFirst - sr), atLast + sign * w * (yLast - sr),
            lineSlope + sign * w);
        }
      }
      x = ints[8 * x + side];
      if (carried && x !== 0) {
        const first = onLine(sFirst, lineFirst, sLast, lineLast, lineSlope, floats[F * x + FIRST_SCORE]);
        lineLast = onLine(sFirst, lineFirst, sLast, lineLast, lineSlope, floats[F * x + LAST_SCORE]);
        lineFirst = first;
      }
      if (side === LEFT) hi = mid;
      else l = mid + 1;
    }
    const leaf = x === 0 ? this.leafOf(r, between(s[p], outside[0], s[q], outside[1], sr)) : 0;
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
    return this.buildAdded(kinks, start, end, 0, this.last, -1, 0, -1, 0);
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
    this.appendAt(root, out);
  }

  private appendAt(x: number, out: GridKinks): void {
    const { ints } = this;
    if (x === 0) return;
    this.push(x);
    if (this.isLeaf(x)) {
      const base = this.base(x);
      const n = ints[8 * x + COUNT];
      out.rank.set(this.buckets.rank.subarray(base, base + n), out.length);
      out.value.set(this.buckets.value.subarray(base, base + n), out.length);
      out.length += n;
      return;
    }
    this.appendAt(ints[8 * x + LEFT], out);
    this.appendAt(ints[8 * x + RIGHT], out);
  }

  /**
   * GridCurve.listTurns on the tree rooted at `root`: one walk right to left that goes down only into nodes holding a
   * pair of the direction looked for next (by their slope summaries), so the turns share the descents to them.
   * It reads through the pending lines instead of pushing them: a node's stored values plus the sum of the lines
   * pending above it (kept on the stack as its values at the node's first and last kink, and its slope) are its
   * values. A loop over an explicit stack rather than a recursion: the walk is most of a chain node's time, and the
   * calls were most of the walk's.
   */
  listTurns(root: number, out: CurveTurns): void {
    const { ints, floats, turnStack, turnLines } = this;
    const { rank, score, value } = this.buckets;
    out.count = 0;
    let falling = true;
    // The kink right of the nodes still to visit (none yet), and its value.
    let rightRank = -1;
    let rightValue = NaN;
    // The node visited, whether the pair from its last kink to the kink right of it is done (its parent did it: the
    // walk goes on from a node to its right child, or its only one), and the line pending above it. A left child
    // with a right sibling waits on the stack with its line, its pair not done.
    let x = root;
    let done = true;
    let lineFirst = 0;
    let lineLast = 0;
    let lineSlope = 0;
    let top = 0;
    for (;;) {
      if (!done) {
        const lastValue = floats[F * x + LAST_VALUE] + lineLast;
        if (falling ? rightValue < lastValue : rightValue > lastValue) {
          out.push(rightRank, rightValue);
          falling = !falling;
        }
      }
      // Does a pair of the direction looked for lie under x? If not, x's first kink is the next one right of what
      // is left to visit.
      if (ints[8 * x + COUNT] < 2 ||
        (falling ? floats[F * x + MIN_SLOPE] + lineSlope >= 0 : floats[F * x + MAX_SLOPE] + lineSlope <= 0)) {
        rightRank = ints[8 * x + FIRST_RANK];
        rightValue = floats[F * x + FIRST_VALUE] + lineFirst;
      } else {
        if (ints[8 * x + TAGGED]) {
          lineFirst += floats[F * x + TAG_FIRST];
          lineLast += floats[F * x + TAG_LAST];
          lineSlope += floats[F * x + TAG_SLOPE];
        }
        const sFirst = floats[F * x + FIRST_SCORE];
        const sLast = floats[F * x + LAST_SCORE];
        const bucket = ints[8 * x + BUCKET];
        if (bucket === 0) {
          const a = ints[8 * x + LEFT];
          const b = ints[8 * x + RIGHT];
          if (a !== 0 && b !== 0) {
            turnStack[top] = a;
            turnLines[3 * top] = onLine(sFirst, lineFirst, sLast, lineLast, lineSlope, floats[F * a + FIRST_SCORE]);
            turnLines[3 * top + 1] = onLine(sFirst, lineFirst, sLast, lineLast, lineSlope, floats[F * a + LAST_SCORE]);
            turnLines[3 * top++ + 2] = lineSlope;
          }
          x = b !== 0 ? b : a;
          const first = onLine(sFirst, lineFirst, sLast, lineLast, lineSlope, floats[F * x + FIRST_SCORE]);
          lineLast = onLine(sFirst, lineFirst, sLast, lineLast, lineSlope, floats[F * x + LAST_SCORE]);
          lineFirst = first;
          done = true;
          continue;
        }
        // A leaf: its pairs right to left (its last kink's pair with the one right of it is done above).
        const base = this.cap * bucket;
        let k = base + ints[8 * x + COUNT] - 1;
        rightRank = rank[k];
        rightValue = value[k] + lineLast;
        for (k--; k >= base; k--) {
          const kValue = value[k] + onLine(sFirst, lineFirst, sLast, lineLast, lineSlope, score[k]);
          if (falling ? rightValue < kValue : rightValue > kValue) {
            out.push(rightRank, rightValue);
            falling = !falling;
          }
          rightRank = rank[k];
          rightValue = kValue;
        }
      }
      if (top === 0) break;
      x = turnStack[--top];
      lineFirst = turnLines[3 * top];
      lineLast = turnLines[3 * top + 1];
      lineSlope = turnLines[3 * top + 2];
      done = false;
    }
    out.valueAtZero = rightValue;
  }

  /** listTurns' stack: the left children still to visit, and the line pending above each (3 numbers). */
  private readonly turnStack = new Int32Array(128);
  private readonly turnLines = new Float64Array(3 * 128);

  /**
   * The first kink of ranks in (from, to] whose value is above `level` (`above`) or at most `level` (not
   * `above`), on a stretch where the values do not fall (above) or do not rise (not above), in the tree rooted at x;
   * -1 if none. On its way to the one found the walk passes the last kink at or before `from` (rank 0 is always a
   * kink) and every kink after it, and leaves the last one passed and its value in prevRank and prevValue (the kink
   * before the one found), and the found kink's value in foundValue.
   */
  firstKink(x: number, from: number, to: number, level: number, above: boolean): number {
    const { ints, floats } = this;
    if (x === 0 || ints[8 * x + FIRST_RANK] > to) return -1;
    // Left of the stretch, or wholly inside it with its last kink (its highest, above; lowest, not above) short of
    // the level: passed.
    if (ints[8 * x + LAST_RANK] <= from || from < ints[8 * x + FIRST_RANK] && ints[8 * x + LAST_RANK] <= to &&
      (above ? floats[F * x + LAST_VALUE] <= level : floats[F * x + LAST_VALUE] > level)) {
      this.prevRank = ints[8 * x + LAST_RANK];
      this.prevValue = floats[F * x + LAST_VALUE];
      return -1;
    }
    this.push(x);
    if (this.isLeaf(x)) {
      const { rank, value } = this.buckets;
      const base = this.base(x);
      for (let k = base; k < base + ints[8 * x + COUNT] && rank[k] <= to; k++) {
        if (rank[k] > from && (above ? value[k] > level : value[k] <= level)) {
          this.foundValue = value[k];
          return rank[k];
        }
        this.prevRank = rank[k];
        this.prevValue = value[k];
      }
      return -1;
    }
    const inLeft = this.firstKink(ints[8 * x + LEFT], from, to, level, above);
    return inLeft >= 0 ? inLeft : this.firstKink(ints[8 * x + RIGHT], from, to, level, above);
  }

  prevRank = -1;
  prevValue = NaN;
  foundValue = NaN;
}

/** One tree of the pool seen as a GridCurve; `root` follows the changes the walk makes. */
export class KinkTreeCurve implements GridCurve {
  constructor(private readonly tree: KinkTree, private readonly s: Float64Array, public root: number) {}

  listTurns(out: CurveTurns): void {
    this.tree.listTurns(this.root, out);
  }

  lastAbove(from: number, to: number, level: number): number {
    return this.rankAbove(from, to, level, false);
  }

  firstAbove(from: number, to: number, level: number): number {
    return this.rankAbove(from, to, level, true);
  }

  aboveValue = NaN;

  /**
   * On the stretch from kink `from` to kink `to`, the first kink across the level, then on the piece from the kink
   * before it to it, the first rank above `level` (rising) or the last (falling). One descent finds the kink and
   * the one before it, with their values.
   */
  private rankAbove(from: number, to: number, level: number, rising: boolean): number {
    const { tree, root, s } = this;
    let k = tree.firstKink(root, from, to, level, rising);
    // A value read through a node's summary may differ in the last bit from the same value read at its leaf (a
    // pending line is evaluated at different points): when the search finds no kink across the level, the stretch's
    // end is the one that crossed it when the walk read it, found again by a level every kink passes.
    if (k < 0) k = tree.firstKink(root, to - 1, to, rising ? -Infinity : Infinity, rising);
    const { prevRank: p, prevValue: pv, foundValue: kv } = tree;
    const j = rising ? firstRankAbove(s, p, pv, k, kv, level) : lastRankAbove(s, p, pv, k, kv, level);
    this.aboveValue = between(s[p], pv, s[k], kv, s[j]);
    return j;
  }

  cap(j1: number, j2: number, level: number): void {
    const { tree } = this;
    this.root = tree.setRange(this.root, j1, j2, level);
  }
}

/**
 * Copies kinks [start, end) of one set of run columns to another from `to` on; returns where the copy ends. A loop
 * rather than set(subarray(…)) or copyWithin: a run is a few kinks, and three subarrays (objects to collect) or three
 * calls cost more than moving them.
 */
function copyKinks(rank: Int32Array, score: Float64Array, value: Float64Array, start: number, end: number,
  toRank: Int32Array, toScore: Float64Array, toValue: Float64Array, to: number): number {
  for (let k = start; k < end; k++) {
    toRank[to] = rank[k];
    toScore[to] = score[k];
    toValue[to++] = value[k];
  }
  return to;
}
