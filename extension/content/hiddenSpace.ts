/**
 * Hide mode without holes: hides the elements, then gives back the room the page kept for them. `display: none`
 * takes an element out of the layout, but not the room its ancestors and neighbours keep for it, and a person sees
 * an empty band where the template was. Three causes, each met on a real page:
 * - Emptied containers: a container that held only what was hidden is an empty box with its padding, border and
 *   margins; it is hidden too, and so on up the tree.
 * - Kept heights: a container whose min-height was filled by what was hidden keeps that height (kreuzer-popular's
 *   uefa.com: min-height 700 px and 425 px around a page of which one box stays); it goes back to what it still
 *   holds.
 * - Fixed-bar clearance: a fixed bar takes no room in the flow, so a page pushes its content below it with a top
 *   margin or padding (wcxb-dev 0044: `main { margin-top: 202px }` under three fixed bars 202 px tall; Bootstrap's
 *   `body { padding-top }` under `.navbar-fixed-top`). Once the bars are hidden that margin is a blank band at the top
 *   of the page: it loses the bars' height.
 * Every change goes through the HideRecord, so "off" gives back each element's style attribute exactly. Layout is
 * read in batches (all reads, then all writes) so that the page is laid out a few times, not once per element.
 */
import type { HideRecord } from './hideRecord.ts';
import { UI_HOST_TAG } from './pageUi.ts';

/**
 * Room (CSS px) under a container's last content that counts as a hole when hiding made it: more than the spacing
 * between paragraphs or list items, less than the smallest row of links or a banner.
 */
const HOLE_PX = 40;
/** A fixed element at least this share of the window's width is a bar across the page (not a chat button). */
const BAR_WIDTH_SHARE = 0.5;
/** A top margin or padding at least this share of the bars' height is the page's clearance for them. */
const CLEARANCE_SHARE = 0.75;
/** Room left above the content once the clearance is gone: about a line, so the first line does not touch the edge. */
const TOP_ROOM_PX = 16;
/** How far down the first content's ancestors the clearance is looked for (html, body, wrappers, main). */
const CLEARANCE_DEPTH = 8;
/** Elements whose boxes are looked at when checking a released container still holds its content. */
const MAX_CHECKED_DESCENDANTS = 2000;
/** Elements that show something without text: their box is content even when it is empty (an image still loading). */
const REPLACED = new Set(['img', 'video', 'canvas', 'svg', 'iframe', 'embed', 'object', 'input', 'select', 'textarea',
  'button', 'picture', 'audio']);

/** Hides `elements` with `record`, then takes away the holes they leave (see above). */
export function hideWithoutHoles(record: HideRecord, elements: readonly Element[]): void {
  const doc = elements[0]?.ownerDocument;
  if (!doc?.body) {
    record.hide(elements);
    return;
  }
  const touched = displayedAncestors(elements, doc);
  const roomBefore = new Map(touched.map((el) => [el, roomBelowContent(el)]));
  const barsBottom = fixedBarsBottom(elements, doc);
  record.hide(elements);
  hideEmptied(record, touched);
  releaseMinHeights(record, touched.filter((el) => !record.isHidden(el)), roomBefore);
  removeClearance(record, doc, barsBottom);
}

/**
 * The ancestors of the elements (below <html>; <body> included), each once, deepest first: the containers that lose
 * something when the elements are hidden.
 */
function displayedAncestors(elements: readonly Element[], doc: Document): Element[] {
  const level = new Map<Element, number>();
  for (const el of elements) {
    for (let a = el.parentElement; a && a !== doc.documentElement && !level.has(a); a = a.parentElement) {
      level.set(a, levelOf(a));
    }
  }
  return [...level.keys()].sort((a, b) => level.get(b)! - level.get(a)!);
}

function levelOf(el: Element): number {
  let d = 0;
  for (let a = el.parentElement; a; a = a.parentElement) d++;
  return d;
}

/** Emptied containers, deepest first so that a parent sees its emptied children hidden; never <body>. */
function hideEmptied(record: HideRecord, touched: readonly Element[]): void {
  for (const el of touched) {
    if (el === el.ownerDocument.body || record.isHidden(el)) continue;
    if (!holdsContent(el, record)) record.hide([el]);
  }
}

/**
 * Whether anything a person can see is left inside: text, or an element that shows something without text (an image,
 * a form control), or a background image. Skips what is hidden; stops at the first find.
 */
function holdsContent(el: Element, record: HideRecord): boolean {
  const view = el.ownerDocument.defaultView;
  const stack: Node[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === Node.TEXT_NODE) {
      if ((node as Text).data.trim()) return true;
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const e = node as Element;
    if (e !== el && (record.isHidden(e) || e.getClientRects().length === 0 && !isContents(e, view))) continue;
    if (e !== el && REPLACED.has(e.localName)) return true;
    if (view && view.getComputedStyle(e).backgroundImage !== 'none') return true;
    for (let c = e.lastChild; c; c = c.previousSibling) stack.push(c);
  }
  return false;
}

/** `display: contents` has no box of its own, but its children have. */
function isContents(e: Element, view: Window | null): boolean {
  return view?.getComputedStyle(e).display === 'contents';
}

/**
 * Containers with a min-height whose room under their last content grew by more than HOLE_PX when the elements were
 * hidden: the min-height held room the hidden parts filled, and goes (`min-height: 0`). One that then no longer holds
 * its visible descendants (pictures or captions positioned inside it) keeps the min-height they need instead. A set
 * `height` stays: it sizes frames, sliders and pictures painted as backgrounds (kreuzer-popular's healthfinder.gov
 * slide), and a container that holds nothing any more is hidden whatever its height (hideEmptied). Parents are looked
 * at again after their children shrank, a few rounds at most.
 */
function releaseMinHeights(record: HideRecord, touched: readonly Element[], roomBefore: Map<Element, number>): void {
  const released = new Set<Element>();
  const isTouched = new Set(touched);
  let candidates = touched;
  for (let round = 0; round < 4 && candidates.length > 0; round++) {
    const grown = candidates.filter((el) => {
      if (released.has(el) || el === el.ownerDocument.body) return false;
      if (px(el.ownerDocument.defaultView!.getComputedStyle(el).minHeight) <= 0) return false;
      const after = roomBelowContent(el);
      return after > HOLE_PX && after - (roomBefore.get(el) ?? 0) > HOLE_PX;
    });
    for (const el of grown) {
      record.restyle(el, { 'min-height': '0px' });
      released.add(el);
    }
    const fits = grown.map((el) => [el, heightToHold(el)] as const);
    for (const [el, minHeight] of fits) if (minHeight !== null) record.restyle(el, { 'min-height': `${minHeight}px` });
    const parents = new Set<Element>();
    for (const el of grown) if (el.parentElement && isTouched.has(el.parentElement)) parents.add(el.parentElement);
    candidates = [...parents];
  }
}

/**
 * Room inside the element below its content: from the bottom of its last child's box (or text) to the bottom of its
 * content box. Children without a box (hidden) do not count. 0 for an element without a box.
 */
function roomBelowContent(el: Element): number {
  const r = el.getBoundingClientRect();
  if (r.height <= 0) return 0;
  const cs = el.ownerDocument.defaultView!.getComputedStyle(el);
  const innerBottom = r.bottom - px(cs.borderBottomWidth) - px(cs.paddingBottom);
  let contentBottom = r.top + px(cs.borderTopWidth) + px(cs.paddingTop);
  for (let c = el.firstChild; c; c = c.nextSibling) {
    contentBottom = Math.max(contentBottom, bottomOf(c));
  }
  return Math.max(0, innerBottom - contentBottom);
}

/** Bottom of a child's boxes (text: its line boxes), -Infinity when it has none. */
function bottomOf(node: Node): number {
  let rects: DOMRectList | null = null;
  if (node.nodeType === Node.ELEMENT_NODE) rects = (node as Element).getClientRects();
  else if (node.nodeType === Node.TEXT_NODE && (node as Text).data.trim()) {
    const range = node.ownerDocument!.createRange();
    range.selectNodeContents(node);
    rects = range.getClientRects();
  }
  let bottom = -Infinity;
  for (const q of rects ?? []) if (q.width > 0 || q.height > 0) bottom = Math.max(bottom, q.bottom);
  return bottom;
}

/**
 * After its min-height was released: the min-height (in the element's own box-sizing) that still holds the boxes of its
 * visible descendants, or null when they fit already. Positioned descendants do not make their container grow, so a
 * frame whose pictures or caption are placed inside it would otherwise let them spill over what follows.
 */
function heightToHold(el: Element): number | null {
  const r = el.getBoundingClientRect();
  const cs = el.ownerDocument.defaultView!.getComputedStyle(el);
  const innerBottom = r.bottom - px(cs.borderBottomWidth) - px(cs.paddingBottom);
  let needed = -Infinity;
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_ELEMENT);
  let checked = 0;
  for (let e = walker.nextNode() as Element | null; e && checked < MAX_CHECKED_DESCENDANTS; checked++) {
    const q = e.getBoundingClientRect();
    if (e.getClientRects().length === 0) {
      // Hidden, with everything in it: skip the subtree.
      e = (walker.nextSibling() ?? nextOutside(walker, el)) as Element | null;
      continue;
    }
    if (q.width > 0 && q.height > 0) needed = Math.max(needed, q.bottom);
    e = walker.nextNode() as Element | null;
  }
  if (needed <= innerBottom + 1) return null;
  const contentTop = r.top + px(cs.borderTopWidth) + px(cs.paddingTop);
  const contentHeight = needed - contentTop;
  const border = cs.boxSizing === 'border-box' ?
    px(cs.borderTopWidth) + px(cs.paddingTop) + px(cs.paddingBottom) + px(cs.borderBottomWidth) : 0;
  return Math.ceil(contentHeight + border);
}

/** The walker's next node after the current one's subtree, staying inside `root`. */
function nextOutside(walker: TreeWalker, root: Node): Node | null {
  for (let n: Node | null = walker.currentNode; n && n !== root; n = walker.parentNode()) {
    const next = walker.nextSibling();
    if (next) return next;
  }
  return null;
}

/**
 * Bottom (in window coordinates) of the fixed bars across the top of the window among the elements about to be
 * hidden: bars stacked from the top edge down (a header, a row of top stories under it, an ad strip). 0 when none.
 * Read before hiding. A hidden element without a box of its own is looked into one level (a wrapper of the bars).
 */
function fixedBarsBottom(elements: readonly Element[], doc: Document): number {
  const view = doc.defaultView!;
  const bars: Array<[number, number]> = [];
  const look = (el: Element) => {
    if (view.getComputedStyle(el).position !== 'fixed') return;
    const r = el.getBoundingClientRect();
    if (r.height > 0 && r.width >= BAR_WIDTH_SHARE * view.innerWidth) bars.push([r.top, r.bottom]);
  };
  for (const el of elements) {
    look(el);
    const r = el.getBoundingClientRect();
    if (r.height === 0) for (const child of el.children) look(child);
  }
  bars.sort((a, b) => a[0] - b[0]);
  let bottom = 0;
  for (const [top, end] of bars) if (top <= bottom + 2) bottom = Math.max(bottom, end);
  return bottom;
}

/**
 * Takes the bars' height off the page's clearance for them: the first top margin or padding, going down from <html>
 * through the first laid-out child in the flow at each level, that is at least CLEARANCE_SHARE of the bars' height.
 * Stops at the first element with text of its own: above it the page has its own content.
 */
function removeClearance(record: HideRecord, doc: Document, barsBottom: number): void {
  if (barsBottom <= HOLE_PX) return;
  const view = doc.defaultView!;
  if (fixedBarStays(doc, view)) return;
  let el: Element | null = doc.documentElement;
  for (let depth = 0; el && depth < CLEARANCE_DEPTH; depth++) {
    const cs = view.getComputedStyle(el);
    for (const property of ['margin-top', 'padding-top']) {
      const value = px(cs.getPropertyValue(property));
      if (value >= CLEARANCE_SHARE * barsBottom) {
        record.restyle(el, { [property]: `${Math.max(value - barsBottom, Math.min(value, TOP_ROOM_PX))}px` });
        return;
      }
    }
    if (hasOwnText(el)) return;
    el = firstInFlowChild(el, view);
  }
}

/**
 * Whether a fixed element the page keeps still covers the top of the window: the clearance is then still needed, or
 * the first lines would slide under it. Winnow's own element does not count.
 */
function fixedBarStays(doc: Document, view: Window): boolean {
  for (const el of doc.elementsFromPoint(view.innerWidth / 2, 1)) {
    if (el.localName === UI_HOST_TAG) continue;
    for (let a: Element | null = el; a; a = a.parentElement) {
      if (view.getComputedStyle(a).position === 'fixed') return true;
    }
  }
  return false;
}

function hasOwnText(el: Element): boolean {
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === Node.TEXT_NODE && (c as Text).data.trim()) return true;
  }
  return false;
}

/**
 * The first child laid out in the flow with some height: not hidden, not positioned out of it, not floated, not an
 * empty box (an icon sprite sheet, a script's mount point) that puts nothing above the content.
 */
function firstInFlowChild(el: Element, view: Window): Element | null {
  for (const child of el.children) {
    if (child.getBoundingClientRect().height <= 0) continue;
    const cs = view.getComputedStyle(child);
    if (cs.position === 'absolute' || cs.position === 'fixed' || cs.float !== 'none') continue;
    return child;
  }
  return null;
}

function px(value: string): number {
  const n = parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}
