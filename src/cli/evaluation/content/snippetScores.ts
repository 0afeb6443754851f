/**
 * The snippet measures of the Web Content Extraction Benchmark's ground truth: `with` lists sentences a good
 * extraction contains, `without` boilerplate it must leave out. Pure; used on each method's text in Node.
 */

/**
 * Text as the snippets are compared: Unicode compatibility forms folded (NFKC: no-break spaces, ligatures, "…"),
 * lower case, curly quotes and primes as straight ones, every dash and minus as "-", soft hyphens and zero-width
 * characters gone, and each run of whitespace (line breaks between blocks included) one space. Typography that a
 * page, a ground-truth author and an extractor each spell their own way must not decide a match.
 */
export function normalizeSnippetText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u2035\u0060\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb]/g, '"')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const WORD = /[\p{L}\p{N}_]/u;

/**
 * Whether `snippet` occurs in `text`, both already normalised, without starting or ending inside a word: the
 * snippet "home" is not found in "homepage" (short navigation labels would otherwise be found almost anywhere).
 */
export function containsSnippet(text: string, snippet: string): boolean {
  if (snippet === '') return false;
  const wordStart = WORD.test(snippet[0]);
  const wordEnd = WORD.test(snippet[snippet.length - 1]);
  for (let at = text.indexOf(snippet); at >= 0; at = text.indexOf(snippet, at + 1)) {
    const before = at > 0 ? text[at - 1] : '';
    const after = text[at + snippet.length] ?? '';
    if ((!wordStart || !WORD.test(before)) && (!wordEnd || !WORD.test(after))) return true;
  }
  return false;
}

export interface SnippetScore {
  /** Share of the `with` sentences found in the text; null when the page has none. */
  withRecall: number | null;
  /** Share of the `without` snippets not found in the text; null when the page has none. */
  withoutPrecision: number | null;
}

/** One method's snippet scores on one page. Empty snippets in the ground truth are ignored. */
export function scoreSnippets(text: string, withSnippets: readonly string[], withoutSnippets: readonly string[]):
  SnippetScore {
  const haystack = normalizeSnippetText(text);
  const share = (snippets: readonly string[], wanted: boolean): number | null => {
    const list = snippets.map(normalizeSnippetText).filter((s) => s !== '');
    if (list.length === 0) return null;
    return list.filter((s) => containsSnippet(haystack, s) === wanted).length / list.length;
  };
  return { withRecall: share(withSnippets, true), withoutPrecision: share(withoutSnippets, false) };
}
