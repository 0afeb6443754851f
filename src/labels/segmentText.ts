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
