/**
 * Node boxes as the reader's on-screen rules measure them (lead media, backdrops): a node's rect, and the part of it
 * that can be seen once the page and clipping containers have cut it. Pure: the snapshot's rects, no DOM.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { StyleBit } from '../snapshot/styleBits.ts';

export type Box = { x: number; y: number; w: number; h: number };

export function boxOf(s: PageSnapshot, i: number): Box {
  return { x: s.rect[4 * i], y: s.rect[4 * i + 1], w: s.rect[4 * i + 2], h: s.rect[4 * i + 3] };
}

/**
 * What of node `m` can be seen: its box cut by the page and by every clipping container above it up to (not
 * including) `common` (-1: up to the root). A slider lays its pictures side by side in a wide strip (wcxb-dev 0598:
 * 3000 px wide from x = −2223) of which its frame shows one.
 */
export function visibleBox(s: PageSnapshot, m: number, common: number): Box {
  let { x, y, w, h } = boxOf(s, m);
  const cut = (c: Box) => {
    const x2 = Math.min(x + w, c.x + c.w);
    const y2 = Math.min(y + h, c.y + c.h);
    x = Math.max(x, c.x);
    y = Math.max(y, c.y);
    w = Math.max(0, x2 - x);
    h = Math.max(0, y2 - y);
  };
  cut({ x: 0, y: 0, w: s.page.width, h: s.page.height });
  for (let a = s.parent[m]; a > common; a = s.parent[a]) {
    if ((s.style[a] & StyleBit.OVERFLOW_CLIPS) !== 0) cut(boxOf(s, a));
  }
  return { x, y, w, h };
}

/** Length of the overlap of the intervals [a, a + aw) and [b, b + bw). */
export function overlap(a: number, aw: number, b: number, bw: number): number {
  return Math.max(0, Math.min(a + aw, b + bw) - Math.max(a, b));
}

/** Area of the part of `inner` that lies inside `outer`. */
export function areaInside(inner: Box, outer: Box): number {
  return overlap(inner.x, inner.w, outer.x, outer.w) * overlap(inner.y, inner.h, outer.y, outer.h);
}
