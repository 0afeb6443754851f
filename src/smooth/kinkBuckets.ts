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

  constructor(readonly capacity: number) {
    this.rank = new Int32Array(capacity * 256);
    this.score = new Float64Array(capacity * 256);
    this.value = new Float64Array(capacity * 256);
  }

  /** A bucket for a new leaf. The columns may be replaced: read them again afterwards. */
  alloc(): number {
    const b = this.free.length > 0 ? this.free.pop()! : this.used++;
    if (this.capacity * (b + 1) > this.rank.length) {
      this.rank = doubled(this.rank, new Int32Array(2 * this.rank.length));
      this.score = doubled(this.score, new Float64Array(2 * this.score.length));
      this.value = doubled(this.value, new Float64Array(2 * this.value.length));
    }
    return b;
  }

  release(b: number): void {
    this.free.push(b);
  }
}

/** `to` (twice the length of `from`) holding `from`'s entries first. */
function doubled<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
