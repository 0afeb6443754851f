/**
 * The shingling parameters of near-duplicate detection, defaulting to the ones Chakrabarti, Kumar & Punera used
 * (WWW 2008, §5.2): "The window size used for shingling was 6 words, and 8 shingles with the minimum hash values were
 * used as the signature of a webpage. A pair of webpages were tagged as duplicates if their signatures shared at least
 * 4 out of the 8 shingles." Pure: no DOM, no Node.
 */
export interface DedupOptions {
  /** Words per shingle (the sliding window). */
  shingle: number;
  /** Signature size k: the k smallest shingle hashes of a page are its signature. */
  hashes: number;
  /** A pair is a near-duplicate when its two signatures share at least this many values. */
  minShared: number;
  /**
   * Seed of the shingle hash: every page compared must use the same one. Another seed is another random ordering of
   * all shingles, which the property tests draw many of; the command line keeps the default so runs are repeatable.
   */
  seed: number;
}

export const PAPER_DEDUP_OPTIONS: Readonly<DedupOptions> = { shingle: 6, hashes: 8, minShared: 4, seed: 0x5eed_0003 };

/** The options with the paper's defaults filled in; throws with the first invalid value's reason. */
export function dedupOptions(partial: Partial<DedupOptions> = {}): DedupOptions {
  const o = { ...PAPER_DEDUP_OPTIONS };
  for (const [key, value] of Object.entries(partial) as Array<[keyof DedupOptions, number | undefined]>) {
    if (value !== undefined) o[key] = value;
  }
  const whole = (v: number) => Number.isInteger(v) && v >= 1;
  if (!whole(o.shingle)) throw new Error(`the shingle size must be a whole number ≥ 1, got ${o.shingle}`);
  if (!whole(o.hashes)) throw new Error(`the number of min-hashes must be a whole number ≥ 1, got ${o.hashes}`);
  if (!whole(o.minShared) || o.minShared > o.hashes) {
    throw new Error(`the shared minimum must be a whole number from 1 to the number of min-hashes (${o.hashes}), ` +
      `got ${o.minShared}`);
  }
  if (!Number.isInteger(o.seed)) throw new Error(`the seed must be an integer, got ${o.seed}`);
  return o;
}
