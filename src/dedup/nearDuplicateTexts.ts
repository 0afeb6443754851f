/**
 * Near-duplicate detection over texts, start to end: each text's signature (minHashSignature.ts), the pairs whose
 * signatures share at least `minShared` values (nearDuplicatePairs.ts, through the index), and each pair's Jaccard
 * estimate for the report. What `winnow dedup` and its evaluation run on their texts. Pure.
 */
import { jaccardEstimate } from './compareSignatures.ts';
import type { DedupOptions } from './dedupOptions.ts';
import { textSignature, type MinHashSignature } from './minHashSignature.ts';
import { nearDuplicatePairsIndexed, type NearDuplicatePair } from './nearDuplicatePairs.ts';

export interface NearDuplicate extends NearDuplicatePair {
  /** Broder's estimate of the two shingle sets' Jaccard similarity, from the signatures alone. */
  jaccard: number;
}

export interface NearDuplicateResult {
  /** Per text, in input order. */
  signatures: MinHashSignature[];
  /** In order of (a, b). */
  pairs: NearDuplicate[];
}

export function nearDuplicateTexts(texts: readonly string[], options: DedupOptions): NearDuplicateResult {
  const signatures = texts.map((t) => textSignature(t, options));
  const pairs = nearDuplicatePairsIndexed(signatures, options.minShared)
    .map((p) => ({ ...p, jaccard: jaccardEstimate(signatures[p.a], signatures[p.b]) }));
  return { signatures, pairs };
}
