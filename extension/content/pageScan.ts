/**
 * What highlight mode reads from the whole page, besides its boxes:
 * - the visible position:fixed elements (cookie banners, fixed headers, chat buttons), which float above the page:
 *   the page's boxes are cut away where they are, and one inside a drawn box gets a box of its own where it is;
 * - what labels must leave uncovered (see labelPlacement.ts): the rectangle of every text node with something to
 *   read (Range.getBoundingClientRect: one rectangle per node, so a wrapped line's empty end counts as covered, which
 *   errs on the safe side) and of every form control (a search field shows its placeholder, a button its caption,
 *   without text nodes of their own); pictures and media, which a label may cover when nothing else is free.
 *
 * The capture has just read every element's computed style and box: which elements are position:fixed comes from it
 * (CapturedLayout), and so do the text nodes to read (those it counted, with something to read): this read only asks
 * each for its rectangle, instead of walking the page again. And only those that can matter: a label may go only to
 * a few places around its box (labelPlacement.ts), so a text node is read only when the captured box of the element
 * holding it (its owner) reaches one of those places (`want`). Text lies inside its owner's box, so a text rectangle
 * that would block a place is read; the rest of the page's text, most of it, is not. Text that overflows a box too
 * small for it is the exception: an owner of no width or height is read all the same, and glyphs standing out of a
 * short line by up to a font size are allowed for, but text spilling further out of a box with room of its own is
 * not seen. After a resize the captured boxes no longer hold, and every text node is read. Text that moved without
 * one (a fixed element's after the page scrolled, a scrolled element's content) is judged by where it was when
 * captured, as the rectangles read for an earlier drawing of the same capture are kept as they were read.
 * Controls and media are the capture's elements of those tags, with the boxes it read while they still hold (the
 * window has the size it had then), else read again.
 * A text node the page removed or hid since the capture has an empty rectangle and is left out.
 * A page of 100,000 elements can have too many text nodes to read in one task, so the walk stops at a deadline and
 * goes on when called again, and the page keeps painting in between (highlightOverlay.ts).
 */
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import { containsFixed, isSeen } from './boxGeometry.ts';
import type { Rect } from '../../src/util/rects.ts';
import { TAG } from '../../src/snapshot/tags.ts';
import { RectIndex } from './labelPlacement.ts';

/**
 * Controls (1: input, select, textarea, button; a hidden input is display:none, never captured) and pictures or media
 * (2: img, svg, video, canvas, iframe, object, embed, picture), by captured tag.
 */
const OBSTACLE_KIND = new Uint8Array(256);
for (const t of [TAG.INPUT, TAG.SELECT, TAG.TEXTAREA, TAG.BUTTON]) OBSTACLE_KIND[t] = 1;
for (const t of [TAG.IMG, TAG.SVG, TAG.VIDEO, TAG.CANVAS, TAG.IFRAME, TAG.OBJECT, TAG.EMBED, TAG.PICTURE]) OBSTACLE_KIND[t] = 2;

/** What a capture read about the page that the scan needs: its elements, their tree and their style bits. */
export interface CapturedLayout {
  elements: readonly Element[];
  /** The text capture counted (CaptureResult.textNodes): text nodes, and SVG drawings with text. */
  textNodes: readonly Node[];
  /** For each of textNodes, the node whose box holds it (CaptureResult.textOwners). */
  textOwners: ArrayLike<number>;
  parent: ArrayLike<number>;
  style: ArrayLike<number>;
  /** The snapshot's font sizes (px): how far a line of text may reach out of its box. */
  fontSize: ArrayLike<number>;
  /** The snapshot's tags and boxes (x, y, w, h in page coordinates, four a node). */
  tag: ArrayLike<number>;
  rect: ArrayLike<number>;
  /** The window's inner size when captured: the boxes hold only while it is the same. */
  viewport: { width: number; height: number };
}

export class PageScan {
  /** Text and form controls read so far, page coordinates: what labels must not cover. */
  readonly hard: Rect[] = [];
  /** Pictures and media, page coordinates: what labels cover only when nothing else is free. */
  readonly soft: Rect[] = [];
  /** The next of the capture's text nodes to look at in this pass. */
  private next = 0;
  /** Per text node, 1 once its rectangle has been read (a later pass for other places skips it). */
  private readonly read: Uint8Array;
  /** Where labels may go in this pass, and indexed; wanted null: everywhere (the captured boxes no longer hold). */
  private places: readonly Rect[] | null = null;
  private wanted: RectIndex | null = null;
  private readonly ownerBox: Rect = { x: 0, y: 0, w: 0, h: 0 };
  private readonly range: Range;
  private readonly win: Window;
  private fixedElements: Element[] | null = null;
  /**
   * Whether an element, or one above it, is the containing block of fixed elements inside (containsFixed): asked only
   * for the fixed elements, which few pages have more than a handful of, instead of reading the five properties it
   * takes for every element of the page.
   */
  private readonly holdsFixed = new Map<Element, boolean>();

  /** Whether the capture's boxes still hold: the window has its size of then (a resize may move anything). */
  private readonly fresh: boolean;

  constructor(private readonly doc: Document, private readonly layout: CapturedLayout) {
    this.win = doc.defaultView!;
    this.fresh = layout.viewport.width === this.win.innerWidth && layout.viewport.height === this.win.innerHeight;
    this.range = doc.createRange();
    this.read = new Uint8Array(layout.textNodes.length);
    this.capturedObstacles(this.win.scrollX, this.win.scrollY);
  }

  /**
   * Starts a pass for labels that may go to `places` (page coordinates): `step` reads the text that could lie under
   * them and was not read before. The same places as the pass before go on with it: a huge page's drawing, labelled
   * once its sliced read is done, measures its boxes again, and they have mostly not moved; looking at each of its
   * text nodes again would be a long task.
   */
  want(places: readonly Rect[]): void {
    if (this.places !== null && samePlaces(this.places, places)) return;
    this.places = places;
    this.wanted = this.fresh ? new RectIndex(places) : null;
    this.next = 0;
  }

  /** Reads the page until `deadline` (a performance.now() time); true once this pass is done. */
  step(deadline: number): boolean {
    // Read once a slice, not once a rectangle: the page cannot scroll in the middle of a task.
    const sx = this.win.scrollX;
    const sy = this.win.scrollY;
    const { textNodes: texts, textOwners: owners } = this.layout;
    const { read } = this;
    while (this.next < texts.length) {
      // The clock is read every few nodes: reading it costs about as much as a node.
      if ((this.next & 63) === 63 && performance.now() > deadline) return false;
      const k = this.next++;
      if (read[k] === 1 || !this.mayMatter(owners[k])) continue;
      read[k] = 1;
      this.range.selectNodeContents(texts[k]);
      push(this.hard, this.range.getBoundingClientRect(), sx, sy);
    }
    return true;
  }

  /** Whether text held by captured node `owner` could lie under a place of this pass. */
  private mayMatter(owner: number): boolean {
    const { wanted, ownerBox: box } = this;
    if (!wanted) return true;
    const { rect, fontSize } = this.layout;
    const w = rect[4 * owner + 2];
    const h = rect[4 * owner + 3];
    // A box with no room holds no text: what it has spills out of it, anywhere.
    if (w <= 1 || h <= 1) return true;
    // A line's glyphs may stand out of a box set shorter than its line (a tight line-height, inline math), so the box
    // is taken a font size larger all round. Checked on 314 pages (Readability's 130, kreuzer-popular's 63, every 4th
    // of wcxb-dev), with a label place around every element of 2,000 px² or more: of the 56,092 text nodes that lay
    // under one, the test let none go unread; with the box as it is, it missed 32 (inline math, a tight line).
    const m = fontSize[owner];
    box.x = rect[4 * owner] - m;
    box.y = rect[4 * owner + 1] - m;
    box.w = w + 2 * m;
    box.h = h + 2 * m;
    return wanted.hits(box);
  }

  /** The capture's controls (hard) and media (soft), by the boxes it read while fresh, else read again. */
  private capturedObstacles(sx: number, sy: number): void {
    const { tag, rect, elements } = this.layout;
    for (let i = 0; i < elements.length; i++) {
      const kind = OBSTACLE_KIND[tag[i]];
      if (kind === 0) continue;
      const out = kind === 1 ? this.hard : this.soft;
      if (!this.fresh) push(out, elements[i].getBoundingClientRect(), sx, sy);
      else if (rect[4 * i + 2] > 0 && rect[4 * i + 3] > 0) {
        out.push({ x: rect[4 * i], y: rect[4 * i + 1], w: rect[4 * i + 2], h: rect[4 * i + 3] });
      }
    }
  }

  /** The outermost visible fixed elements, not behind the page (negative z-index) and fixed to the viewport. */
  fixed(): Element[] {
    return this.fixedElements ??= this.fixedCandidates().filter((el) => {
      if (!el.isConnected || this.heldAbove(el)) return false;
      const r = el.getBoundingClientRect();
      return r.width >= 1 && r.height >= 1 && isSeen(el) && !(parseInt(this.win.getComputedStyle(el).zIndex, 10) < 0);
    });
  }

  /** The captured position:fixed elements (not the body) that no other fixed element holds: those move with it. */
  private fixedCandidates(): Element[] {
    const c = this.layout;
    const out: Element[] = [];
    const below = new Uint8Array(c.elements.length); // 1: a fixed element is this one or above it
    for (let i = 0; i < c.elements.length; i++) {
      const p = c.parent[i];
      const above = p >= 0 && below[p] === 1;
      const fixed = (c.style[i] & StyleBit.POSITION_FIXED) !== 0 && c.elements[i] !== this.doc.body;
      if (fixed && !above) out.push(c.elements[i]);
      below[i] = above || fixed ? 1 : 0;
    }
    return out;
  }

  /** Whether an element above `el` (up to the body) is the containing block of fixed elements inside it. */
  private heldAbove(el: Element): boolean {
    // Below a transformed element, position:fixed is relative to that element: it scrolls. Up to the first element
    // already known (or the body), then down again noting each: a loop, as pages nest deep.
    const path: Element[] = [];
    let held = false;
    for (let a = el === this.doc.body ? null : el.parentElement; a; a = a === this.doc.body ? null : a.parentElement) {
      const known = this.holdsFixed.get(a);
      if (known !== undefined) {
        held = known;
        break;
      }
      path.push(a);
    }
    for (let k = path.length - 1; k >= 0; k--) {
      held ||= containsFixed(this.win.getComputedStyle(path[k]));
      this.holdsFixed.set(path[k], held);
    }
    return held;
  }
}

/**
 * A rectangle kept in page coordinates (sx, sy: the scroll position), so that a scroll between two slices does not
 * move what was read before it.
 */
function push(out: Rect[], r: DOMRect, sx: number, sy: number): void {
  if (r.width > 0 && r.height > 0) out.push({ x: r.left + sx, y: r.top + sy, w: r.width, h: r.height });
}

function samePlaces(a: readonly Rect[], b: readonly Rect[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) {
    if (a[k].x !== b[k].x || a[k].y !== b[k].y || a[k].w !== b[k].w || a[k].h !== b[k].h) return false;
  }
  return true;
}
