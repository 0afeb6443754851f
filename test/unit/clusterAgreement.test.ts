import { describe, expect, it } from 'vitest';
import {
  adjustedRandIndex, contingency, entropy, normalizedMutualInformation,
} from '../../src/eval/clusterAgreement.ts';

/**
 * Manning, Raghavan & Schütze, Introduction to Information Retrieval, §16.3 (Figure 16.4): 17 points in three
 * clusters — {5 x, 1 o}, {1 x, 4 o, 1 ◇}, {2 x, 3 ◇}. The book gives NMI ≈ 0.36 (arithmetic-mean normalisation) and
 * RI ≈ 0.68 with TP = 20, FP = 20, FN = 24, TN = 72.
 */
const clusters = [...Array(6).fill(1), ...Array(6).fill(2), ...Array(5).fill(3)];
const classes = ['x', 'x', 'x', 'x', 'x', 'o', 'x', 'o', 'o', 'o', 'o', 'd', 'x', 'x', 'd', 'd', 'd'];

describe('adjusted Rand index', () => {
  it('matches the textbook example worked by hand', () => {
    // Σ C(n_ij,2) = 10 + 6 + 1 + 3 = 20 (TP); cluster pairs 15 + 15 + 10 = 40; class pairs 28 + 10 + 6 = 44;
    // E = 40·44/136; ARI = (20 − E) / (42 − E) = 0.24291…
    const e = (40 * 44) / 136;
    expect(adjustedRandIndex(clusters, classes)).toBeCloseTo((20 - e) / (42 - e), 12);
    expect(adjustedRandIndex(clusters, classes)).toBeCloseTo(0.2429, 4);
  });

  it('gives the small cases scikit-learn documents', () => {
    expect(adjustedRandIndex([0, 0, 1, 1], [1, 1, 0, 0])).toBe(1);
    // Σ C(n_ij,2) = 1, ΣA = 1, ΣB = 2, E = 1/3: (1 − 1/3) / (3/2 − 1/3) = 4/7.
    expect(adjustedRandIndex([0, 0, 1, 2], [0, 0, 1, 1])).toBeCloseTo(4 / 7, 12);
    expect(adjustedRandIndex([0, 0, 1, 1], [0, 0, 1, 2])).toBeCloseTo(4 / 7, 12);
    expect(adjustedRandIndex([0, 0, 0, 0], [0, 1, 2, 3])).toBe(0);
    // No agreeing pair, E = 2/3: (0 − 2/3) / (2 − 2/3) = −1/2.
    expect(adjustedRandIndex([0, 0, 1, 1], [0, 1, 0, 1])).toBeCloseTo(-0.5, 12);
  });

  it('is 1 in the degenerate cases where both labelings are the same trivial partition', () => {
    expect(adjustedRandIndex([], [])).toBe(1);
    expect(adjustedRandIndex([7], [3])).toBe(1);
    expect(adjustedRandIndex([1, 1, 1], ['a', 'a', 'a'])).toBe(1);
    expect(adjustedRandIndex([1, 2, 3], ['a', 'b', 'c'])).toBe(1);
  });

  it('rejects labelings of different lengths', () => {
    expect(() => adjustedRandIndex([1, 2], [1])).toThrow(/length/);
  });
});

describe('normalized mutual information', () => {
  it('matches the textbook example (≈ 0.36)', () => {
    expect(normalizedMutualInformation(clusters, classes)).toBeCloseTo(0.36456, 4);
    expect(normalizedMutualInformation(classes, clusters)).toBeCloseTo(0.36456, 4);
  });

  it('is 1 for the same partition under other names and 0 for independent labelings', () => {
    expect(normalizedMutualInformation([0, 0, 1, 2], ['b', 'b', 'c', 'a'])).toBeCloseTo(1, 12);
    expect(normalizedMutualInformation([0, 0, 1, 1], [0, 1, 0, 1])).toBe(0);
  });

  it('handles single-cluster labelings: 1 when both are, 0 when only one is', () => {
    expect(normalizedMutualInformation([4, 4, 4], [9, 9, 9])).toBe(1);
    expect(normalizedMutualInformation([4, 4, 4], [1, 2, 3])).toBe(0);
    expect(normalizedMutualInformation([], [])).toBe(1);
  });

  it('uses the arithmetic mean of the entropies: 2·I / (H(A) + H(B))', () => {
    // A = {0,1},{2,3}; B = {0},{1},{2,3}: H(A) = ln 2, H(B) = 1.5 ln 2, I = H(A) = ln 2 (A is a coarsening of B).
    expect(normalizedMutualInformation([0, 0, 1, 1], [0, 1, 2, 2])).toBeCloseTo((2 * 1) / (1 + 1.5), 12);
  });
});

describe('contingency and entropy', () => {
  it('counts cells and margins', () => {
    const t = contingency(['a', 'a', 'b'], [1, 2, 2]);
    expect(t.n).toBe(3);
    expect(t.rowSums).toEqual([2, 1]);
    expect(t.colSums).toEqual([1, 2]);
    expect(t.cells.map((c) => c.count).sort()).toEqual([1, 1, 1]);
    expect(entropy([2, 2])).toBeCloseTo(Math.LN2, 12);
  });
});
