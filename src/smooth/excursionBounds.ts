import { doubled } from '../util/doubled.ts';

/**
 * Per node, an upper bound on how far its capped cost g rises above its suffix minimum F(v) = min over u ≥ v of g(u),
 * region by region of the ranks, so that a parent whose own terms cannot lift any region above its penalty is known
 * to cap nothing (and to start no segment) without listing its function's turns (excursions.ts).
 *
 * Why it holds: g − F is the highest excursion, and f + h for a term h = w·|s − s_r| rises above its suffix minimum
 * at v by at most (g − F)(v) + w·max(0, s_r − s_v) (h falls by at most that much right of v). So a bound per region,
 * each raised by the terms' w·max(0, s_r − s_left) at its left end (the terms' rise only shrinks to the right), stays
 * a bound up the tree until some node's bound reaches its penalty; that node walks its function, which gives the
 * regions anew: each excursion's ranks, from the bottom it ends at (rank 0 if none) to the bottom it starts from,
 * and its height, at most the penalty once capped. Right of the first bottom g does not fall: no region.
 *
 * On a chain of wrappers (spines, caterpillars) most nodes cap nothing, and this test costs a few additions where
 * the walk costs a descent of the KinkTree per turn.
 *
 * A region per hill of an excursion (from the bottom left of each top, with that top's height) is a tighter bound,
 * and still true; tried on the 100k bench spine, it let 55.9k of its nodes walk instead of 57.4k (with 8 slots), too
 * few to show in its time: the region that fails is nearly always the leftmost, which rises to rank 0 and is already
 * capped, so its walk does cap something (the term tilts the capped stretch above the penalty again).
 * Not always: counted on the same spine (2026-11-29), 57.7k of its 100k nodes walk and 19.0k of those walks cap
 * nothing. In the 30 of them looked at, the bound had one region, from rank 0, capped at the penalty and lifted past it
 * by the term at rank 0 (25.81 against a penalty of 25.6, say), and the walk then found it rising 25.17 or less: F rose
 * with the term too. A bound that knew how F rises right of the region's bottom could spare those walks, a third of a
 * spine's but 9% of its time (15.6 of 168.7 ms a run, timed around each walk); F's shape is what the blocks do not
 * keep.
 */
export class ExcursionBounds {
  /**
   * Node i's bound lives in block blockOf[i] (-1 while unknown). A parent takes its child's block over rather than
   * copying it (the child's bound is read only by its parent), so a chain of wrappers works in one block.
   */
  private readonly blockOf: Int32Array;
  /** Per block: its regions' left ends (as scores) and rises, the bound on g − F over each region, from slot
   * slots·block on; how many regions it holds; and the magnitude of the values the walk compares (its highest top,
   * raised by each term added since), for the margin that rounding needs. */
  private leftScore: Float64Array;
  private rise: Float64Array;
  private count: Uint8Array;
  private scale: Float64Array;
  private blocks = 0;
  /** s_{m−1} − s_0: the most a term of weight 1 adds to any value. */
  private readonly span: number;

  /**
   * n nodes over the scores s, each bound keeping up to `slots` regions; a walk that finds more merges the leftmost
   * ones (a coarser bound, still true). Page trees' functions turn 1–3 times, so 4 rarely merge; tests pass fewer
   * to reach the merging.
   */
  constructor(n: number, s: Float64Array, private readonly slots = 4) {
    this.blockOf = new Int32Array(n).fill(-1);
    this.span = s[s.length - 1] - s[0];
    this.leftScore = new Float64Array(16 * slots);
    this.rise = new Float64Array(16 * slots);
    this.count = new Uint8Array(16);
    this.scale = new Float64Array(16);
  }

  known(i: number): boolean {
    return this.blockOf[i] >= 0;
  }

  /** Starts node i's bound anew, in the block it took over or a new one, for a walk to fill with region(). */
  clear(i: number): void {
    let b = this.blockOf[i];
    if (b < 0) {
      b = this.blocks++;
      if (b === this.count.length) {
        this.leftScore = doubled(this.leftScore);
        this.rise = doubled(this.rise);
        this.count = doubled(this.count);
        this.scale = doubled(this.scale);
      }
      this.blockOf[i] = b;
    }
    this.count[b] = 0;
    this.scale[b] = 0;
  }

  /**
   * Adds the region of scores from `leftScore` up to the previous one's left end (the walk goes right to left),
   * where g − F is at most `rise`; `top` is the highest value of f there.
   */
  region(i: number, leftScore: number, rise: number, top: number): void {
    const { slots } = this;
    const b = this.blockOf[i];
    if (top > this.scale[b]) this.scale[b] = top;
    let k = this.count[b];
    if (k === slots) {
      // Merged into the leftmost slot: its left end moves left, its rise is the larger.
      k = slots - 1;
      if (rise < this.rise[slots * b + k]) rise = this.rise[slots * b + k];
    } else {
      this.count[b] = k + 1;
    }
    this.leftScore[slots * b + k] = leftScore;
    this.rise[slots * b + k] = rise;
  }

  /** Ends a walk of node i: a function with no excursion still has the region from the lowest score, rising 0. */
  finish(i: number, lowest: number): void {
    if (this.count[this.blockOf[i]] === 0) this.region(i, lowest, 0, 0);
  }

  /** Node i's bound is its child c's (whose g is i's f before its terms); c's is gone. */
  inherit(i: number, c: number): void {
    this.blockOf[i] = this.blockOf[c];
    this.blockOf[c] = -1;
  }

  /** Adds the term w·|s − sr| to node i's f. */
  addTerm(i: number, sr: number, w: number): void {
    const { slots } = this;
    const b = this.blockOf[i];
    for (let k = slots * b; k < slots * b + this.count[b]; k++) {
      const lift = sr - this.leftScore[k];
      if (lift > 0) this.rise[k] += w * lift;
    }
    this.scale[b] += w * this.span;
  }

  /**
   * Whether node i's f surely stays at most `penalty` above its suffix minimum, by a margin far above the rounding
   * of the values the walk would compare: then the walk would cap nothing and find no range where i starts a
   * segment.
   */
  capsNothing(i: number, penalty: number): boolean {
    const { slots } = this;
    const b = this.blockOf[i];
    const limit = penalty - 1e-9 * (this.scale[b] + penalty);
    // Not `rise > limit`: scores near ±1e308 can make a lift or the scale infinite, and 0·∞ or ∞ − ∞ NaN, which
    // must mean "walk", not "skip".
    for (let k = slots * b; k < slots * b + this.count[b]; k++) if (!(this.rise[k] <= limit)) return false;
    return true;
  }
}
