/**
 * Counts, for any range of the page text, how many of its words also occur in the page title (000 §5.2: text that
 * shares many words with the title is likely content). One tokenisation of the whole text and a prefix sum make
 * every node's count O(log words), instead of re-reading each subtree's text.
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

export function titleWords(title: string): Set<string> {
  const words = new Set<string>();
  for (const m of title.toLowerCase().matchAll(WORD)) {
    if (m[0].length >= 3 && !STOP_WORDS.has(m[0])) words.add(m[0]);
  }
  return words;
}

export function titleWordCounter(title: string, text: string): TitleWordCounter {
  const wanted = titleWords(title);
  const starts: number[] = [];
  const prefix: number[] = [0];
  if (wanted.size > 0) {
    let running = 0;
    // Lower-case each word, not the whole text: lower-casing can change string length and shift offsets.
    for (const m of text.matchAll(WORD)) {
      starts.push(m.index);
      if (wanted.has(m[0].toLowerCase())) running++;
      prefix.push(running);
    }
  }
  return {
    size: wanted.size,
    count(start, end) {
      if (starts.length === 0 || end <= start) return 0;
      return prefix[lowerBound(starts, end)] - prefix[lowerBound(starts, start)];
    },
  };
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
