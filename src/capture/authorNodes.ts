/**
 * Whether an element's markup names it as the author or byline: class or id with "byline", "author" or "writtenby"
 * (Readability.js's byline names), rel=author, itemprop=author. Avatars, bios and comment authors are not bylines.
 * Capture asks it of every element with attributes, from the attribute values it reads anyway (CaptureResult's
 * authorNodes), as the snapshot keeps only the hint bits of class names.
 */
const AUTHOR_NAME = /byline|author|writtenby|written-by|dateline/i;
const NOT_BYLINE = /comment|avatar|photo|image|img|bio|follow|hovercard|related|teaser|card/i;
const AUTHOR_TOKEN = /(^|\s)author(\s|$)/i;

/** `classAndId`: the class attribute and the id, space-separated; `rel` and `itemprop` as written ('' when absent). */
export function namesAuthor(classAndId: string, rel: string, itemprop: string): boolean {
  return (AUTHOR_NAME.test(classAndId) && !NOT_BYLINE.test(classAndId)) || AUTHOR_TOKEN.test(rel) ||
    AUTHOR_TOKEN.test(itemprop);
}
