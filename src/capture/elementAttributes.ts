/**
 * An element's attributes read in one pass: the length they add to its start tag (htmlLength.ts's openTagLength) and
 * the values capture looks at (hint bits, author names, links). Reading each value once by name would ask the
 * element again for class, id, role, aria-hidden, itemprop, rel and href after the pass that sums the lengths has
 * read them all; on a page's first capture, in code the interpreter runs, those calls are a good part of the walk.
 */
export interface ElementAttributes {
  /** `<tag …>` plus `</tag>`, as openTagLength counts them. */
  tagLength: number;
  /** Values as written, '' when absent (href: null when absent: an anchor without one is no link). */
  className: string;
  id: string;
  role: string;
  ariaHidden: string;
  itemprop: string;
  rel: string;
  href: string | null;
}

/**
 * Reads `el`'s attributes into `out` (reused from element to element: a first capture makes no object per element).
 * Names are as getAttributeNames gives them: lower case on HTML elements.
 */
export function readElementAttributes(el: Element, out: ElementAttributes): ElementAttributes {
  out.tagLength = 2 * el.localName.length + 5; // "<tag>" + "</tag>"
  out.className = out.id = out.role = out.ariaHidden = out.itemprop = out.rel = '';
  out.href = null;
  if (!el.hasAttributes()) return out;
  const names = el.getAttributeNames();
  for (let k = 0; k < names.length; k++) {
    const name = names[k];
    const value = el.getAttribute(name) ?? '';
    out.tagLength += name.length + value.length + 4;
    switch (name) {
      case 'class': out.className = value; break;
      case 'id': out.id = value; break;
      case 'role': out.role = value; break;
      case 'aria-hidden': out.ariaHidden = value; break;
      case 'itemprop': out.itemprop = value; break;
      case 'rel': out.rel = value; break;
      case 'href': out.href = value; break;
    }
  }
  return out;
}

export function emptyElementAttributes(): ElementAttributes {
  return { tagLength: 0, className: '', id: '', role: '', ariaHidden: '', itemprop: '', rel: '', href: null };
}
