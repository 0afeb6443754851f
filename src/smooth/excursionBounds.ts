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
 */
export class ExcursionBounds {
  /** Node i's regions, from index slots·i on: their left ends (ranks) and rises, the bound on g − F over the region. */
  private readonly left: Int32Array;
  private readonly rise: Float64Array;
  /** Regions of node i; 0 while its bound is unknown. */
  private readonly count: Uint8Array;
  /** The magnitude of the values the walk compares (its highest top, raised by each term added since), for the
   * margin that rounding needs. */
  private readonly scale: Float64Array;

  /**
   * n nodes, each keeping up to `slots` regions; a walk that finds more merges the leftmost ones (a coarser bound,
   * still true). Page trees' functions turn 1–3 times, so 4 rarely merge; tests pass fewer to reach the merging.
   */
  constructor(n: number, private readonly slots = 4) {
    this.left = new Int32Array(slots * n);
    this.rise = new Float64Array(slots * n);
    this.count = new Uint8Array(n);
    this.scale = new Float64Array(n);
  }

  known(i: number): boolean {
    return this.count[i] > 0;
  }

  /** Starts node i's bound anew, for a walk of its function to fill with region(). */
  clear(i: number): void {
    this.count[i] = 0;
    this.scale[i] = 0;
  }

  /**
   * Adds the region of ranks [left, …) up to the previous one's left end (the walk goes right to left), where g − F
   * is at most `rise`; `top` is the highest value of f there.
   */
  region(i: number, left: number, rise: number, top: number): void {
    const { slots } = this;
    if (top > this.scale[i]) this.scale[i] = top;
    let k = this.count[i];
    if (k === slots) {
      // Merged into the leftmost slot: its left end moves left, its rise is the larger.
      k = slots - 1;
      if (rise < this.rise[slots * i + k]) rise = this.rise[slots * i + k];
    } else {
      this.count[i] = k + 1;
    }
    this.left[slots * i + k] = left;
    this.rise[slots * i + k] = rise;
  }

  /** Ends a walk of node i: a function with no excursion still has the region from rank 0, rising 0. */
  finish(i: number): void {
    if (this.count[i] === 0) this.region(i, 0, 0, 0);
  }

  /** Node i's bound is its child c's (whose g is i's f before its terms). */
  inherit(i: number, c: number): void {
    const { slots } = this;
    this.count[i] = this.count[c];
    this.scale[i] = this.scale[c];
    for (let k = 0; k < this.count[c]; k++) {
      this.left[slots * i + k] = this.left[slots * c + k];
      this.rise[slots * i + k] = this.rise[slots * c + k];
    }
  }

  /** Adds the term w·|s − s_r| to node i's f. */
  addTerm(i: number, s: Float64Array, r: number, w: number): void {
    const { slots } = this;
    const sr = s[r];
    for (let k = slots * i; k < slots * i + this.count[i]; k++) {
      const lift = sr - s[this.left[k]];
      if (lift > 0) this.rise[k] += w * lift;
    }
    this.scale[i] += w * (s[s.length - 1] - s[0]);
  }

  /**
   * Whether node i's f surely stays at most `penalty` above its suffix minimum, by a margin far above the rounding
   * of the values the walk would compare: then the walk would cap nothing and find no range where i starts a
   * segment.
   */
  capsNothing(i: number, penalty: number): boolean {
    const { slots } = this;
    const limit = penalty - 1e-9 * (this.scale[i] + penalty);
    for (let k = slots * i; k < slots * i + this.count[i]; k++) if (this.rise[k] > limit) return false;
    return true;
  }
}
