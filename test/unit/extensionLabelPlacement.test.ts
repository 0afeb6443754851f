// Where highlight mode's labels go (labelPlacement.ts): never over text, controls or another label, inside the page;
// over pictures only when nothing else is free. Pure geometry, no layout.
import { describe, expect, it } from 'vitest';
import { candidatePlaces, placeLabels, RectIndex } from '../../extension/content/labelPlacement.ts';
import { overlaps, type Rect } from '../../src/util/rects.ts';

const PAGE: Rect = { x: 0, y: 0, w: 1000, h: 3000 };
const W = 80;
const H = 14;

function place(boxes: Rect[], hard: Rect[] = [], soft: Rect[] = [], bounds = PAGE) {
  return placeLabels(boxes.map((box) => ({ box, width: W, height: H })), { hard, soft, bounds });
}

describe('label places', () => {
  it('are tried above the box first, then its inside corners, then below it', () => {
    const box = { x: 100, y: 200, w: 300, h: 100 };
    expect(candidatePlaces(box, W, H).map((r) => [r.x, r.y])).toEqual([
      [100, 186], [320, 186], // above: left end, right end
      [320, 200], [100, 200], [320, 286], [100, 286], // inside: top right, top left, bottom right, bottom left
      [100, 300], [320, 300], // below
    ]);
  });

  it('are never inside a box too small to hold the label', () => {
    const places = candidatePlaces({ x: 0, y: 50, w: 40, h: 10 }, W, H);
    expect(places).toHaveLength(4);
    expect(places.every((r) => r.y + r.h <= 50 || r.y >= 60)).toBe(true);
  });
});

describe('placeLabels', () => {
  it('puts a label above its box, off the box\'s first line of text', () => {
    const box = { x: 100, y: 200, w: 300, h: 100 };
    const firstLink = { x: 100, y: 200, w: 120, h: 18 };
    expect(place([box], [firstLink])).toEqual([{ x: 100, y: 186, w: W, h: H }]);
  });

  it('uses a free inside corner when there is no room above (the top of the page, text above the box)', () => {
    const atTop = { x: 0, y: 0, w: 1000, h: 90 };
    const logo = { x: 0, y: 0, w: 300, h: 60 };
    expect(place([atTop], [logo])).toEqual([{ x: 920, y: 0, w: W, h: H }]);
    const box = { x: 100, y: 200, w: 300, h: 100 };
    const textAbove = { x: 0, y: 170, w: 1000, h: 28 };
    expect(place([box], [textAbove])).toEqual([{ x: 320, y: 200, w: W, h: H }]);
  });

  it('leaves a box without label when every place covers text', () => {
    const box = { x: 100, y: 200, w: 300, h: 100 };
    const text = { x: 0, y: 150, w: 1000, h: 200 };
    expect(place([box], [text])).toEqual([null]);
  });

  it('never puts two labels over each other: nested boxes that share a corner take turns', () => {
    const outer = { x: 100, y: 200, w: 300, h: 100 };
    const inner = { x: 100, y: 200, w: 200, h: 50 };
    const innermost = { x: 100, y: 200, w: 100, h: 20 };
    const places = place([outer, inner, innermost]);
    expect(places[0]).toEqual({ x: 100, y: 186, w: W, h: H });
    const drawn = places.filter((r): r is Rect => r !== null);
    expect(drawn.length).toBeGreaterThanOrEqual(2);
    drawn.forEach((a, i) => drawn.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)));
  });

  it('stays inside the bounds it is given', () => {
    const box = { x: 950, y: 10, w: 50, h: 10 };
    const places = place([box]);
    expect(places[0]).not.toBeNull();
    const r = places[0]!;
    expect(r.x >= 0 && r.y >= 0 && r.x + r.w <= PAGE.w).toBe(true);
  });

  it('avoids pictures when it can, and covers one rather than drop the label', () => {
    const box = { x: 100, y: 200, w: 300, h: 100 };
    const photo = { x: 100, y: 150, w: 100, h: 50 };
    expect(place([box], [], [photo])).toEqual([{ x: 320, y: 186, w: W, h: H }]);
    const wide = { x: 0, y: 0, w: 1000, h: 3000 };
    expect(place([box], [], [wide])).toEqual([{ x: 100, y: 186, w: W, h: H }]);
  });
});

describe('RectIndex', () => {
  it('finds overlaps across its bands, and not rectangles that only touch', () => {
    const index = new RectIndex([{ x: 0, y: 50, w: 100, h: 200 }]);
    expect(index.hits({ x: 50, y: 230, w: 10, h: 10 })).toBe(true);
    expect(index.hits({ x: 100, y: 100, w: 10, h: 10 })).toBe(false); // touches the right edge
    expect(index.hits({ x: 0, y: 250, w: 10, h: 10 })).toBe(false); // touches the bottom edge
    index.add({ x: 500, y: 1000, w: 10, h: 10 });
    expect(index.hits({ x: 505, y: 995, w: 10, h: 10 })).toBe(true);
  });
});
