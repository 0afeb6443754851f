/**
 * Clean HTML of the content the reader keeps, read from the live elements (only read: the page is never changed).
 * What stays: headings, paragraphs, lists, tables, pre/code, figures with captions, blockquotes, links and images,
 * with absolute addresses and a few structural attributes (colspan, alt, datetime…). What goes: every node the reader
 * dropped, whatever capture skipped as not rendered (scripts, styles, display:none), form controls, embeds, and every
 * other attribute (classes, styles, event handlers). Layout containers become <div> only where they hold text
 * directly, so the output is not a tower of wrappers.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { StyleBit } from '../snapshot/styleBits.ts';
import { DROPPED_TAGS, LAZY_SRC } from '../reader/readerMarkup.ts';

/** Kept with their tag name. */
const CONTENT_TAGS = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'thead', 'tbody',
  'tfoot', 'tr', 'th', 'td', 'pre', 'code', 'figure', 'figcaption', 'blockquote', 'a', 'img', 'em', 'strong', 'b',
  'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'q', 'cite', 'abbr', 'dfn', 'time', 'kbd', 'samp', 'var', 'del',
  'ins', 'br', 'hr', 'details', 'summary',
]);
/** Layout containers: written as <div> when they hold text or inline content directly, else left out. */
const CONTAINER_TAGS = new Set(['div', 'section', 'article', 'main', 'header', 'footer', 'aside', 'nav', 'center',
  'address', 'hgroup', 'form', 'fieldset', 'body']);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Written even when empty: a table's cells and rows hold its shape. */
const KEEP_EMPTY = new Set(['td', 'th', 'tr']);
/**
 * Tags a container may hold, with whitespace, and need no <div> of its own: blocks, and images and line breaks,
 * which do not run into a neighbouring block's text.
 */
const STANDS_ALONE = new Set([...CONTAINER_TAGS, 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'dl', 'dt',
  'dd', 'table', 'pre', 'figure', 'figcaption', 'blockquote', 'hr', 'details', 'summary', 'img', 'picture', 'br']);

/** A node to write, or the end of an element opened at out[at] when `shown` pieces had been written. */
type Frame = { node: Node; inPre: boolean } | { close: string; at: number; shown: number };

/**
 * The kept content of a capture (`elements[i]` is snapshot node i) as HTML: every node whose `keep` is 1 under the
 * root, the root's own tag left out.
 */
export function keptHtml(s: PageSnapshot, elements: readonly Element[], keep: Uint8Array): string {
  if (elements.length === 0 || !keep[0]) return '';
  const index = new Map<Element, number>();
  elements.forEach((el, i) => index.set(el, i));
  const holdsCaptured = ancestorsOf(elements);
  const out: string[] = [];
  let shown = 0; // pieces written so far that a reader sees (text, images, rules, line breaks)
  const stack: Frame[] = [];
  const pushChildren = (el: Element, inPre: boolean) => {
    const kids = flatChildren(el);
    for (let k = kids.length - 1; k >= 0; k--) stack.push({ node: kids[k], inPre });
  };
  pushChildren(elements[0], false);

  while (stack.length > 0) {
    const frame = stack.pop()!;
    if ('close' in frame) {
      if (shown === frame.shown && !KEEP_EMPTY.has(frame.close)) out.length = frame.at;
      else out.push(`</${frame.close}>`);
      continue;
    }
    const { node, inPre } = frame;
    if (node.nodeType === 3) {
      const text = inPre ? (node as Text).data : (node as Text).data.replace(/\s+/g, ' ');
      // One space between parts is enough (skipped scripts and hidden parts leave their whitespace around).
      if (!inPre && text === ' ' && (out.length === 0 || out[out.length - 1].endsWith(' '))) continue;
      out.push(escapeText(text));
      if (/\S/.test(text)) shown++;
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    const tag = el.localName.toLowerCase();
    const i = index.get(el);
    if (i === undefined) {
      // Not captured: not rendered (display:none, scripts…) unless it has no box of its own but its children have
      // (display:contents, a slot), and <br>, which has no box worth measuring.
      if (tag === 'br') {
        out.push('<br>');
        shown++;
      }
      else if (holdsCaptured.has(el) && !DROPPED_TAGS.has(tag)) pushChildren(el, inPre);
      continue;
    }
    if (!keep[i] || DROPPED_TAGS.has(tag)) continue;
    const textHidden = (s.style[i] & StyleBit.TEXT_HIDDEN) !== 0;
    const name = CONTENT_TAGS.has(tag) ? tag : CONTAINER_TAGS.has(tag) || isBlock(s, i) ? 'div' : null;
    if (tag === 'img') {
      const img = imageTag(el as HTMLImageElement);
      if (img) {
        out.push(img);
        shown++;
      }
      continue;
    }
    if (VOID_TAGS.has(tag)) {
      out.push(`<${tag}>`);
      shown++;
      continue;
    }
    const open = name === 'div' ? (needsOwnBlock(el, index, s) ? '<div>' : null) : name ? openTag(el, tag) : null;
    if (open) {
      stack.push({ close: name!, at: out.length, shown });
      out.push(open);
    }
    if (textHidden) pushElementChildren(el, stack, inPre || tag === 'pre');
    else pushChildren(el, inPre || tag === 'pre');
  }
  return out.join('').replace(/\s+(<\/(p|li|h[1-6]|td|th|dd|dt|figcaption|div)>)/g, '$1').trim();
}

/** Children in the flat tree, as capture walks them: an open shadow root replaces the light children; a slot shows
 * what is assigned to it. (Capture's own helper is private to the file whose hash keys the capture cache.) */
function flatChildren(el: Element): ArrayLike<Node> {
  if (el.shadowRoot) return el.shadowRoot.childNodes;
  if (el.localName === 'slot') {
    const assigned = (el as HTMLSlotElement).assignedNodes({ flatten: true });
    return assigned.length > 0 ? assigned : el.childNodes;
  }
  return el.childNodes;
}

/** Element children only: the text of an element with `visibility: hidden` is not shown, its children's may be. */
function pushElementChildren(el: Element, stack: Frame[], inPre: boolean): void {
  const kids = flatChildren(el);
  for (let k = kids.length - 1; k >= 0; k--) if (kids[k].nodeType === 1) stack.push({ node: kids[k], inPre });
}

/** Every element and shadow host above a captured element, in the flat tree. */
function ancestorsOf(elements: readonly Element[]): Set<Node> {
  const above = new Set<Node>();
  for (const el of elements) {
    let p = flatParent(el);
    while (p && !above.has(p)) {
      above.add(p);
      p = flatParent(p);
    }
  }
  return above;
}

function flatParent(node: Node): Node | null {
  const slot = (node as Element).assignedSlot;
  if (slot) return slot;
  const p = node.parentNode;
  return p && p.nodeType === 11 ? (p as ShadowRoot).host ?? null : p;
}

function isBlock(s: PageSnapshot, i: number): boolean {
  return (s.style[i] & StyleBit.BLOCK) !== 0;
}

/** A container needs its own <div> when it holds text or inline elements directly, which would otherwise run into
 * the blocks around it. */
function needsOwnBlock(el: Element, index: ReadonlyMap<Element, number>, s: PageSnapshot): boolean {
  const kids = flatChildren(el);
  for (let k = 0; k < kids.length; k++) {
    const kid = kids[k];
    if (kid.nodeType === 3 && /\S/.test((kid as Text).data)) return true;
    if (kid.nodeType !== 1) continue;
    const tag = (kid as Element).localName.toLowerCase();
    const i = index.get(kid as Element);
    if (i !== undefined && !STANDS_ALONE.has(tag) && !isBlock(s, i) && !DROPPED_TAGS.has(tag)) return true;
  }
  return false;
}

function openTag(el: Element, tag: string): string {
  let attrs = '';
  const add = (name: string, value: string | null) => {
    if (value !== null && value !== '') attrs += ` ${name}="${escapeAttribute(value)}"`;
  };
  if (tag === 'a') add('href', safeUrl((el as HTMLAnchorElement).href));
  if (tag === 'td' || tag === 'th') {
    add('colspan', numeric(el.getAttribute('colspan')));
    add('rowspan', numeric(el.getAttribute('rowspan')));
  }
  if (tag === 'ol') add('start', numeric(el.getAttribute('start')));
  if (tag === 'time') add('datetime', el.getAttribute('datetime'));
  if (tag === 'abbr') add('title', el.getAttribute('title'));
  if (tag === 'pre' || tag === 'code') add('class', languageClass(el.getAttribute('class')));
  return `<${tag}${attrs}>`;
}

/** An <img> with its absolute address (the real one behind a lazy-loading placeholder) and alt; null without one. */
function imageTag(img: HTMLImageElement): string | null {
  let src = img.currentSrc || img.src;
  if (!src || src.startsWith('data:')) {
    const lazy = LAZY_SRC.map((a) => img.getAttribute(a)).find((v) => v && !v.startsWith('data:'));
    if (lazy) src = absolute(lazy, img.baseURI);
  }
  const safe = safeUrl(src);
  if (!safe) return null;
  let tag = `<img src="${escapeAttribute(safe)}"`;
  const alt = img.getAttribute('alt');
  if (alt) tag += ` alt="${escapeAttribute(alt)}"`;
  for (const dim of ['width', 'height']) {
    const v = numeric(img.getAttribute(dim));
    if (v) tag += ` ${dim}="${v}"`;
  }
  return `${tag}>`;
}

function absolute(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return '';
  }
}

/** Web and mail addresses only: a javascript: link or a data: document does not go into clean HTML. */
function safeUrl(url: string): string | null {
  return /^(https?|ftp|mailto|file):/i.test(url) || (url.startsWith('data:image/') && !url.startsWith('data:image/svg'))
    ? url : null;
}

function numeric(v: string | null): string | null {
  return v !== null && /^\d{1,4}$/.test(v.trim()) ? v.trim() : null;
}

function languageClass(cls: string | null): string | null {
  const m = cls?.match(/(?:^|\s)(lang(?:uage)?-[\w+#-]+)/);
  return m ? m[1] : null;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
