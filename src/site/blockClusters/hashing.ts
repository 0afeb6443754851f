/**
 * The hashes the block-cluster store keeps instead of text (the issue: "stores only hashes, skeletons and bit arrays
 * for the site: never page text").
 *
 * - `wordHash`: 32 bits per word. The paper's index keys its hash table by the word itself (001 §3.2, "a hash table is
 *   created to store words"); here the key is the word's hash, so the store never holds a word. Two different words of
 *   one block cluster colliding is a 1-in-4-billion event per pair; it can only make a word look shared, never hide one.
 * - `sequenceHash`: 53 bits (an exact integer in a double, so it prints as a short base-36 key) for integer sequences:
 *   the block style cluster key (position sequence + attribute array) and the page address. Two independent 32-bit
 *   lanes keep chance collisions negligible at site scale (millions of keys give ~1e-4).
 *
 * Pure arithmetic (Math.imul), no Node or DOM APIs.
 */
import { SequenceHasher } from '../../util/twoLaneHash.ts';

export { SequenceHasher, wordHash } from '../../util/twoLaneHash.ts';

/** A 53-bit hash as the short text key the store's JSON uses. */
export function hashKey(h: number): string {
  return h.toString(36);
}

/**
 * The page's identity in the store: its address without the fragment, hashed. Re-adding the same address replaces
 * that page's contribution instead of counting a reload as a second page (which would make its article "repeat").
 */
export function pageKey(url: string): string {
  const hash = url.indexOf('#');
  return hashKey(new SequenceHasher().addString(hash >= 0 ? url.slice(0, hash) : url).digest());
}
