/**
 * Comparing two bottom-k min-hash signatures (minHashSignature.ts): the paper's count of shared values, which decides
 * a near-duplicate, and Broder's unbiased estimate of the Jaccard similarity of the two shingle sets. Pure.
 */
import type { MinHashSignature } from './minHashSignature.ts';

/** How many hash values the two signatures share: 003 §5.2 calls a pair duplicates when this is ≥ 4 (of 8). */
export function sharedValues(a: MinHashSignature, b: MinHashSignature): number {
  const x = a.values;
  const y = b.values;
  let shared = 0;
  for (let i = 0, j = 0; i < x.length && j < y.length;) {
    if (x[i] === y[j]) {
      shared++;
      i++;
      j++;
    } else if (x[i] < y[j]) i++;
    else j++;
  }
  return shared;
}

/**
 * Broder's bottom-k estimate of J(A, B) = |A ∩ B| / |A ∪ B|: of the k smallest values of A ∪ B (which are the k smallest
 * of the two signatures together), the share that lies in both. Under a random ordering those k values are a uniform
 * sample without replacement from A ∪ B, so the count in both is hypergeometric with mean k·J and variance at most
 * the binomial k·J(1 − J). When A ∪ B has at most k shingles the sample is all of it and the estimate is exact.
 * Two empty sets give 0: pages without words are nobody's duplicates.
 */
export function jaccardEstimate(a: MinHashSignature, b: MinHashSignature): number {
  if (a.k !== b.k) throw new Error(`signatures of different sizes (${a.k} and ${b.k}) cannot be compared`);
  const x = a.values;
  const y = b.values;
  let taken = 0;
  let both = 0;
  let i = 0;
  let j = 0;
  while (taken < a.k && (i < x.length || j < y.length)) {
    if (j >= y.length || (i < x.length && x[i] < y[j])) i++;
    else if (i >= x.length || y[j] < x[i]) j++;
    else {
      both++;
      i++;
      j++;
    }
    taken++;
  }
  return taken === 0 ? 0 : both / taken;
}

/** The exact Jaccard similarity of two shingle sets (0 for two empty sets, as the estimate says). */
export function exactJaccard(a: readonly string[], b: readonly string[]): number {
  const first = new Set(a);
  const second = new Set(b);
  let both = 0;
  for (const s of first) if (second.has(s)) both++;
  const union = first.size + second.size - both;
  return union === 0 ? 0 : both / union;
}
