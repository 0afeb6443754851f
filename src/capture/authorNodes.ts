/**
 * Snapshot nodes the page's markup names as the author or byline: class or id with "byline", "author" or
 * "writtenby" (Readability.js's byline names), rel=author, itemprop=author. Read from the live elements, as the
 * snapshot keeps only the hint bits of class names. Avatars, bios and comment authors are not bylines.
 */
const AUTHOR_NAME = /byline|author|writtenby|written-by|dateline/i;
const NOT_BYLINE = /comment|avatar|photo|image|img|bio|follow|hovercard|related|teaser|card/i;

export function authorNodes(elements: readonly Element[]): number[] {
  const out: number[] = [];
  elements.forEach((el, i) => {
    // Most elements have no attributes, so nothing that could name an author: skipped without reading any.
    if (!el.hasAttributes()) return;
    const names = `${el.getAttribute('class') ?? ''} ${el.id}`;
    const marked = (AUTHOR_NAME.test(names) && !NOT_BYLINE.test(names)) ||
      /(^|\s)author(\s|$)/i.test(el.getAttribute('rel') ?? '') || /(^|\s)author(\s|$)/i.test(el.getAttribute('itemprop') ?? '');
    if (marked) out.push(i);
  });
  return out;
}
