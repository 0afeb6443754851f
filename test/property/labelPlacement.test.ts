// placeLabels indexes only the obstacles in bands some label could take; on random pages it must place every label
// exactly where trying every candidate against every obstacle places it (the rule of labelPlacement.ts, written
// out plainly here).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { candidatePlaces, placeLabels } from '../../extension/content/labelPlacement.ts';
import { contains, overlaps, type Rect } from '../../src/util/rects.ts';

/** The same rule, every obstacle tried: the first candidate inside the bounds over no hard rectangle, one off soft ones if any. */
function placeByFullScan(requests: Array<{ box: Rect; width: number; height: number }>, hard: Rect[], soft: Rect[],
  bounds: Rect): Array<Rect | null> {
  const taken = [...hard];
  return requests.map(({ box, width, height }) => {
    const free = candidatePlaces(box, width, height)
      .filter((r) => contains(bounds, r) && !taken.some((t) => t.w > 0 && t.h > 0 && overlaps(t, r)));
    const place = free.find((r) => !soft.some((s) => s.w > 0 && s.h > 0 && overlaps(s, r))) ?? free[0] ?? null;
    if (place) taken.push(place);
    return place;
  });
}

const rectArb = (maxY: number) => fc.record({
  x: fc.integer({ min: -50, max: 1000 }), y: fc.integer({ min: -50, max: maxY }),
  w: fc.integer({ min: 0, max: 600 }), h: fc.integer({ min: 0, max: 300 }),
});

describe('placeLabels', () => {
  it('places every label as trying every obstacle does', () => {
    fc.assert(fc.property(
      fc.array(rectArb(4000), { maxLength: 12 }),
      fc.array(rectArb(4000), { maxLength: 80 }),
      fc.array(rectArb(4000), { maxLength: 20 }),
      fc.integer({ min: 20, max: 120 }),
      (boxes, hard, soft, width) => {
        const requests = boxes.map((box) => ({ box, width, height: 14 }));
        const bounds = { x: 0, y: 0, w: 1200, h: 4200 };
        expect(placeLabels(requests, { hard, soft, bounds })).toEqual(placeByFullScan(requests, hard, soft, bounds));
      },
    ), { numRuns: 300 });
  });
});
