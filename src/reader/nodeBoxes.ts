/**
 * Node boxes as the reader's on-screen rules measure them (lead media, backdrops): a node's rect, and the part of it
 * that can be seen once the page and clipping containers have cut it. Pure: the snapshot's rects, no DOM.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { StyleBit } from '../snapshot/styleBits.ts';
import { intersection, type Rect } from '../util/rects.ts';

export type Box = Rect;

export function boxOf(s: PageSnapshot, i: number): Box {
  return { x: s.rect[4 * i], y: s.rect[4 * i + 1], w: s.rect[4 * i + 2], h: s.rect[4 * i + 3] };
}

/**
 * What of node `m` can be seen: its box cut by the page and by every clipping container above it up to (not
 * including) `common` (-1: up to the root). A slider lays its pictures side by side in a wide strip (wcxb-dev 0598:
 * 3000 px wide from x = −2223) of which its frame shows one. Empty (zero size, at the cut) when nothing is seen.
 */
export function visibleBox(s: PageSnapshot, m: number, common: number): Box {
  let box: Box | null = intersection(boxOf(s, m), { x: 0, y: 0, w: s.page.width, h: s.page.height });
  for (let a = s.parent[m]; box && a > common; a = s.parent[a]) {
    if ((s.style[a] & StyleBit.OVERFLOW_CLIPS) !== 0) box = intersection(box, boxOf(s, a));
  }
  return box ?? { x: 0, y: 0, w: 0, h: 0 };
}
