/**
 * A segment's text as labels remember it: white space collapsed and trimmed, hashed with the site memory's word hash
 * (FNV-1a finalised by fmix32, src/util/twoLaneHash.ts) to eight hex digits. Cheap, stable across runs and machines,
 * and enough to tell one segment of a page from another; a changed text is a changed segment (its label then asks to
 * be checked rather than being carried over silently).
 */
import { wordHash } from '../util/twoLaneHash.ts';

export function normalisedSegmentText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function segmentTextHash(text: string): string {
  return wordHash(normalisedSegmentText(text)).toString(16).padStart(8, '0');
}

/** How a label or a segment names its text: the own text's hash and, when known, the whole subtree's. */
export interface TextHashes {
  textHash: string;
  subtreeHash?: string;
}

/** A segment has a label's text when the own texts hash alike or, both having one, the subtree texts do. */
export function sameTextAs(a: TextHashes, b: TextHashes): boolean {
  const subtree = subtreeHashOf(a);
  return a.textHash === b.textHash || (subtree !== undefined && subtree === subtreeHashOf(b));
}

/** The subtree hash, or undefined when there is none (or a kept record's is not a hash: it then cannot match). */
export function subtreeHashOf(s: Pick<TextHashes, 'subtreeHash'>): string | undefined {
  return typeof s.subtreeHash === 'string' && s.subtreeHash.length > 0 ? s.subtreeHash : undefined;
}
