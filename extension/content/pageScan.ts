/**
 * What highlight mode reads from the whole page, besides its boxes:
 * - the visible position:fixed elements (cookie banners, fixed headers, chat buttons), which float above the page:
 *   the page's boxes are cut away where they are, and one inside a drawn box gets a box of its own where it is;
 * - what labels must leave uncovered (see labelPlacement.ts): the rectangle of every text node with something to
 *   read (Range.getBoundingClientRect: one rectangle per node, so a wrapped line's empty end counts as covered, which
 *   errs on the safe side) and of every form control (a search field shows its placeholder, a button its caption,
 *   without text nodes of their own); pictures and media, which a label may cover when nothing else is free.
 *
 * The capture has just read every element's computed style: which elements are position:fixed comes from it
 * (CapturedLayout), and this read walks only the text nodes and asks the document for its controls and media,
 * instead of walking every element again for the display and position the capture had just read.
 * A text node inside something not rendered (display:none, a script) has an empty rectangle and is left out.
 * A page of 100,000 elements has too many text nodes to read in one task, so the walk stops at a deadline and goes
 * on when called again, and the page keeps painting in between (highlightOverlay.ts).
 */
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import { containsFixed, isSeen } from './boxGeometry.ts';
import type { Rect } from '../../src/util/rects.ts';

const CONTROLS = 'input:not([type="hidden" i]), select, textarea, button';
const MEDIA = 'img, svg, video, canvas, iframe, object, embed, picture';

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
  parent: ArrayLike<number>;
  style: ArrayLike<number>;
}

export class PageScan {
  private readonly walker: TreeWalker | null;
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

  constructor(private readonly doc: Document, private readonly layout: CapturedLayout | null) {
    this.win = doc.defaultView!;
    this.range = doc.createRange();
    this.walker = doc.body ? doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT) : null;
  }

  /** Reads the page until `deadline` (a performance.now() time); true once all of it is read. */
  step(deadline: number): boolean {
    if (!this.walker) return true;
    // Read once a slice, not once a rectangle: the page cannot scroll in the middle of a task.
    const sx = this.win.scrollX;
    const sy = this.win.scrollY;
    if (!this.started) {
      this.started = true;
      for (const el of Array.from(this.doc.body!.querySelectorAll(CONTROLS))) push(this.hard, el.getBoundingClientRect(), sx, sy);
      for (const el of Array.from(this.doc.body!.querySelectorAll(MEDIA))) push(this.soft, el.getBoundingClientRect(), sx, sy);
    }
    for (let k = 0; ; k++) {
      // The clock is read every few nodes: reading it costs about as much as a node.
      if ((k & 63) === 63 && performance.now() > deadline) return false;
      const text = this.walker.nextNode();
      if (!text) return true;
      if (!/\S/.test(text.nodeValue ?? '')) continue;
      this.range.selectNodeContents(text);
      push(this.hard, this.range.getBoundingClientRect(), sx, sy);
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
    if (!c) return [];
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
