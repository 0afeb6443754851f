/**
 * What highlight mode reads from the whole page, besides its boxes, in one walk that can be done in slices:
 * - the visible position:fixed elements (cookie banners, fixed headers, chat buttons), which float above the page:
 *   the page's boxes are cut away where they are, and one inside a drawn box gets a box of its own where it is;
 * - what labels must leave uncovered (see labelPlacement.ts): the rectangle of every text node with something to
 *   read (Range.getBoundingClientRect: one rectangle per node, so a wrapped line's empty end counts as covered, which
 *   errs on the safe side) and of every form control (a search field shows its placeholder, a button its caption,
 *   without text nodes of their own); pictures and media, which a label may cover when nothing else is free.
 * A page of 100,000 elements takes a few hundred milliseconds to read, so the walk stops at a deadline and goes on
 * when called again, and the page keeps painting in between (highlightOverlay.ts).
 */
import { containsFixed, isSeen } from './boxGeometry.ts';
import type { Rect } from '../../src/util/rects.ts';

const CONTROLS = new Set(['input', 'select', 'textarea', 'button']);
const MEDIA = new Set(['img', 'svg', 'video', 'canvas', 'iframe', 'object', 'embed', 'picture']);

export interface PageScanResult {
  /** The outermost visible fixed elements, not behind the page (negative z-index) and fixed to the viewport. */
  fixed: Element[];
  /** Text and form controls, page coordinates. */
  hard: Rect[];
  /** Pictures and media, page coordinates. */
  soft: Rect[];
}

interface Pending {
  el: Element;
  /** A position:fixed element (not the body) is above this one: a fixed element below it moves with that one. */
  fixedAbove: boolean;
}

export class PageScan {
  private readonly stack: Pending[];
  private readonly candidates: Element[] = [];
  private readonly hard: Rect[] = [];
  private readonly soft: Rect[] = [];
  private readonly range: Range;
  private readonly win: Window;
  /**
   * Whether an element, or one above it, is the containing block of fixed elements inside (containsFixed): asked only
   * when a fixed element is found, which few pages have more than a handful of, instead of reading the five
   * properties it takes for every element of the page.
   */
  private readonly holdsFixed = new Map<Element, boolean>();

  constructor(private readonly doc: Document) {
    this.win = doc.defaultView!;
    this.range = doc.createRange();
    this.stack = doc.body ? [{ el: doc.body, fixedAbove: false }] : [];
  }

  /** Reads the page until `deadline` (a performance.now() time); true once all of it is read. */
  step(deadline: number): boolean {
    for (let k = 0; this.stack.length > 0; k++) {
      // The clock is read every few elements: reading it costs about as much as an element.
      if ((k & 63) === 63 && performance.now() > deadline) return false;
      this.visit(this.stack.pop()!);
    }
    return true;
  }

  /** What was read (all of the page once `step` returned true). */
  result(): PageScanResult {
    const fixed = this.candidates.filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width >= 1 && r.height >= 1 && isSeen(el) && !(parseInt(this.win.getComputedStyle(el).zIndex, 10) < 0);
    });
    return { fixed, hard: this.hard, soft: this.soft };
  }

  private visit({ el, fixedAbove }: Pending): void {
    const s = this.win.getComputedStyle(el);
    if (s.display === 'none') return; // nothing inside is drawn
    const fixed = s.position === 'fixed' && el !== this.doc.body;
    // Below a transformed element, position:fixed is relative to that element: it scrolls. One inside a fixed
    // element moves with it.
    if (fixed && !fixedAbove && !this.heldAbove(el)) this.candidates.push(el);
    const below = fixedAbove || fixed;
    const name = el.localName;
    if (CONTROLS.has(name) && !(name === 'input' && (el as HTMLInputElement).type === 'hidden')) {
      this.push(this.hard, el.getBoundingClientRect());
    } else if (MEDIA.has(name)) {
      this.push(this.soft, el.getBoundingClientRect());
    }
    for (let c = el.lastChild; c; c = c.previousSibling) {
      if (c.nodeType === 1) {
        this.stack.push({ el: c as Element, fixedAbove: below });
      } else if (c.nodeType === 3 && /\S/.test(c.nodeValue ?? '')) {
        this.range.selectNodeContents(c);
        this.push(this.hard, this.range.getBoundingClientRect());
      }
    }
  }

  /** Whether an element above `el` (up to the body) is the containing block of fixed elements inside it. */
  private heldAbove(el: Element): boolean {
    // Up to the first element already known (or the body), then down again noting each: a loop, as pages nest deep.
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

  /** Kept in page coordinates, so that a scroll between two slices does not move what was read before it. */
  private push(out: Rect[], r: DOMRect): void {
    if (r.width > 0 && r.height > 0) out.push({ x: r.left + this.win.scrollX, y: r.top + this.win.scrollY, w: r.width, h: r.height });
  }
}
