/**
 * Whether an element's markup names it as the author or byline: class or id with "byline", "author" or "writtenby"
 * (Readability.js's byline names), rel=author, itemprop=author. Avatars, bios and comment authors are not bylines.
 * Capture asks it of every element with attributes, from the attribute values it reads anyway (CaptureResult's
 * authorNodes), as the snapshot keeps only the hint bits of class names.
 */
const AUTHOR_NAME = /byline|author|writtenby|written-by|dateline/i;
const NOT_BYLINE = /comment|avatar|photo|image|img|bio|follow|hovercard|related|teaser|card/i;
const AUTHOR_TOKEN = /(^|\s)author(\s|$)/i;

/** authorWordsIn's bits: the text has an author's name word, and one that says it is not a byline. */
export const AUTHOR_WORD = 1;
export const NOT_BYLINE_WORD = 2;

/**
 * What a class attribute or an id says toward namesAuthor, as bits. Neither pattern holds a space, so the words of
 * "class id" are the words of the class or'ed with the id's: capture caches a class attribute's with its hints.
 */
export function authorWordsIn(text: string): number {
  return (AUTHOR_NAME.test(text) ? AUTHOR_WORD : 0) | (NOT_BYLINE.test(text) ? NOT_BYLINE_WORD : 0);
}

/** namesAuthor, given authorWordsIn of the class and id. */
export function namesAuthorByWords(words: number, rel: string, itemprop: string): boolean {
  return words === AUTHOR_WORD || AUTHOR_TOKEN.test(rel) || AUTHOR_TOKEN.test(itemprop);
}

/** `classAndId`: the class attribute and the id, space-separated; `rel` and `itemprop` as written ('' when absent). */
export function namesAuthor(classAndId: string, rel: string, itemprop: string): boolean {
  return namesAuthorByWords(authorWordsIn(classAndId), rel, itemprop);
}
