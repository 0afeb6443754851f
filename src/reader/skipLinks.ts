/**
 * "Skip to main content" and its kin: accessibility links that jump past the menus. Screen readers need them, a
 * reader view does not, and an unstyled page (a saved page, a page before its CSS arrives) shows them as the first
 * line of its text. Matched on the whole text of a short node, in the languages the web writes them in most.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';

const SKIP_LINK = new RegExp('^\\s*(' + [
  'skip( to| navigation| to the)? ?(main |primary |page )?(content|navigation|nav|menu|search|footer|article)',
  'skip (links?|navigation)', '(skip|jump) (to|past) (the )?[\\p{L} ]{1,25}', 'go to (main )?content',
  'zum (haupt)?inhalt( springen| wechseln)?', 'direkt zum (haupt)?inhalt', 'zur navigation( springen)?',
  'aller (au|directement au) contenu( principal)?', 'passer au contenu( principal)?', 'aller à la navigation',
  'saltar (al|a) (contenido|navegación)( principal)?', 'ir (al|a) contenido( principal)?',
  'przejdź do (treści|nawigacji|zawartości)', 'vai al contenuto( principale)?', 'salta al contenuto',
  'ir para o conteúdo( principal)?', 'pular para o conteúdo', 'naar (de )?(hoofd)?inhoud', 'spring naar de inhoud',
  'hoppa till (huvud)?innehåll', 'перейти к (основному )?содержанию',
].join('|') + ')\\s*[.!»›→]?\\s*$', 'u');

/** Longest text worth testing: the phrases are short. */
const MAX_CHARS = 60;

/**
 * Every phrase above opens with one of these words, and a lower-cased text is put to the pattern only when it does.
 * Compiling the pattern costs many times what matching with it does, and the content script starts fresh on every
 * page: pages without a skip link never compile it, and the others compile it without the `i` flag, which V8 compiles
 * many times slower for a Unicode pattern (it works out every letter's other cases).
 */
const OPENING_WORDS = ['skip', 'jump', 'go to', 'zum', 'direkt', 'zur', 'aller', 'passer', 'saltar', 'ir ',
  'przejdź', 'vai', 'salta', 'pular', 'naar', 'spring', 'hoppa', 'перейти'];

/** Per node, 1 when its whole text is a skip link's. */
export function skipLinks(s: PageSnapshot): Uint8Array {
  const out = new Uint8Array(s.count);
  for (let i = 0; i < s.count; i++) {
    if (s.textChars[i] === 0 || s.textChars[i] > MAX_CHARS) continue;
    const text = s.text.slice(s.textStart[i], s.textEnd[i]);
    const opening = text.trimStart().slice(0, 8).toLowerCase();
    if (!OPENING_WORDS.some((w) => opening.startsWith(w))) continue;
    if (SKIP_LINK.test(text.toLowerCase())) out[i] = 1;
  }
  return out;
}
