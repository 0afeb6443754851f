import { describe, expect, it } from 'vitest';
import { readerKeep } from '../../src/segment/readerKeep.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';

// body > article > [p, table > tr > td, pre, ul(links)] ; aside > table
const page = buildSnapshot([
  { parent: -1, tag: 'body', rect: [0, 0, 1000, 2000] },
  { parent: 0, tag: 'article', rect: [0, 0, 700, 1500] },
  { parent: 1, tag: 'p', rect: [0, 0, 700, 300], text: 'The story in plain words.' },
  { parent: 1, tag: 'table', rect: [0, 300, 300, 100] },
  { parent: 3, tag: 'td', rect: [0, 300, 300, 100], text: 'Tuesday 41 Wednesday 87' },
  { parent: 1, tag: 'pre', rect: [0, 400, 700, 100], text: 'levee height: 4.2 m' },
  { parent: 1, tag: 'table', rect: [0, 500, 700, 100] },
  { parent: 6, tag: 'a', rect: [0, 500, 700, 100], text: 'Related story one', link: 'intra' },
  { parent: 0, tag: 'aside', rect: [700, 0, 300, 1500] },
  { parent: 8, tag: 'table', rect: [700, 0, 300, 100], text: 'Weather 12 degrees' },
]);

describe('readerKeep', () => {
  it('keeps content, and tables/code under content even when judged template; drops link tables and template', () => {
    const values = [0.1, 0.1, 0.1, 0.7, 0.8, 0.6, 0.9, 0.95, 0.9, 0.95];
    expect(Array.from(readerKeep(page, values, 0.5))).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
  });
  it('follows the threshold for everything else', () => {
    const values = [0.1, 0.1, 0.1, 0.7, 0.8, 0.6, 0.9, 0.95, 0.9, 0.95];
    expect(Array.from(readerKeep(page, values, 0.99))).toEqual(new Array(10).fill(1));
    expect(Array.from(readerKeep(page, values, 0.05))).toEqual(new Array(10).fill(0));
  });
});
