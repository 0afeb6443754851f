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
 * each for its rectangle, instead of walking the page again. Controls and media are the capture's elements of those
 * tags, with the boxes it read while they still hold (the window has the size it had then), else read again.
 * A text node the page removed or hid since the capture has an empty rectangle and is left out.
 * A page of 100,000 elements has too many text nodes to read in one task, so the walk stops at a deadline and goes
 * on when called again, and the page keeps painting in between (highlightOverlay.ts).
 */
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import { containsFixed, isSeen } from './boxGeometry.ts';
import type { Rect } from '../../src/util/rects.ts';
import { TAG } from '../../src/snapshot/tags.ts';

/**
 * Controls (1: input, select, textarea, button; a hidden input is display:none, never captured) and pictures or media
 * (2: img, svg, video, canvas, iframe, object, embed, picture), by captured tag.
 */
const OBSTACLE_KIND = new Uint8Array(256);
for (const t of [TAG.INPUT, TAG.SELECT, TAG.TEXTAREA, TAG.BUTTON]) OBSTACLE_KIND[t] = 1;
for (const t of [TAG.IMG, TAG.SVG, TAG.VIDEO, TAG.CANVAS, TAG.IFRAME, TAG.OBJECT, TAG.EMBED, TAG.PICTURE]) OBSTACLE_KIND[t] = 2;

export interface PageScanResult {
  /** The outermost visible fixed elements, not behind the page (negative z-index) and fixed to the viewport. */
  fixed: Element[];
  /** Text and form controls, page coordinates. */
  hard: Rect[];
  /** Pictures and media, page coordinates. */
  soft: Rect[];
}

/** What a capture read about the page that the scan needs: its elements, their tree and their style bits. */
export interface CapturedLayout {
  elements: readonly Element[];
  /** The text capture counted (CaptureResult.textNodes): text nodes, and SVG drawings with text. */
  textNodes: readonly Node[];
  parent: ArrayLike<number>;
  style: ArrayLike<number>;
  /** The snapshot's tags and boxes (x, y, w, h in page coordinates, four a node). */
  tag: ArrayLike<number>;
  rect: ArrayLike<number>;
  /** The window's inner size when captured: the boxes hold only while it is the same. */
  viewport: { width: number; height: number };
}

export class PageScan {
  /** The next of the capture's text nodes to read. */
  private next = 0;
  private readonly hard: Rect[] = [];
  private readonly soft: Rect[] = [];
  private readonly range: Range;
  private readonly win: Window;
  private started = false;
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
  }

  /** Reads the page until `deadline` (a performance.now() time); true once all of it is read. */
  step(deadline: number): boolean {
    // Read once a slice, not once a rectangle: the page cannot scroll in the middle of a task.
    const sx = this.win.scrollX;
    const sy = this.win.scrollY;
    if (!this.started) {
      this.started = true;
      this.capturedObstacles(sx, sy);
    }
    const texts = this.layout.textNodes;
    while (this.next < texts.length) {
      // The clock is read every few nodes: reading it costs about as much as a node.
      if ((this.next & 63) === 63 && performance.now() > deadline) return false;
      this.range.selectNodeContents(texts[this.next++]);
      push(this.hard, this.range.getBoundingClientRect(), sx, sy);
    }
    return true;
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

  /** What was read (all of the page once `step` returned true). */
  result(): PageScanResult {
    const fixed = this.fixedCandidates().filter((el) => {
      if (!el.isConnected || this.heldAbove(el)) return false;
      const r = el.getBoundingClientRect();
      return r.width >= 1 && r.height >= 1 && isSeen(el) && !(parseInt(this.win.getComputedStyle(el).zIndex, 10) < 0);
    });
    return { fixed, hard: this.hard, soft: this.soft };
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
