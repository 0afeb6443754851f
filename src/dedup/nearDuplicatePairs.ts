/**
 * All near-duplicate pairs among many pages' signatures: pairs whose signatures share at least `minShared` values
 * (003 §5.2). Two ways that must agree: every pair compared (the reference, fine for a few thousand pages), and an
 * inverted index from hash value to the pages whose signature holds it, which only visits pairs that share a value.
 * The index is exact, not a banding approximation: a pair sharing m values meets m times in the posting lists, so
 * counting the meetings gives `sharedValues` for every pair that shares anything. Pure.
 */
import { sharedValues } from './compareSignatures.ts';
import type { MinHashSignature } from './minHashSignature.ts';

export interface NearDuplicatePair {
  /** Indices into the signatures, a < b. */
  a: number;
  b: number;
  /** Signature values the two share (of k). */
  shared: number;
}

/** Every pair compared: n(n − 1)/2 merges of two signatures. Pairs in order of (a, b). */
export function nearDuplicatePairsPairwise(signatures: readonly MinHashSignature[], minShared: number):
  NearDuplicatePair[] {
  const pairs: NearDuplicatePair[] = [];
  for (let a = 0; a < signatures.length; a++) {
    for (let b = a + 1; b < signatures.length; b++) {
      const shared = sharedValues(signatures[a], signatures[b]);
      if (shared >= minShared) pairs.push({ a, b, shared });
    }
  }
  return pairs;
}

/**
 * The same pairs through an inverted index: for each page a, count how often each later page b turns up in the
 * posting lists of a's values. Work is the number of (a, b, value) meetings, so pages that share nothing cost nothing;
 * a value every page holds (a template shingle) still costs n²/2, as the answer itself may.
 */
export function nearDuplicatePairsIndexed(signatures: readonly MinHashSignature[], minShared: number):
  NearDuplicatePair[] {
  const postings = new Map<number, number[]>();
  signatures.forEach((sig, page) => {
    for (const v of sig.values) {
      const list = postings.get(v);
      if (list) list.push(page);
      else postings.set(v, [page]);
    }
  });
  const counts = new Int32Array(signatures.length);
  const pairs: NearDuplicatePair[] = [];
  for (let a = 0; a < signatures.length; a++) {
    const met: number[] = [];
    for (const v of signatures[a].values) {
      // Pages were pushed in increasing order, so the later pages of a list are its tail.
      for (const b of postings.get(v)!) {
        if (b <= a) continue;
        if (counts[b]++ === 0) met.push(b);
      }
    }
    met.sort((x, y) => x - y);
    for (const b of met) {
      if (counts[b] >= minShared) pairs.push({ a, b, shared: counts[b] });
      counts[b] = 0;
    }
  }
  return pairs;
}
