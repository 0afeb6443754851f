import { describe, expect, it } from 'vitest';
import { basicMergeGroups, basicMergeValues, basicValues, visibleLeaves } from '../../src/segment/baselines.ts';

describe('PageLevel baselines', () => {
  // page nodes 0..5: 0 root, 1 and 4 children of 0, 2 and 3 children of 1, 5 child of 4 (hidden)
  const parents = [-1, 0, 1, 1, 0, 4];
  const visible = [0, 1, 2, 3, 4];
  const scores = [0.1, 0.5, 0.9, 0.85, 0.3, 0.99];

  it('Basic keeps raw scores; hidden nodes take their owner’s', () => {
    const ownerOf = [0, 1, 2, 3, 4, 4]; // problem index of each page node's owner
    expect(Array.from(basicValues(scores, ownerOf, visible))).toEqual([0.1, 0.5, 0.9, 0.85, 0.3, 0.3]);
  });

  it('finds visible leaves in document order', () => {
    expect(visibleLeaves(parents, visible)).toEqual([2, 3, 4]);
  });

  it('Basic+Merge groups adjacent leaves with close scores', () => {
    const leaves = [2, 3, 4];
    expect(Array.from(basicMergeGroups(leaves, scores, 0.1))).toEqual([0, 0, 1]);
    expect(Array.from(basicMergeGroups(leaves, scores, 0.01))).toEqual([0, 1, 2]);
    expect(Array.from(basicMergeGroups(leaves, scores, 1))).toEqual([0, 0, 0]);
  });

  it('Basic+Merge values: leaves take their group mean, inner nodes keep theirs, hidden nodes their owner\'s', () => {
    const ownerOf = [0, 1, 2, 3, 4, 4];
    const values = Array.from(basicMergeValues(parents, scores, ownerOf, visible, 0.1));
    expect(values[0]).toBe(0.1);
    expect(values[1]).toBe(0.5);
    expect(values[2]).toBeCloseTo(0.875, 12);
    expect(values[3]).toBeCloseTo(0.875, 12);
    expect(values[4]).toBe(0.3);
    expect(values[5]).toBe(0.3);
  });
});
