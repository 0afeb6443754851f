/**
 * Cookie and consent notices. On a live page they float over it until answered; in a saved or unstyled page they sit
 * in the text, and a reader that shows "We use cookies to…" as the article is the failure people remember. Found by
 * what they say (in the languages of most of the web), on short blocks only, so a story about cookies stays.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';

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
].join('|'), 'iu');

/** Notices are short: a longer block that mentions cookies is a page about them (a privacy policy, a recipe). */
const MAX_CHARS = 1500;

/**
 * A notice says what it is at once: the phrase must start within this many characters of the block's text, or the
 * block is a post that mentions cookies further down (an embed's "update your cookie preferences" placeholder).
 */
const MAX_LEAD_CHARS = 150;

/** Per node, 1 on the topmost node of each short block that reads as a cookie or consent notice. */
export function cookieNotices(s: PageSnapshot): Uint8Array {
  const out = new Uint8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    const p = s.parent[i];
    if (p >= 0 && out[p]) {
      out[i] = 1;
      continue;
    }
    if (s.textChars[i] === 0 || s.textChars[i] > MAX_CHARS) continue;
    const match = COOKIE_NOTICE.exec(s.text.slice(s.textStart[i], s.textEnd[i]));
    if (match && match.index <= MAX_LEAD_CHARS) out[i] = 1;
  }
  return out;
}
