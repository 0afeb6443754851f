import { describe, expect, it } from 'vitest';
import {
  BENCH_SHAPES, benchShapes, benchSmoothing, deepSpineTree, domLikeTree, shapedTree,
} from '../../src/cli/bench/benchSmoothing.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';
import { validateSmoothProblem } from '../../src/smooth/smoothProblem.ts';

describe('benchmark trees', () => {
  it('seededRandom repeats itself for a seed and stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
  });

  it('domLikeTree: n nodes in pre-order, depth at most 40, bimodal scores, positive weights and penalties', () => {
    const { problem, maxDepth, meanDepth } = domLikeTree(5000, 7);
    expect(problem.parents.length).toBe(5000);
    validateSmoothProblem(problem);
    for (let i = 1; i < 5000; i++) expect(problem.parents[i]).toBeLessThan(i);
    expect(maxDepth).toBeLessThanOrEqual(40);
    expect(meanDepth).toBeGreaterThan(5);
    const high = Array.from(problem.scores).filter((s) => s > 0.5).length;
    expect(high).toBeGreaterThan(500);
    expect(high).toBeLessThan(4500);
    expect(Math.min(...problem.weights)).toBeGreaterThanOrEqual(1);
    expect(Math.min(...problem.penalties)).toBeGreaterThan(0);
    expect(domLikeTree(5000, 7).problem.scores).toEqual(problem.scores);
  });

  it('benchSmoothing prints one row per size and confirms the solvers agree', async () => {
    const lines: string[] = [];
    await benchSmoothing((line) => lines.push(line), [300], [300]);
    // The DOM-like table's row (the shape table's row for 300 nodes comes first).
    const row = lines.find((l) => l.startsWith('300 ') && l.includes('('));
    expect(row).toMatch(/ yes \(/);
  });
});

describe('deepSpineTree', () => {
  it('hangs a DOM-like tree below a chain of wrappers', () => {
    const { problem, maxDepth, meanDepth } = deepSpineTree(2000, 500, 3);
    validateSmoothProblem(problem);
    expect(Array.from(problem.parents.subarray(0, 4))).toEqual([-1, 0, 1, 2]);
    expect(problem.parents[500]).toBe(499);
    expect(maxDepth).toBeGreaterThan(500);
    expect(meanDepth).toBeGreaterThan(400);
  });
});

describe('shapedTree and benchShapes', () => {
  it('builds every shape with n nodes, one root and parents before children', () => {
    for (const shape of BENCH_SHAPES) {
      const { problem, maxDepth } = shapedTree(shape, 1001, 5);
      const shapeOf = validateSmoothProblem(problem);
      expect(problem.parents.length).toBe(1001);
      expect(shapeOf.root).toBe(0);
      for (let i = 1; i < 1001; i++) expect(problem.parents[i]).toBeLessThan(i);
      if (shape === 'spine') expect(maxDepth).toBe(1000);
      if (shape === 'star') expect(maxDepth).toBe(1);
      if (shape === 'caterpillar') expect(maxDepth).toBe(501);
      if (shape === 'binary') expect(maxDepth).toBe(9);
      expect(Math.min(...problem.penalties)).toBeGreaterThan(0);
    }
  });

  it('prints a time and a ratio per shape and size, and the largest DOM-like time over a sort', async () => {
    const lines: string[] = [];
    await benchShapes((line) => lines.push(line), [200, 400], 1);
    expect(lines.find((l) => l.startsWith('400 '))?.match(/ ms [\d.]+×/g)).toHaveLength(6);
    expect(lines.at(-1)).toMatch(/sort of 400 random values: [\d.]+ ms; DOM-like 400 nodes \/ sort = [\d.]+×/);
  });
});
