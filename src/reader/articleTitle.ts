/**
 * Titles: how alike two titles are, and the document title without the site's name around it ("Story | Site",
 * "Site - Story"). A part is cut only on evidence — what remains agrees with a heading of the page, or what goes is
 * the site's name — because a colon or dash inside a real headline looks the same as a separator.
 */

const WORD = /[\p{L}\p{N}]+/gu;
/** Separators sites put between the story's title and their own name: spaced, so a hyphenated word is not one. */
const SEPARATOR = /\s+[|\-–—·•»:/\\]{1,2}\s+/g;
/** Headings at or above this similarity say the same as the title (allows a word or two of difference). */
export const TITLE_AGREES = 0.8;

/** Lower-cased words (letters and digits) of a title. */
export function titleTokens(s: string): string[] {
  return Array.from(s.normalize('NFKC').toLowerCase().matchAll(WORD), (m) => m[0]);
}

/** Dice coefficient of the two titles' word multisets: 1 for the same words, 0 for none in common. */
export function titleSimilarity(a: string, b: string): number {
  return similarityTo(b)(a);
}

/** titleSimilarity to one fixed title, its words counted once for the many texts it is compared with. */
export function similarityTo(title: string): (text: string) => number {
  const want = new Map<string, number>();
  const tb = titleTokens(title);
  for (const w of tb) want.set(w, (want.get(w) ?? 0) + 1);
  return (text) => {
    const ta = titleTokens(text);
    if (ta.length === 0 || tb.length === 0) return 0;
    const left = new Map(want);
    let common = 0;
    for (const w of ta) {
      const c = left.get(w) ?? 0;
      if (c > 0) {
        common++;
        left.set(w, c - 1);
      }
    }
    return (2 * common) / (ta.length + tb.length);
  };
}

/**
 * `title` without a leading or trailing part set off by a separator, when what remains agrees with one of
 * `headings` (the page's h1s, then h2s) better than the whole title does and is not shorter than any part that goes, or when
 * the part cut off is `siteName`. Otherwise the title as it is.
 */
export function cleanTitle(title: string, headings: readonly string[], siteName: string | null): string {
  const whole = title.replace(/\s+/g, ' ').trim();
  const parts: string[] = [];
  const seps: string[] = [];
  let at = 0;
  for (const m of whole.matchAll(SEPARATOR)) {
    parts.push(whole.slice(at, m.index));
    seps.push(m[0]);
    at = m.index + m[0].length;
  }
  parts.push(whole.slice(at));
  if (parts.length < 2) return whole;

  const agreement = (t: string) => Math.max(0, ...headings.map((h) => titleSimilarity(t, h)));
  let best = whole;
  let bestAgreement = agreement(whole);
  let bestBySite: string | null = null;
  const n = parts.length;
  // k parts kept from the start (a trailing site name cut), then k parts kept from the end (a leading one cut).
  for (const fromStart of [true, false]) {
    for (let k = n - 1; k >= 1; k--) {
      const kept = fromStart ? join(parts.slice(0, k), seps.slice(0, k - 1)) : join(parts.slice(n - k), seps.slice(n - k));
      const cutParts = fromStart ? parts.slice(k) : parts.slice(0, n - k);
      const cut = fromStart ? join(cutParts, seps.slice(k)) : join(cutParts, seps.slice(0, n - k - 1));
      if (titleTokens(kept).length === 0) continue;
      const a = agreement(kept);
      // A heading agreeing with a part shorter than one cut off is more likely the site's logo than the headline.
      const longest = Math.max(...cutParts.map((p) => p.trim().length));
      if (a >= TITLE_AGREES && a > bestAgreement && kept.length >= longest) [best, bestAgreement] = [kept, a];
      if (bestBySite === null && siteName && isSiteName(cut, siteName)) bestBySite = kept;
    }
  }
  return best !== whole ? best : bestBySite ?? whole;
}

function join(parts: readonly string[], seps: readonly string[]): string {
  let out = parts[0] ?? '';
  for (let i = 1; i < parts.length; i++) out += seps[i - 1] + parts[i];
  return out.trim();
}

/** Whether the part cut off names the site: its words include the site name's ("World news | The Guardian"). */
function isSiteName(part: string, siteName: string): boolean {
  const cut = titleTokens(part);
  const site = titleTokens(siteName);
  if (site.length === 0 || cut.length === 0) return false;
  if (cut.join('') === site.join('')) return true; // "Tech Crunch" vs "TechCrunch"
  for (let i = 0; i + site.length <= cut.length; i++) {
    if (site.every((w, j) => cut[i + j] === w)) return true;
  }
  return false;
}
