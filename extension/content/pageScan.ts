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
  /** Whether a fixed element below this one is fixed to the viewport (no transformed or fixed element above it). */
  findsFixed: boolean;
}

export class PageScan {
  private readonly stack: Pending[];
  private readonly candidates: Element[] = [];
  private readonly hard: Rect[] = [];
  private readonly soft: Rect[] = [];
  private readonly range: Range;
  private readonly win: Window;

  constructor(private readonly doc: Document) {
    this.win = doc.defaultView!;
    this.range = doc.createRange();
    this.stack = doc.body ? [{ el: doc.body, findsFixed: true }] : [];
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

  private visit({ el, findsFixed }: Pending): void {
    const s = this.win.getComputedStyle(el);
    if (s.display === 'none') return; // nothing inside is drawn
    let below = findsFixed;
    if (findsFixed && s.position === 'fixed' && el !== this.doc.body) {
      this.candidates.push(el);
      below = false; // one inside it moves with it
    } else if (containsFixed(s)) {
      below = false; // below a transformed element, position:fixed is relative to that element: it scrolls
    }
    const name = el.localName;
    if (CONTROLS.has(name) && !(name === 'input' && (el as HTMLInputElement).type === 'hidden')) {
      this.push(this.hard, el.getBoundingClientRect());
    } else if (MEDIA.has(name)) {
      this.push(this.soft, el.getBoundingClientRect());
    }
    for (let c = el.lastChild; c; c = c.previousSibling) {
      if (c.nodeType === 1) {
        this.stack.push({ el: c as Element, findsFixed: below });
      } else if (c.nodeType === 3 && /\S/.test(c.nodeValue ?? '')) {
        this.range.selectNodeContents(c);
        this.push(this.hard, this.range.getBoundingClientRect());
      }
    }
  }

  /** Kept in page coordinates, so that a scroll between two slices does not move what was read before it. */
  private push(out: Rect[], r: DOMRect): void {
    if (r.width > 0 && r.height > 0) out.push({ x: r.left + this.win.scrollX, y: r.top + this.win.scrollY, w: r.width, h: r.height });
  }
}
