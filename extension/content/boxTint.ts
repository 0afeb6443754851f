/**
 * Which of highlight mode's boxes are tinted. Tints add up: a segment nested in a template segment drawn with a tint
 * of its own turned a product page's whole screen red (wcxb-dev 0598). So each point of the screen gets at most one
 * tint: a box is tinted unless it overlaps a box tinted before it in the same layer, and is drawn as an outline
 * otherwise. Boxes come in document order, so the outermost box of a nest is the tinted one. Pure: geometry only.
 */
import { overlaps, type Rect } from '../../src/util/rects.ts';

export interface TintRequest {
  rect: Rect;
  /**
   * The layer the box is drawn in ('page' scrolls with the page, 'viewport' stays with a fixed element): rectangles of
   * different layers are in different coordinates, and where a fixed element covers the page the page's boxes are cut
   * away (see highlightOverlay.ts), so only boxes of one layer can add up.
   */
  layer: string;
}

export function tintedBoxes(boxes: readonly TintRequest[]): boolean[] {
  const tinted: TintRequest[] = [];
  return boxes.map((b) => {
    if (tinted.some((t) => t.layer === b.layer && overlaps(t.rect, b.rect))) return false;
    tinted.push(b);
    return true;
  });
}
