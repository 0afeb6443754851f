/** Comparing Winnow's answers with a Readability fixture's expected metadata and content. */

/** Same text once whitespace is collapsed and typographic quotes and dashes are made plain. */
export function sameText(a: string, b: string): boolean {
  return plain(a) === plain(b);
}

function plain(s: string): string {
  return s.normalize('NFKC').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-')
    .replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Words (letters and digits) of a text, lower-cased. */
export function wordsOf(text: string): string[] {
  return Array.from(text.normalize('NFKC').toLowerCase().matchAll(/[\p{L}\p{N}]+/gu), (m) => m[0]);
}

/** F1 of two bags of words: how much of the expected article a text holds, and how little else. */
export function wordF1(got: string, expected: string): number {
  const want = new Map<string, number>();
  const e = wordsOf(expected);
  for (const w of e) want.set(w, (want.get(w) ?? 0) + 1);
  const g = wordsOf(got);
  let common = 0;
  for (const w of g) {
    const c = want.get(w) ?? 0;
    if (c > 0) {
      common++;
      want.set(w, c - 1);
    }
  }
  return common === 0 ? 0 : (2 * common) / (g.length + e.length);
}

/**
 * Same author name: Readability.js keeps a byline line as the page prints it ("By Ana Lima\n  March 5"), Winnow
 * reports the name, so the line's first row is compared without its "By".
 */
export function sameName(got: string, expected: string): boolean {
  const name = (s: string) => s.trim().split('\n')[0].replace(/^((written\s+)?by|par|von)\s+/i, '');
  return sameText(name(got), name(expected));
}
