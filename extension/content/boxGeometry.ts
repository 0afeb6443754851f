/**
 * Where a highlight box goes on screen: the part of its element a person can see, and whether it scrolls with the
 * page or stays with the viewport. An element's border box is not that: a menu parked at left −180000 px, slides of a
 * carousel cut off by its frame, a popup at opacity 0 covering the whole window (wcxb-dev 0598) all have boxes, and
 * a box drawn on a position:fixed cookie banner in page coordinates slides off the banner as soon as the page scrolls.
 */
import { intersection, rectOf, type Rect } from '../../src/util/rects.ts';

/** 'page': page coordinates, the box scrolls with the page. 'viewport': viewport coordinates, the box stays put. */
export type BoxLayer = 'page' | 'viewport';

export interface BoxGeometry {
  /** The visible part of the element's border box, in the layer's coordinates. */
  rect: Rect;
  layer: BoxLayer;
  /**
   * Inside a position:sticky element or a scrolling element: its place changes when the page (or that element)
   * scrolls, so it is measured again after every scroll.
   */
  moves: boolean;
}

/** What placing a box needs from an element's computed style (as an ancestor: whether it clips or holds fixed ones). */
export interface ClipStyle {
  position: string;
  /** The containing block of fixed (and absolute) descendants (containsFixed). */
  holdsFixed: boolean;
  clipsX: boolean;
  clipsY: boolean;
  /** Its overflow scrolls (auto or scroll): what it holds moves when it does. */
  scrolls: boolean;
}

/**
 * Styles read once per drawing: the same ancestors are walked for many boxes, and each property read serialises a
 * value anew, so what the walk needs of an element is worked out once, from eight properties.
 */
export type StyleOf = (el: Element) => ClipStyle;

export function styleReader(win: Window): StyleOf {
  const styles = new Map<Element, ClipStyle>();
  return (el) => {
    let style = styles.get(el);
    if (!style) {
      const s = win.getComputedStyle(el);
      const overflowX = s.overflowX;
      const overflowY = s.overflowY;
      style = { position: s.position, holdsFixed: containsFixed(s), clipsX: overflowX !== 'visible',
        clipsY: overflowY !== 'visible', scrolls: /auto|scroll/.test(overflowX + overflowY) };
      styles.set(el, style);
    }
    return style;
  };
}

/** Whether the element can be seen at all: rendered, not visibility:hidden, not at opacity 0 (itself or above). */
export function isSeen(el: Element): boolean {
  const check = (el as Element & { checkVisibility?: (o: object) => boolean }).checkVisibility;
  // Both spellings: Chromium 120 knows checkOpacity/checkVisibilityCSS, later versions and Firefox the new names.
  return check ? check.call(el, { checkOpacity: true, checkVisibilityCSS: true, opacityProperty: true,
    visibilityProperty: true }) : true;
}

/** The element's box as drawn, or null when no part of it can be seen. */
export function boxGeometry(el: Element, styleOf: StyleOf): BoxGeometry | null {
  if (!isSeen(el)) return null;
  const doc = el.ownerDocument;
  const win = doc.defaultView!;
  let rect: Rect | null = rectOf(el.getBoundingClientRect());
  if (rect.w < 1 || rect.h < 1) return null;
  // Walk up the containing blocks: an ancestor clips the element only if it is the element's containing block or
  // contains it (an absolutely positioned child escapes a static parent's overflow:hidden; a fixed one escapes all).
  let position = styleOf(el).position;
  let moves = position === 'sticky';
  for (let a = el.parentElement; a && a !== doc.body && a !== doc.documentElement && rect; a = a.parentElement) {
    const { position: ancestorPosition, holdsFixed, clipsX, clipsY, scrolls } = styleOf(a);
    if (position === 'fixed' && !holdsFixed) continue;
    if (position === 'absolute' && ancestorPosition === 'static' && !holdsFixed) continue;
    position = ancestorPosition;
    if (position === 'sticky') moves = true;
    if (!clipsX && !clipsY) continue;
    if (scrolls) moves = true;
    const outer = a.getBoundingClientRect();
    // The padding box: overflow is cut at the inside of the border.
    const inside = { x: outer.left + a.clientLeft, y: outer.top + a.clientTop, w: a.clientWidth, h: a.clientHeight };
    rect = intersection(rect, {
      x: clipsX ? inside.x : -Infinity, y: clipsY ? inside.y : -Infinity,
      w: clipsX ? inside.w : Infinity, h: clipsY ? inside.h : Infinity,
    });
  }
  if (!rect) return null;
  if (position === 'fixed') {
    const root = doc.documentElement;
    return visible(intersection(rect, { x: 0, y: 0, w: root.clientWidth, h: root.clientHeight }), 'viewport', moves);
  }
  // The page can only be scrolled to its scrollable area: what lies left of or above it is never seen.
  const page = { x: rect.x + win.scrollX, y: rect.y + win.scrollY, w: rect.w, h: rect.h };
  return visible(intersection(page, scrollArea(doc)), 'page', moves);
}

/** The page's scrollable area, in page coordinates (unbounded where a document is not laid out and measures 0). */
export function scrollArea(doc: Document): Rect {
  const root = doc.scrollingElement ?? doc.documentElement;
  return { x: 0, y: 0, w: root.scrollWidth || Infinity, h: root.scrollHeight || Infinity };
}

function visible(rect: Rect | null, layer: BoxLayer, moves: boolean): BoxGeometry | null {
  return rect && rect.w >= 1 && rect.h >= 1 ? { rect, layer, moves } : null;
}

/** Whether an element is the containing block of its fixed (and absolute) descendants, as a transform makes it. */
export function containsFixed(s: CSSStyleDeclaration): boolean {
  return s.transform !== 'none' || s.perspective !== 'none' || s.filter !== 'none' ||
    /paint|layout|strict|content/.test(s.contain) || /transform|perspective|filter/.test(s.willChange);
}
