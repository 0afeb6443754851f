import { describe, expect, it } from 'vitest';
import { addTemplateCounts, emptyTemplateCounts, fMeasure } from '../../src/eval/templateMeasures.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';

const page = buildSnapshot([
  { parent: -1, rect: [0, 0, 100, 100] },
  { parent: 0, rect: [0, 0, 100, 10], text: 'home news sport', link: 'intra' }, // 3 words, template
  { parent: 0, rect: [0, 10, 100, 80], text: 'the story has six words here' }, // 6 words, content
  { parent: 0, rect: [0, 90, 100, 10], text: 'copyright' }, // 1 word, template
]);
const units = [{ node: 1, template: true }, { node: 2, template: false }, { node: 3, template: true }];

describe('template measures', () => {
  it('counts words, anchor text and links in predicted template regions', () => {
    const c = addTemplateCounts(emptyTemplateCounts(), page, units, (n) => n === 1 || n === 2);
    expect(c.text).toEqual({ tp: 3, fp: 6, fn: 1 });
    expect(c.links).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(c.anchorText.tp).toBe('homenewssport'.length);
    const m = fMeasure(c.text);
    expect(m.precision).toBeCloseTo(3 / 9);
    expect(m.recall).toBeCloseTo(3 / 4);
    expect(m.f).toBeCloseTo((2 * (1 / 3) * 0.75) / (1 / 3 + 0.75));
  });

  it('counts a word once, under the innermost unit around it and the prediction of its own node', () => {
    // L3S nests spans: an outer template span holding a template span (2 words, a link) and a content span (4 words).
    const nested = buildSnapshot([
      { parent: -1, rect: [0, 0, 100, 100] },
      { parent: 0, tag: 'span', rect: [0, 0, 100, 60], text: 'menu' }, // 1 word of its own, template
      { parent: 1, tag: 'span', rect: [0, 0, 100, 10], text: 'home news', link: 'intra' }, // template
      { parent: 1, tag: 'span', rect: [0, 10, 100, 50], text: 'the story goes on' }, // content inside template
    ]);
    const nestedUnits = [{ node: 1, template: true }, { node: 2, template: true }, { node: 3, template: false }];
    const c = addTemplateCounts(emptyTemplateCounts(), nested, nestedUnits, (n) => n !== 3);
    expect(c.text).toEqual({ tp: 3, fp: 0, fn: 0 });
    expect(c.links).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(c.anchorText.tp).toBe('homenews'.length);
    const all = addTemplateCounts(emptyTemplateCounts(), nested, nestedUnits, () => true);
    expect(all.text).toEqual({ tp: 3, fp: 4, fn: 0 });
  });

  it('is zero, not NaN, with nothing predicted', () => {
    const c = addTemplateCounts(emptyTemplateCounts(), page, units, () => false);
    expect(fMeasure(c.text)).toEqual({ precision: 0, recall: 0, f: 0 });
  });
});
