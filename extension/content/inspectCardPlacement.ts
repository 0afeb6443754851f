/**
 * Where inspect mode's card goes, so that it never covers the text of the segment it describes when it can avoid
 * it: beside the segment (right, left, below, above), else in a corner of the window. A place clear of the segment's
 * whole box is taken first; when none is (a segment as large as the window), the place covering the least of the
 * segment's text. Pure: viewport coordinates, one rectangle per line of text.
 */
import { areaInside, contains, overlaps, type Rect } from '../../src/util/rects.ts';

/** Space kept between the card and the segment, and the window's edges. */
export const CARD_GAP = 8;

export function placeCard(card: { w: number; h: number }, segment: Rect, viewport: { w: number; h: number },
  text: readonly Rect[]): Rect {
  const { w, h } = card;
  const g = CARD_GAP;
  const clampY = (y: number) => Math.max(g, Math.min(viewport.h - h - g, y));
  const clampX = (x: number) => Math.max(g, Math.min(viewport.w - w - g, x));
  const places: Rect[] = [
    { x: segment.x + segment.w + g, y: clampY(segment.y), w, h },
    { x: segment.x - w - g, y: clampY(segment.y), w, h },
    { x: clampX(segment.x), y: segment.y + segment.h + g, w, h },
    { x: clampX(segment.x), y: segment.y - h - g, w, h },
    { x: viewport.w - w - g, y: viewport.h - h - g, w, h },
    { x: viewport.w - w - g, y: g, w, h },
    { x: g, y: viewport.h - h - g, w, h },
    { x: g, y: g, w, h },
  ];
  const window = { x: 0, y: 0, w: viewport.w, h: viewport.h };
  const inside = places.filter((p) => contains(window, p));
  const clear = inside.find((p) => !overlaps(p, segment));
  if (clear) return clear;
  const covered = (p: Rect) => text.reduce((sum, t) => sum + areaInside(t, p), 0);
  let best = inside[0] ?? places[places.length - 1];
  let least = covered(best);
  for (const p of inside) {
    const c = covered(p);
    if (c < least) [best, least] = [p, c];
  }
  return best;
}
