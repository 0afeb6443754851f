// At most one tint on any point of highlight mode's overlay (boxTint.ts), and the cut-outs of fixed elements.
import { describe, expect, it } from 'vitest';
import { tintedBoxes } from '../../extension/content/boxTint.ts';
import { clipPathWithHoles } from '../../extension/content/highlightOverlay.ts';

const page = (x: number, y: number, w: number, h: number) => ({ rect: { x, y, w, h }, layer: 'page' });

describe('tintedBoxes', () => {
  it('tints the outermost box of a nest and draws the ones inside as outlines', () => {
    expect(tintedBoxes([page(0, 0, 1000, 800), page(100, 100, 200, 200), page(120, 120, 50, 50)]))
      .toEqual([true, false, false]);
  });

  it('tints boxes side by side, even when their edges touch', () => {
    expect(tintedBoxes([page(0, 0, 100, 100), page(100, 0, 100, 100), page(0, 100.2, 100, 100)]))
      .toEqual([true, true, true]);
  });

  it('draws a box overlapping a tinted one as an outline, in any order of size', () => {
    expect(tintedBoxes([page(0, 0, 100, 100), page(50, 50, 500, 500)])).toEqual([true, false]);
  });

  it('compares only boxes of the same layer (the page under a fixed element is cut away instead)', () => {
    expect(tintedBoxes([page(0, 0, 100, 100), { rect: { x: 0, y: 0, w: 100, h: 100 }, layer: 'viewport' }]))
      .toEqual([true, true]);
  });
});

describe('clipPathWithHoles', () => {
  it('keeps everything around the box but the holes (evenodd: each hole is a second rectangle)', () => {
    expect(clipPathWithHoles([{ x: 10, y: 20, w: 30, h: 40 }], 100, 50))
      .toBe('path(evenodd, "M-10000 -10000h20100v20050h-20100zM10 20h30v40h-30z")');
  });
});
