import { describe, expect, it } from 'vitest';
import { benchSmoothing, deepSpineTree, domLikeTree } from '../../src/cli/bench/benchSmoothing.ts';
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
    await benchSmoothing((line) => lines.push(line), [300]);
    const row = lines.find((l) => l.startsWith('300 '));
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
