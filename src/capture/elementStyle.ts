import { StyleBit } from '../snapshot/styleBits.ts';

/** What capture needs from an element's computed style, read once. */
export interface ElementStyle {
  /** 'none' is skipped, 'contents' has no box of its own, anything else is a box. */
  display: 'none' | 'contents' | 'box';
  /** visibility is "visible" and opacity is not 0: the element's own text can be seen. */
  textVisible: boolean;
  overflowVisible: boolean;
  /** Style bits without TEXT_HIDDEN, which depends on ancestors too and is added by the walk. */
  bits: number;
  /** Font size in px, rounded and clamped to a byte. */
  fontSize: number;
}

const NOT_RENDERED: ElementStyle = { display: 'none', textVisible: false, overflowVisible: true, bits: 0, fontSize: 0 };

/*
 * Reading fewer properties for elements under 2,000 px² (not classified: issue 17's "read computed style only for
 * nodes that will be classified") saves little. `npx tsx src/cli/bench/benchPageReads.ts 60`, cold in fresh tabs,
 * median: 7.8 ms for all twelve properties and the rect of every element, 7.0 with only seven read below 2,000 px².
 * In the extension, a capture that read the rect first and skipped position, float, font weight, background colour
 * and image and the two border widths below 2,000 px² took 13.7 and 16.4 ms against 14.7 and 15.9 (median of 30
 * pages, two alternating extensionBench rounds): within noise. The rest of a first capture is its code running cold
 * (the same bench: a capture's first run over its second, 1.85).
 */
export function readElementStyle(cs: CSSStyleDeclaration): ElementStyle {
  const display = cs.display;
  if (display === 'none') return NOT_RENDERED; // skipped whole: no other property matters
  // Each property read serialises a value (a shorthand costs more): overflow is read once for both of its uses.
  const overflow = cs.overflow;
  return {
    display: display === 'contents' ? 'contents' : 'box',
    textVisible: cs.visibility === 'visible' && cs.opacity !== '0',
    overflowVisible: overflow === 'visible',
    bits: display === 'contents' ? 0 : styleBitsOf(cs, display, overflow),
    fontSize: Math.max(0, Math.min(255, Math.round(parseFloat(cs.fontSize) || 0))),
  };
}

const BLOCK_DISPLAYS = /^(block|flex|grid|list-item|table|flow-root|inline-block|inline-flex|inline-grid|table-.*)$/;

/** Bits by display value: a page uses a handful of them, so each is worked out once. */
const displayBitsCache = new Map<string, number>();

function displayBits(display: string): number {
  let bits = displayBitsCache.get(display);
  if (bits !== undefined) return bits;
  bits = 0;
  if (BLOCK_DISPLAYS.test(display) && !display.startsWith('inline')) bits |= StyleBit.BLOCK;
  else bits |= StyleBit.INLINE;
  if (display.includes('flex') || display.includes('grid')) bits |= StyleBit.FLEX_OR_GRID;
  if (display.startsWith('table')) bits |= StyleBit.TABLE_PART | StyleBit.BLOCK;
  if (display === 'list-item') bits |= StyleBit.LIST_ITEM;
  // Bounded: display values are keywords, but a page cannot make this grow without end.
  if (displayBitsCache.size < 100) displayBitsCache.set(display, bits);
  return bits;
}

function styleBitsOf(cs: CSSStyleDeclaration, display: string, overflow: string): number {
  let bits = displayBits(display);
  switch (cs.position) {
    case 'absolute': bits |= StyleBit.POSITION_ABSOLUTE; break;
    case 'fixed': bits |= StyleBit.POSITION_FIXED; break;
    case 'sticky': bits |= StyleBit.POSITION_STICKY; break;
  }
  if (cs.cssFloat !== 'none' && cs.cssFloat !== '') bits |= StyleBit.FLOAT;
  if ((parseInt(cs.fontWeight, 10) || 400) >= 600) bits |= StyleBit.BOLD;
  if (!isTransparent(cs.backgroundColor) || cs.backgroundImage !== 'none') bits |= StyleBit.BACKGROUND;
  if (overflow !== 'visible' && overflow !== '') bits |= StyleBit.OVERFLOW_CLIPS;
  if (parseFloat(cs.borderTopWidth) > 0 || parseFloat(cs.borderBottomWidth) > 0) bits |= StyleBit.BORDER;
  return bits;
}

function isTransparent(color: string): boolean {
  return color === 'transparent' || color === 'rgba(0, 0, 0, 0)' || color === '';
}

/**
 * Computed styles remembered between captures of the same page, so a re-run after the page changed reads styles
 * only for new elements and for those whose attributes changed (the caller forgets them): reading computed styles
 * is most of a capture's cost. Geometry is always read afresh, since any change can move everything below it.
 */
export class StyleCache {
  private styles = new WeakMap<Element, ElementStyle>();
  /** Styles read from the page (not from the cache) by the captures so far; for status and tests. */
  reads = 0;

  styleOf(el: Element, win: Window): ElementStyle {
    let style = this.styles.get(el);
    if (!style) {
      style = readElementStyle(win.getComputedStyle(el));
      this.styles.set(el, style);
      this.reads++;
    }
    return style;
  }

  /** An element's class, style or other attributes changed: it and everything inside may look different now. */
  forgetSubtree(root: Element): void {
    this.styles.delete(root);
    const all = root.getElementsByTagName('*');
    for (let k = 0; k < all.length; k++) this.styles.delete(all[k]);
    if (root.shadowRoot) for (const el of Array.from(root.shadowRoot.querySelectorAll('*'))) this.styles.delete(el);
  }

  /** The viewport or a media query changed: every style may differ. */
  clear(): void {
    this.styles = new WeakMap();
  }
}
