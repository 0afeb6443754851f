/**
 * Blocks whose text recurs word for word on the page: "Mouseover photo to load notes or add comment" under each of
 * forty photos, "Reply · Share · Report" under every post, "Add to cart" on every tile. Text a page prints three
 * times is its furniture, not its content, even inside the story. Pure: depends on the snapshot alone.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';

/** How often a text must recur to be furniture. */
const MIN_REPEATS = 3;
/** Only short texts: a long paragraph that recurs is a quote or a template bug, not a label. */
const MAX_CHARS = 120;
/** At least this many words: "Yes", "No", "$12" recur in any table of figures. */
const MIN_WORDS = 3;

/** Per node, 1 when it is the topmost node of a short text that recurs MIN_REPEATS times or more. */
export function repeatedBlocks(s: PageSnapshot): Uint8Array {
  const out = new Uint8Array(s.count);
  const counts = new Map<string, number>();
  const keyOf = new Array<string | null>(s.count).fill(null);
  for (let i = 0; i < s.count; i++) {
    if (s.textChars[i] > MAX_CHARS || s.words[i] < MIN_WORDS) continue;
    const p = s.parent[i];
    // The same text in a wrapper and the element it wraps is one occurrence, counted at the wrapper.
    if (p >= 0 && s.textChars[p] === s.textChars[i] && s.words[p] === s.words[i]) continue;
    const key = s.text.slice(s.textStart[i], s.textEnd[i]).replace(/\s+/g, ' ').trim().toLowerCase();
    keyOf[i] = key;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (let i = 0; i < s.count; i++) {
    const key = keyOf[i];
    if (key !== null && counts.get(key)! >= MIN_REPEATS) out[i] = 1;
  }
  return out;
}
