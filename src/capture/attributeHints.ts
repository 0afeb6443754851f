import { hintBitsFor } from '../snapshot/hintBits.ts';
import { authorWordsIn, namesAuthorByWords } from './authorNodes.ts';
import type { ElementAttributes } from './elementAttributes.ts';

/** attributeHints's flag for an element whose markup names the author (authorNodes.ts), above every hint bit. */
export const NAMES_AUTHOR = 1 << 24;
const AUTHOR_WORDS_SHIFT = 25;

/**
 * What a class attribute says, by its text: its hint bits, and its author words shifted above them. A page repeats
 * a few hundred class attributes over thousands of elements, and lower-casing, splitting and looking up each one's
 * tokens again was about a tenth of a first capture, run by the interpreter (no hints at all took 9.5% off its thread
 * time). With the cache, and the walk's other trims of the same change, a first capture took 1.7–2.1% less thread
 * time (benchCaptureThreadTime.ts, 40 Readability fixtures twice, two A/B runs against the code before). Bounded, so
 * a page that generates unique class names cannot grow it without end.
 */
const classWords = new Map<string, number>();
const CLASSES_CACHED_MAX = 10_000;

/**
 * An element's hint bits (hintBitsFor of its role, class, id, aria-hidden and itemprop), with NAMES_AUTHOR set when
 * namesAuthor holds. The same as asking those of "class id": tokens never span the space between them, and neither
 * do the author patterns.
 */
export function attributeHints(attrs: ElementAttributes): number {
  let bits = attrs.role || attrs.ariaHidden || attrs.itemprop
    ? hintBitsFor(attrs.role.toLowerCase(), '', attrs.ariaHidden === 'true', attrs.itemprop.toLowerCase())
    : 0;
  let words = 0;
  if (attrs.className) {
    let known = classWords.get(attrs.className);
    if (known === undefined) {
      known = hintBitsFor('', attrs.className.toLowerCase().trim(), false) |
        (authorWordsIn(attrs.className) << AUTHOR_WORDS_SHIFT);
      if (classWords.size >= CLASSES_CACHED_MAX) classWords.clear();
      classWords.set(attrs.className, known);
    }
    bits |= known & (NAMES_AUTHOR - 1);
    words = known >>> AUTHOR_WORDS_SHIFT;
  }
  if (attrs.id) {
    bits |= hintBitsFor('', attrs.id.toLowerCase().trim(), false);
    words |= authorWordsIn(attrs.id);
  }
  return namesAuthorByWords(words, attrs.rel, attrs.itemprop) ? bits | NAMES_AUTHOR : bits;
}
