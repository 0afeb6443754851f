import { doubled } from '../util/doubled.ts';

/**
 * The leaves of a KinkTree (kinkTree.ts): sorted runs of up to `capacity` kinks, side by side in shared columns
 * (run b at capacity·b …): each kink's rank, its score s_rank and the function's value there. The score is kept
 * beside the rank so that a walk over a run reads three short columns, not the whole score array (m doubles, which
 * does not stay in cache). A run's length is kept by the tree node that holds it. Bucket 0 is "none".
 */
export class KinkBuckets {
  rank: Int32Array;
  score: Float64Array;
  value: Float64Array;
  private used = 1;
  private readonly free: number[] = [];

  /** `runs`: how many runs the columns hold before they first grow (tests start small to make them grow). */
  constructor(readonly capacity: number, runs = 256) {
    this.rank = new Int32Array(capacity * runs);
    this.score = new Float64Array(capacity * runs);
    this.value = new Float64Array(capacity * runs);
  }

  /** A bucket for a new leaf. The columns may be replaced: read them again afterwards. */
  alloc(): number {
    const b = this.free.length > 0 ? this.free.pop()! : this.used++;
    if (this.capacity * (b + 1) > this.rank.length) {
      this.rank = doubled(this.rank);
      this.score = doubled(this.score);
      this.value = doubled(this.value);
    }
    return b;
  }

  release(b: number): void {
    this.free.push(b);
  }
}
