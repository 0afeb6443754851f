/**
 * The reader view's article: the headline and byline on top, then a clean copy of the page's content parts. Keeps
 * headings, paragraphs, links, images (lazy `data-src` ones too), figures with captions, code blocks, tables, lists
 * and quotes; drops template parts, invisible elements, scripts, forms and embeds; unwraps layout containers; copies
 * only harmless attributes. What is content is the core's reader decision alone (the verdict): no element is dropped
 * here for what it is named, so the view shows the text `winnow extract` gives. Works on any Document (happy-dom in
 * tests): what it knows of the page's layout (which <span>s the page sets on a line of their own) it is told
 * (`layoutOf`), as `winnow extract` knows it from the capture's style bits.
 */
import { parseUrl } from '../shared/parseUrl.ts';
import { DROPPED_TAGS, LAZY_SRC, LAZY_SRCSET } from '../../src/reader/readerMarkup.ts';

export type NodeVerdict = 'keep' | 'skip';

/** Elements copied as themselves. */
const KEPT = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'a', 'em', 'strong', 'b', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark',
  'code', 'pre', 'kbd', 'samp', 'var', 'blockquote', 'q', 'cite', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table',
  'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'figure', 'figcaption', 'img', 'br', 'hr', 'abbr', 'time',
  'del', 'ins',
]);
/** Elements that start a new block when unwrapped (their inline content becomes a paragraph). */
const BLOCKS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'blockquote', 'ul', 'ol', 'dl', 'table', 'figure', 'hr', 'div',
  'section', 'article', 'main', 'header', 'footer', 'aside', 'nav', 'center', 'details', 'summary', 'address',
  'body', 'figcaption', 'li', 'dt', 'dd', 'caption',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/**
 * A line of a heading set in type this much smaller than the heading's largest is its kicker (spiegel.de's
 * "Dachzeile" above the headline) or a subtitle, and is shown small; lines of about that size are the headline.
 */
const MINOR_LINE_FONT_RATIO = 0.85;
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height', 'srcset', 'sizes'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  time: ['datetime'],
  abbr: ['title'],
  blockquote: ['cite'],
  pre: ['lang'],
  code: ['lang'],
};

/** How the page lays out an element: on a line of its own (display block, flex, list-item…) or not; its font size. */
export interface ElementLayout {
  block: boolean;
  /** CSS px; 0 when unknown. */
  fontPx: number;
}

export interface ReaderContentOptions {
  /** Whether a (visible) element and its subtree belong in the article; elements not judged are dropped. */
  verdict: (el: Element) => NodeVerdict;
  /** Title shown above the article when no headline was found and the content does not start with it. */
  title: string;
  /**
   * The page's headline and byline elements (the reader decision's): shown on top, title then byline, and left out
   * of the body below so the headline appears once.
   */
  headline?: Element | null;
  byline?: Element | null;
  /** Author names the document declares (meta tags, JSON-LD), shown when no byline element was found. */
  declaredByline?: string | null;
  /**
   * The page's layout of an element that has no block tag of its own (a <span>, a <font>) and of headings. A kicker
   * and its headline are often two spans of one heading that the page sets on two lines: copied as inline text they
   * run into one line ("Feline Fate Brigitta the Wheelchair Cat…"), or into one word when the markup has no space
   * between them, so a span the page lays out as a block stays a line of its own. Without it every such element is
   * taken as inline.
   */
  layoutOf?: (el: Element) => ElementLayout;
}

/** The page's font size (CSS px) of each line made here (lineElement), for telling a kicker from its headline. */
const lineFontPx = new WeakMap<Element, number>();

export function buildReaderContent(root: Element, out: Document, options: ReaderContentOptions): DocumentFragment {
  const steps = readerSteps(root, out, options);
  for (let r = steps.next(); ; r = steps.next()) if (r.done) return r.value;
}

/**
 * The same article, built in slices that give the page its turn: a huge page (100k elements) takes about a second
 * to copy, which must not freeze it.
 */
export async function buildReaderContentSliced(root: Element, out: Document, options: ReaderContentOptions,
  slice: { sliceMs: number; yieldToPage: () => Promise<void> }): Promise<DocumentFragment> {
  const steps = readerSteps(root, out, options);
  let deadline = performance.now() + slice.sliceMs;
  for (let r = steps.next(); ; r = steps.next()) {
    if (r.done) return r.value;
    if (performance.now() >= deadline) {
      await slice.yieldToPage();
      deadline = performance.now() + slice.sliceMs;
    }
  }
}

let elementsSeen = 0;

/** The conversion as a generator that pauses after each element, so a caller can slice it. */
function* readerSteps(root: Element, out: Document, options: ReaderContentOptions): Generator<void, DocumentFragment> {
  const fragment = out.createDocumentFragment();
  const { headline, byline } = options;
  const body: ReaderContentOptions = {
    ...options,
    verdict: (el) => (el === headline || el === byline ? 'skip' : options.verdict(el)),
  };
  const article = yield* convertChildren(root, out, body, false);
  const firstHeading = article.querySelector('h1, h2');
  if (headline) {
    fragment.append(titleHeading(headline, out, options));
  } else if (options.title && !(firstHeading && sameText(firstHeading.textContent ?? '', options.title))) {
    const h1 = out.createElement('h1');
    h1.textContent = options.title;
    fragment.append(h1);
  }
  const by = byline ? plainText(byline) : options.declaredByline?.trim() ?? '';
  if (by) {
    const p = out.createElement('p');
    p.className = 'byline';
    p.textContent = by;
    fragment.append(p);
  }
  fragment.append(article);
  return fragment;
}

function plainText(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The headline as the page sets it: its text, one line per part the page lays out as a block (a kicker over the
 * title), plain text only (the headline's links and markup are the page's, not the story's).
 */
function titleHeading(headline: Element, out: Document, o: ReaderContentOptions): HTMLElement {
  const h1 = out.createElement('h1');
  const headingPx = o.layoutOf?.(headline).fontPx ?? 0;
  const lines: HTMLElement[] = [];
  let text = '';
  const flush = (fontPx: number) => {
    const t = text.replace(/\s+/g, ' ').trim();
    if (t) lines.push(lineElement(out, fontPx, t));
    text = '';
  };
  const walk = (el: Element) => {
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType === 3) text += (child as Text).data;
      if (child.nodeType !== 1 || DROPPED_TAGS.has((child as Element).localName)) continue;
      const layout = o.layoutOf?.(child as Element);
      if (!layout?.block) {
        walk(child as Element);
        continue;
      }
      flush(headingPx);
      walk(child as Element);
      flush(layout.fontPx);
    }
  };
  walk(headline);
  flush(headingPx);
  if (lines.length <= 1) {
    h1.textContent = lines[0]?.textContent ?? plainText(headline);
    return h1;
  }
  lines.forEach((line, k) => h1.append(...(k > 0 ? [out.createTextNode(' ')] : []), line));
  markMinorLines(h1, headingPx);
  return h1;
}

/** A line of text the page sets on its own (readerView's `.line` shows it as a block); `fontPx` 0 when unknown. */
function lineElement(out: Document, fontPx: number, ...content: Array<Node | string>): HTMLElement {
  const span = out.createElement('span');
  span.className = 'line';
  span.append(...content);
  lineFontPx.set(span, fontPx);
  return span;
}

/**
 * Marks the lines of a heading that the page sets in smaller type than the heading's largest text as minor (a
 * kicker, a subtitle). The largest, not the heading's own size: spiegel.de's h2 is 13 px, its kicker 15 and its
 * headline 20; the heading's own size counts only for its text outside the lines.
 */
function markMinorLines(heading: Element, headingPx: number): void {
  const lines = Array.from(heading.querySelectorAll('.line'));
  const chars = (n: Node) => (n.textContent ?? '').replace(/\s/g, '').length;
  const loose = chars(heading) > lines.reduce((sum, l) => sum + chars(l), 0);
  const largest = Math.max(loose ? headingPx : 0, ...lines.map((l) => lineFontPx.get(l) ?? 0));
  for (const line of lines) {
    const px = lineFontPx.get(line) ?? 0;
    if (px > 0 && px < MINOR_LINE_FONT_RATIO * largest) line.classList.add('minor');
  }
}

function* convertChildren(el: Element, out: Document, o: ReaderContentOptions, preformatted: boolean):
  Generator<void, DocumentFragment> {
  const fragment = out.createDocumentFragment();
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType === 3) {
      const data = (child as Text).data;
      fragment.append(out.createTextNode(preformatted ? data : data.replace(/\s+/g, ' ')));
    } else if (child.nodeType === 1) {
      const converted = yield* convertElement(child as Element, out, o, preformatted);
      if (converted) fragment.append(converted);
    }
  }
  return fragment;
}

function* convertElement(el: Element, out: Document, o: ReaderContentOptions, preformatted: boolean):
  Generator<void, Node | null> {
  // Each pause travels up the whole chain of delegating generators, so pause every 64 elements, not every one.
  if ((++elementsSeen & 63) === 0) yield;
  const name = el.localName;
  if (DROPPED_TAGS.has(name) || o.verdict(el) === 'skip') return null;
  if (name === 'img') return convertImage(el, out);
  if (name === 'picture') {
    const img = el.querySelector('img');
    return img && o.verdict(img) === 'keep' ? convertImage(img, out) : null;
  }
  const pre = preformatted || name === 'pre';
  const children = yield* convertChildren(el, out, o, pre);
  if (KEPT.has(name)) {
    const copy = out.createElement(name);
    copyAttributes(el, copy);
    copy.append(children);
    if (name === 'a' && !copy.hasAttribute('href')) return unwrap(copy, out);
    if (isEmpty(copy) && !['br', 'hr', 'td', 'th'].includes(name)) return null;
    if (HEADINGS.has(name) && copy.querySelector('.line')) markMinorLines(copy, o.layoutOf?.(el).fontPx ?? 0);
    return copy;
  }
  if (pre) return children;
  // A layout container: keep what is inside, with loose inline runs gathered into paragraphs.
  if (BLOCKS.has(name)) return paragraphize(children, out);
  // A <span> or the like that the page sets on a line of its own stays one: a kicker is not run into its headline.
  const layout = o.layoutOf?.(el);
  if (!layout?.block) return children;
  if (Array.from(children.childNodes).some((n) => n.nodeType === 1 && BLOCKS.has((n as Element).localName))) {
    return paragraphize(children, out);
  }
  const line = lineElement(out, layout.fontPx, children);
  trimEdges(line);
  if (isEmpty(line)) return null;
  // The space keeps the words apart in the text (textContent, copy and paste); beside a block it is not drawn.
  const f = out.createDocumentFragment();
  f.append(line, out.createTextNode(' '));
  return f;
}

function convertImage(img: Element, out: Document): Element | null {
  const src = firstAttribute(img, LAZY_SRC) ?? img.getAttribute('src');
  const url = safeUrl(src, img.ownerDocument.baseURI, true);
  if (!url) return null;
  const copy = out.createElement('img');
  copy.setAttribute('src', url);
  const srcset = firstAttribute(img, LAZY_SRCSET) ?? img.getAttribute('srcset');
  if (srcset && !/javascript:/i.test(srcset)) copy.setAttribute('srcset', srcset);
  for (const a of ['alt', 'title', 'width', 'height', 'sizes']) {
    const v = img.getAttribute(a);
    if (v !== null) copy.setAttribute(a, v);
  }
  copy.setAttribute('loading', 'lazy');
  return copy;
}

function copyAttributes(from: Element, to: Element): void {
  for (const name of ATTRIBUTES[from.localName] ?? []) {
    const v = from.getAttribute(name);
    if (v === null) continue;
    if (name === 'href') {
      const url = safeUrl(v, from.ownerDocument.baseURI, false);
      if (url) to.setAttribute('href', url);
    } else {
      to.setAttribute(name, v);
    }
  }
}

/** Absolute http(s) (or, for links, mailto and in-page) addresses only: no javascript: or data: links. */
function safeUrl(raw: string | null, base: string, image: boolean): string | null {
  if (!raw || !raw.trim()) return null;
  if (!image && raw.trim().startsWith('#')) return raw.trim();
  const u = parseUrl(raw.trim(), base);
  if (!u) return null;
  if (u.protocol === 'http:' || u.protocol === 'https:') return u.href;
  if (!image && u.protocol === 'mailto:') return u.href;
  if (image && u.protocol === 'data:' && /^data:image\/(png|gif|jpeg|webp|avif)/.test(u.href) && u.href.length > 200) {
    return u.href; // tiny data: images are lazy-loading placeholders, larger ones are real pictures
  }
  return null;
}

function paragraphize(children: DocumentFragment, out: Document): DocumentFragment {
  const result = out.createDocumentFragment();
  let run: Node[] = [];
  const flush = () => {
    if (run.some((n) => n.nodeType !== 3 || (n as Text).data.trim() !== '')) {
      const p = out.createElement('p');
      p.append(...run);
      trimEdges(p);
      if (!isEmpty(p)) result.append(p);
    }
    run = [];
  };
  for (const node of Array.from(children.childNodes)) {
    if (node.nodeType === 1 && BLOCKS.has((node as Element).localName)) {
      flush();
      result.append(node);
    } else {
      run.push(node);
    }
  }
  flush();
  return result;
}

function unwrap(el: Element, out: Document): DocumentFragment {
  const f = out.createDocumentFragment();
  f.append(...Array.from(el.childNodes));
  return f;
}

function trimEdges(p: Element): void {
  const first = p.firstChild;
  if (first?.nodeType === 3) (first as Text).data = (first as Text).data.replace(/^\s+/, '');
  const last = p.lastChild;
  if (last?.nodeType === 3) (last as Text).data = (last as Text).data.replace(/\s+$/, '');
}

function isEmpty(el: Element): boolean {
  return (el.textContent ?? '').trim() === '' && !el.querySelector('img, br, hr');
}

function firstAttribute(el: Element, names: string[]): string | null {
  for (const n of names) {
    const v = el.getAttribute(n);
    if (v && v.trim()) return v;
  }
  return null;
}

function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b) || norm(b).startsWith(norm(a));
}
