import { describe, expect, it } from 'vitest';
import {
  agreementOnLabelledLeaves, humanLeafGroups, segmentLeafGroups,
} from '../../src/cli/evaluation/segmentation/segmentationGroupings.ts';

/**
 *        0 (page root, a segment)
 *      /   \
 *     1     4 (segment)
 *    / \    / \
 *   2   3  5   6 (segment)
 */
const parents = [-1, 0, 1, 1, 0, 4, 4];
const leaves = [2, 3, 5, 6];

describe('leaf groupings', () => {
  it('puts each leaf in its innermost enclosing segment root', () => {
    expect(Array.from(segmentLeafGroups(parents, leaves, [0, 4, 6]))).toEqual([0, 0, 4, 6]);
    // A leaf that is itself a segment root is its own group.
    expect(Array.from(segmentLeafGroups(parents, leaves, [0, 2]))).toEqual([2, 0, 0, 0]);
  });

  it('reads the human block of each leaf, -1 outside every block', () => {
    const blockOf = [-1, 0, 0, 1, -1, 2, -1];
    expect(Array.from(humanLeafGroups(leaves, blockOf))).toEqual([0, 1, 2, -1]);
  });

  it('compares only the leaves inside a human block', () => {
    // The last leaf is outside every block: dropped, so the remaining three agree perfectly.
    const a = agreementOnLabelledLeaves([10, 10, 20, 30], [0, 0, 1, -1]);
    expect(a).toEqual({ ari: 1, nmi: 1, leaves: 3, groups: 2, humanGroups: 2 });
    // Everything in one predicted group against two human blocks: ARI 0, NMI 0.
    const b = agreementOnLabelledLeaves([7, 7, 7, 7], [0, 0, 1, 1]);
    expect(b.ari).toBe(0);
    expect(b.nmi).toBe(0);
  });

  it('leaves agreement undefined (NaN) with fewer than two labelled leaves', () => {
    const a = agreementOnLabelledLeaves([1, 2, 3], [-1, 4, -1]);
    expect(a.leaves).toBe(1);
    expect(a.ari).toBeNaN();
    expect(a.nmi).toBeNaN();
  });
});
