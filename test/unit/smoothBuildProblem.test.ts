import { describe, expect, it } from 'vitest';
import { buildSmoothingProblem, expandToPageNodes } from '../../src/smooth/buildSmoothingProblem.ts';
import { rollUpHiddenNodes } from '../../src/smooth/hiddenNodes.ts';
import { areaPenalties } from '../../src/smooth/penalties.ts';
import { smoothTree } from '../../src/smooth/smoothTree.ts';

// 0 body (1e6 px²) ─┬─ 1 main (5e5) ── 2 icon (1000, hidden) ── 3 inside the icon (800, hidden with it)
//                   ├─ 4 dot (1500, hidden)
//                   └─ 5 aside (3000)
const parents = Int32Array.from([-1, 0, 1, 2, 0, 0]);
const areas = Float64Array.from([1e6, 5e5, 1000, 800, 1500, 3000]);
const scores = Float64Array.from([0.1, 0.2, 0.9, 0.8, 0.7, 0.6]);

describe('rollUpHiddenNodes', () => {
  it('hides small nodes with their whole subtree and counts them on the nearest visible ancestor', () => {
    const rollup = rollUpHiddenNodes(parents, areas, 2000);
    expect(Array.from(rollup.nodeOf)).toEqual([0, 1, 5]);
    expect(Array.from(rollup.problemIndexOf)).toEqual([0, 1, 1, 1, 0, 2]);
    expect(Array.from(rollup.hiddenCount)).toEqual([1, 2, 0]);
  });

  it('never hides the root, and hides nodes without a usable area', () => {
    const rollup = rollUpHiddenNodes([-1, 0], [10, NaN], 2000);
    expect(Array.from(rollup.nodeOf)).toEqual([0]);
    expect(Array.from(rollup.hiddenCount)).toEqual([1]);
  });

  it('wants a pre-order tree with one area per node', () => {
    expect(() => rollUpHiddenNodes([-1, 2, 0], [1, 1, 1], 0)).toThrow(/pre-order: node 1 has parent 2/);
    expect(() => rollUpHiddenNodes([0], [1], 0)).toThrow(/node 0 must be the root/);
    expect(() => rollUpHiddenNodes([-1, 0], [1], 0)).toThrow(/one area per node/);
    expect(() => rollUpHiddenNodes([], [], 0)).toThrow(/empty/);
  });
});

describe('areaPenalties', () => {
  it('is c·A/Aᵢ, with areas raised to at least minArea', () => {
    const gamma = areaPenalties([1e6, 5e4, 10], 1e6, 0.01, 2000);
    expect(gamma[0]).toBeCloseTo(0.01, 15);
    expect(gamma[1]).toBeCloseTo(0.2, 15);
    expect(gamma[2]).toBeCloseTo(5, 15);
  });

  it('stays finite for zero areas, even with minArea 0, and for a page without area', () => {
    expect(areaPenalties([0], 100, 0.5, 0)[0]).toBe(50);
    expect(areaPenalties([4000], 0, 1, 2000)[0]).toBe(0.5);
  });

  it('rejects a bad factor or page area', () => {
    expect(() => areaPenalties([1], 1, -1, 0)).toThrow(/penalty must be a finite number/);
    expect(() => areaPenalties([1], NaN, 1, 0)).toThrow(/page area/);
  });
});

describe('buildSmoothingProblem', () => {
  it('keeps the visible nodes, weighs each 1 + its hidden nodes and prices segments by area', () => {
    const built = buildSmoothingProblem(parents, areas, scores);
    expect(Array.from(built.problem.parents)).toEqual([-1, 0, 0]);
    expect(Array.from(built.problem.scores)).toEqual([0.1, 0.2, 0.6]);
    expect(Array.from(built.problem.weights)).toEqual([2, 3, 1]);
    const gamma = Array.from(built.problem.penalties);
    [0.01, 0.02, (0.01 * 1e6) / 3000].forEach((g, k) => expect(gamma[k]).toBeCloseTo(g, 12));
    expect(Array.from(built.nodeOf)).toEqual([0, 1, 5]);
    expect(Array.from(built.problemIndexOf)).toEqual([0, 1, 1, 1, 0, 2]);
  });

  it('takes the penalty factor, minimum area and page area from the options', () => {
    const built = buildSmoothingProblem(parents, areas, scores, { penaltyFactor: 1, minArea: 0, pageArea: 2e6 });
    expect(built.nodeOf.length).toBe(6);
    expect(built.problem.penalties[0]).toBeCloseTo(2, 12);
    expect(built.problem.penalties[2]).toBeCloseTo(2000, 9);
  });

  it('a collapsed wrapper (no height of its own) around large content is not hidden, and is priced by its content', () => {
    // 0 body ── 1 wrapper (0 px²: floated children) ─┬─ 2 article (4e5) ── 3 link (500, hidden)
    //                                                 └─ 4 sidebar (1e5)
    const built = buildSmoothingProblem([-1, 0, 1, 2, 1], [1e6, 0, 4e5, 500, 1e5], [0.1, 0.5, 0.1, 0.9, 0.9]);
    expect(Array.from(built.nodeOf)).toEqual([0, 1, 2, 4]);
    expect(built.problem.penalties[1]).toBeCloseTo((0.01 * 1e6) / 4e5, 12);
  });

  it('rejects scores that do not match the tree', () => {
    expect(() => buildSmoothingProblem(parents, areas, [0.5])).toThrow(/one score per node/);
  });

  it('expandToPageNodes gives hidden nodes the value of the node they were rolled into', () => {
    const built = buildSmoothingProblem(parents, areas, scores);
    const page = Array.from(expandToPageNodes([0.1, 0.2, 0.6], built.problemIndexOf));
    expect(page).toEqual([0.1, 0.2, 0.2, 0.2, 0.1, 0.6]);
    const solved = smoothTree(built.problem);
    expect(expandToPageNodes(solved.values, built.problemIndexOf)[3]).toBe(solved.values[1]);
  });
});
