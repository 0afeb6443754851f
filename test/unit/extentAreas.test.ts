import { describe, expect, it } from 'vitest';
import { extentAreas } from '../../src/smooth/extentAreas.ts';

describe('extentAreas', () => {
  it('is the largest of a node\'s own area and its descendants\' (missing areas count as 0)', () => {
    // 0 ── 1 (0) ── 2 (50) ── 3 (NaN) ; 0 ── 4 (7)
    expect(Array.from(extentAreas([-1, 0, 1, 2, 0], [10, 0, 50, NaN, 7]))).toEqual([50, 50, 50, 0, 7]);
  });
});
