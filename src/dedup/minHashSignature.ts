/**
 * Min-hash signatures as 003 §5.2 (after Broder et al., "Syntactic clustering of the web") uses them: one hash
 * function orders all shingles, and a page's signature is its k shingles with the smallest hash values (a bottom-k
 * sketch, not k independent hash functions). Pure: no DOM, no Node.
 */
import { SequenceHasher } from '../util/twoLaneHash.ts';
import type { DedupOptions } from './dedupOptions.ts';
import { shingleSet } from './shingleSet.ts';

export interface MinHashSignature {
  /** The signature size asked for; the comparison of two signatures needs it. */
  k: number;
  /**
   * The smallest hash values of the page's distinct shingles, ascending, distinct: k of them, or all of them when the
   * page has fewer than k shingles (then the signature is the whole shingle set, and comparisons on it are exact).
   */
  values: Float64Array;
}

/**
 * A shingle's hash under `seed`: 53 bits from two unrelated 32-bit lanes (src/util/twoLaneHash.ts), an exact integer
 * in a double. Chance collisions among a run's shingles are ~n²/2⁵⁴, about 10⁻⁵ for 10⁶ distinct shingles, so the
 * hash's order is in effect a random permutation of the shingles, which is what min-hashing assumes. The seed goes in
 * first, so it changes every lane's state before the first character.
 */
export function shingleHash(shingle: string, seed: number): number {
  return new SequenceHasher().add(seed).addString(shingle).digest();
}

/** The bottom-k signature of a set of distinct shingles. */
export function minHashSignature(shingles: readonly string[], k: number, seed: number): MinHashSignature {
  const hashes = Float64Array.from(shingles, (s) => shingleHash(s, seed)).sort();
  const values: number[] = [];
  for (let i = 0; i < hashes.length && values.length < k; i++) {
    // Equal neighbours are a 53-bit collision of two shingles: one value, as if they were one shingle.
    if (i === 0 || hashes[i] !== hashes[i - 1]) values.push(hashes[i]);
  }
  return { k, values: Float64Array.from(values) };
}

/** A text's signature: the paper's words, `shingle`-word windows, the `hashes` smallest shingle hashes. */
export function textSignature(text: string, options: Pick<DedupOptions, 'shingle' | 'hashes' | 'seed'>): MinHashSignature {
  return minHashSignature(shingleSet(text, options.shingle), options.hashes, options.seed);
}
