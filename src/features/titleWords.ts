/**
 * Counts, for any range of the page text, how many of its words also occur in the page title (000 §5.2: text that
 * shares many words with the title is likely content). The title's few words are found once in the whole text, and
 * every node's count is then O(log occurrences), instead of re-reading each subtree's text.
 */
const WORD = /[\p{L}\p{N}]+/gu;

const STOP_WORDS = new Set(
  ('the and for with from that this are was were will have has had not but you your his her its our their they ' +
    'what when where who how why can all any more most new news home page about into over after than then also ' +
    'just out off per via les des und der die das est une pour').split(' '),
);

export interface TitleWordCounter {
  /** Number of distinct title words. */
  size: number;
  /** Title-word occurrences among the words starting in text[start, end). */
  count(start: number, end: number): number;
}

/**
 * Lower case with one sigma: JavaScript lower-cases a capital sigma to final ς or to σ by what follows it in the
 * string (Unicode's Final_Sigma), so ΟΔΟΣ is οδος alone but οδοσ in "ΟΔΟΣ.Β". Words are compared with σ for both, so
 * that lower-casing a whole text at once finds the same words as lower-casing each word alone.
 */
export function wordCase(s: string): string {
  return s.toLowerCase().replace(/ς/g, 'σ');
}

export function titleWords(title: string): Set<string> {
  const words = new Set<string>();
  for (const m of wordCase(title).matchAll(WORD)) {
    if (m[0].length >= 3 && !STOP_WORDS.has(m[0])) words.add(m[0]);
  }
  return words;
}

export function titleWordCounter(title: string, text: string): TitleWordCounter {
  const wanted = titleWords(title);
  let starts: number[] = [];
  if (wanted.size > 0) {
    const lower = wordCase(text);
    // Lower-casing the whole text keeps every offset where it was unless some character lower-cases to two (then each
    // word is lower-cased alone instead, which takes a match object per word of the page).
    starts = lower.length === text.length ? occurrences(lower, wanted) : wordsByMatch(text, wanted);
  }
  return {
    size: wanted.size,
    count(start, end) {
      if (starts.length === 0 || end <= start) return 0;
      return lowerBound(starts, end) - lowerBound(starts, start);
    },
  };
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Where the wanted words start in the lower-cased text, in order: each found by indexOf and kept when it is a whole
 * word (no letter or digit either side), which is what matching WORD over the text would have found.
 */
function occurrences(lower: string, wanted: Set<string>): number[] {
  const out: number[] = [];
  for (const word of wanted) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
      if (!isWordChar(codePointBefore(lower, at)) && !isWordChar(lower.codePointAt(at + word.length))) out.push(at);
    }
  }
  return out.sort((a, b) => a - b);
}

function wordsByMatch(text: string, wanted: Set<string>): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(WORD)) if (wanted.has(wordCase(m[0]))) out.push(m.index);
  return out;
}

function codePointBefore(s: string, at: number): number | undefined {
  if (at === 0) return undefined;
  const low = s.charCodeAt(at - 1);
  const pair = low >= 0xdc00 && low <= 0xdfff && at >= 2 && s.charCodeAt(at - 2) >= 0xd800 && s.charCodeAt(at - 2) <= 0xdbff;
  return s.codePointAt(pair ? at - 2 : at - 1);
}

function isWordChar(code: number | undefined): boolean {
  return code !== undefined && WORD_CHAR.test(String.fromCodePoint(code));
}

function lowerBound(a: number[], v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
