/**
 * Colours for the segments view: one per segment, shared by all its parts, so that segments that touch on screen get
 * different ones. Ten colours and "neighbours differ" is graph colouring of the segments' contact graph: greedy, in
 * document order, each segment takes a colour none of its already coloured neighbours has; where all ten are taken (a
 * segment touching more than nine others), the one its neighbours use least. Pure: geometry only.
 */
import type { Rect } from '../../src/util/rects.ts';

/**
 * Dark, saturated and far apart in hue (Tableau's ten, darkened where white tag text on them would be hard to read),
 * as "r, g, b" for the overlay's CSS.
 */
export const SEGMENT_PALETTE: readonly string[] = [
  '31, 119, 180', '214, 39, 40', '35, 125, 35', '148, 103, 189', '140, 86, 75',
  '194, 65, 143', '14, 128, 140', '120, 120, 20', '194, 94, 0', '42, 59, 143',
];

/** Parts closer than this (CSS px) touch: boxes a gap of a few pixels apart still read as neighbours. */
export const TOUCH_GAP = 8;

export interface SegmentPart {
  segment: number;
  rect: Rect;
}

/** Per segment (0 … segmentCount − 1), its colour's index in a palette of `paletteSize`. */
export function segmentColours(parts: readonly SegmentPart[], segmentCount: number,
  paletteSize = SEGMENT_PALETTE.length): Int32Array {
  const neighbours = contactGraph(parts, segmentCount);
  const colour = new Int32Array(segmentCount).fill(-1);
  const used = new Int32Array(paletteSize);
  const onPage = new Int32Array(paletteSize);
  for (let k = 0; k < segmentCount; k++) {
    used.fill(0);
    for (const j of neighbours[k]) if (colour[j] >= 0) used[colour[j]]++;
    // Fewest neighbours with the colour first, then the colour least used on the page so far (not the first free
    // one: that would paint every segment without coloured neighbours the same).
    let best = 0;
    for (let c = 1; c < paletteSize; c++) {
      if (used[c] < used[best] || (used[c] === used[best] && onPage[c] < onPage[best])) best = c;
    }
    colour[k] = best;
    onPage[best]++;
  }
  return colour;
}

/**
 * Which segments touch: two parts of different segments whose boxes, grown by TOUCH_GAP / 2 on each side, overlap.
 * A sweep over the parts sorted by their left edge, so a page's thousands of parts are not compared all with all.
 */
export function contactGraph(parts: readonly SegmentPart[], segmentCount: number): Array<Set<number>> {
  const neighbours = Array.from({ length: segmentCount }, () => new Set<number>());
  const half = TOUCH_GAP / 2;
  const grown = parts.map(({ segment, rect: r }) =>
    ({ segment, x0: r.x - half, x1: r.x + r.w + half, y0: r.y - half, y1: r.y + r.h + half }))
    .sort((a, b) => a.x0 - b.x0);
  for (let i = 0; i < grown.length; i++) {
    const a = grown[i];
    for (let j = i + 1; j < grown.length && grown[j].x0 < a.x1; j++) {
      const b = grown[j];
      if (a.segment === b.segment || b.y0 >= a.y1 || a.y0 >= b.y1) continue;
      neighbours[a.segment].add(b.segment);
      neighbours[b.segment].add(a.segment);
    }
  }
  return neighbours;
}
