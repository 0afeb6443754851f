/**
 * Word offset sequences as fixed-size bit arrays, and their comparison (001 §4, "Difference offset" and "Bloom filter
 * for similarity computation").
 *
 * Difference offsets: the sequence kept for a word is not its absolute offsets but the differences between
 * consecutive ones (the first is the offset from the block's start). When a small fragment of the block changes, only
 * the differences around it change, and "the majority of the offset sequence remains the same value".
 *
 * Bit array: "k integer variables of m bits (k·m bits in total); the offset sequence is partitioned into k equal-length
 * segments, one per integer variable; each offset value v of a segment sets bit v of its variable, and a value that
 * exceeds the variable's bits is divided by m and the remainder is mapped; a set bit stays 1". Here m = 32 (one
 * Uint32 lane) and k = `lanes` (the store's setting, 2 by default: 8 bytes per word and block). A sequence of n
 * differences is cut into segments of ⌈n/k⌉, so a word that occurs fewer than k times leaves the later lanes empty.
 *
 * Similarity: "arrays that share a large number of bits are marked similar", decided by bitwise AND. Here: the number
 * of bits set in both is at least `similarity` × the larger of the two arrays' bit counts. Equal offset sequences give
 * equal arrays, which are similar at any similarity ≤ 1: the comparison has no false negatives, only false positives
 * from collisions (v and v + 32 share a bit), which the paper accepts as the price of a fast, fixed-size comparison.
 */
export const LANE_BITS = 32;

/** Absolute offsets (ascending) → difference offsets. */
export function differenceOffsets(offsets: readonly number[]): number[] {
  return offsets.map((o, j) => (j === 0 ? o : o - offsets[j - 1]));
}

/** The k-lane bit array of a difference-offset sequence. */
export function offsetBits(differences: readonly number[], lanes: number): Uint32Array {
  const bits = new Uint32Array(lanes);
  const n = differences.length;
  if (n === 0) return bits;
  const segment = Math.ceil(n / lanes);
  for (let j = 0; j < n; j++) {
    const lane = Math.floor(j / segment);
    bits[lane] |= 1 << (differences[j] % LANE_BITS);
  }
  return bits;
}

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Bits set in the array `bits`, starting at `at` for `lanes` lanes (records live side by side in one array). */
export function bitCount(bits: ArrayLike<number>, at = 0, lanes = bits.length - at): number {
  let n = 0;
  for (let l = 0; l < lanes; l++) n += popcount32(bits[at + l]);
  return n;
}

/** Bits set in both `a` and the record of `b` that starts at `bAt`. */
export function sharedBitCount(a: ArrayLike<number>, b: ArrayLike<number>, bAt = 0): number {
  let n = 0;
  for (let l = 0; l < a.length; l++) n += popcount32(a[l] & b[bAt + l]);
  return n;
}

/** The paper's bitwise similarity test (see the file comment); `similarity` in (0, 1]. */
export function similarBits(a: ArrayLike<number>, b: ArrayLike<number>, similarity: number, bAt = 0): boolean {
  const larger = Math.max(bitCount(a), bitCount(b, bAt, a.length));
  if (larger === 0) return true;
  return sharedBitCount(a, b, bAt) >= similarity * larger - 1e-9;
}
