/**
 * Cookie and consent notices. On a live page they float over it until answered; in a saved or unstyled page they sit
 * in the text, and a reader that shows "We use cookies to…" as the article is the failure people remember. Found by
 * what they say (in the languages of most of the web), on short blocks only, so a story about cookies stays.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';

// Tested on lower-cased text, without flags: V8 compiles a case-insensitive Unicode pattern many times slower, and
// the content script compiles it afresh on every page that mentions cookies. Its \b is the ASCII word boundary
// either way.
const COOKIE_NOTICE = new RegExp([
  '\\b(we|this (web)?site|our (web)?site|this page) (uses?|use) cookies',
  '\\bcookies? (policy|settings|preferences|consent)\\b',
  '\\b(accept|allow|reject|decline) (all )?cookies',
  '\\bby (continuing|clicking|using)[^.]{0,60}\\b(cookies|consent)',
  '\\bwir (verwenden|nutzen|setzen) cookies', '\\bcookie-einstellungen', '\\balle cookies akzeptieren',
  '\\bnous utilisons (des )?cookies', '\\bce site utilise (des )?cookies', '\\baccepter (tous )?les cookies',
  '\\b(utilizamos|usamos|este sitio (web )?utiliza) cookies', '\\baceptar (todas las )?cookies',
  '\\bużywamy (plików )?cookies?', '\\bta strona (używa|korzysta z) (plików )?cookies?',
  '\\butilizziamo (i )?cookie', '\\bquesto sito (utilizza|usa) (i )?cookie',
  '\\b(wij gebruiken|deze website gebruikt) cookies', '\\butilizamos cookies',
].join('|'));

/** Notices are short: a longer block that mentions cookies is a page about them (a privacy policy, a recipe). */
const MAX_CHARS = 1500;

/**
 * A notice says what it is at once: the phrase must start within this many characters of the block's text, or the
 * block is a post that mentions cookies further down (an embed's "update your cookie preferences" placeholder).
 */
const MAX_LEAD_CHARS = 150;
/** Characters read per block: the lead plus room for the longest phrase. */
const LEAD_WINDOW = MAX_LEAD_CHARS + 120;

/** Per node, 1 on the topmost node of each short block that reads as a cookie or consent notice. */
export function cookieNotices(s: PageSnapshot): Uint8Array {
  const out = new Uint8Array(s.count);
  // Every phrase names cookies: find the word once in the page's text, and test only the blocks that open near it.
  const positions: number[] = [];
  for (const m of s.text.matchAll(/cookie/gi)) positions.push(m.index);
  if (positions.length === 0) return out;
  for (let i = 0; i < s.count; i++) {
    const p = s.parent[i];
    if (p >= 0 && out[p]) {
      out[i] = 1;
      continue;
    }
    if (s.textChars[i] === 0 || s.textChars[i] > MAX_CHARS) continue;
    const end = Math.min(s.textEnd[i], s.textStart[i] + LEAD_WINDOW);
    if (!anyWithin(positions, s.textStart[i], end)) continue;
    const match = COOKIE_NOTICE.exec(s.text.slice(s.textStart[i], end).toLowerCase());
    if (match && match.index <= MAX_LEAD_CHARS) out[i] = 1;
  }
  return out;
}

/** Whether a sorted list holds a value in [from, to). */
function anyWithin(sorted: readonly number[], from: number, to: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo] < to;
}
