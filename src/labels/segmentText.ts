/**
 * A segment's text as labels remember it: white space collapsed and trimmed, hashed with 32-bit FNV-1a to eight hex
 * digits. Cheap, stable across runs and machines, and enough to tell one segment of a page from another; a changed
 * text is a changed segment (its label then asks to be checked rather than being carried over silently).
 */
export function normalisedSegmentText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function segmentTextHash(text: string): string {
  const s = normalisedSegmentText(text);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
