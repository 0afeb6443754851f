import { describe, expect, it } from 'vitest';
import { leafMask } from '../../src/segmentation/gcutsEnergy.ts';
import { alphaExpansion } from '../../src/segmentation/alphaExpansion.ts';
import { parentMove, ParentMoveWorkspace, plainOnlyNodes } from '../../src/segmentation/parentMove.ts';
import { emptyPhaseTimes, PhaseClock } from '../../src/segmentation/gcutsPhaseTimes.ts';
import { seededRandom as rng } from '../../src/util/seededRandom.ts';
import { randomFeasible, randomGcutsProblem } from '../fixtures/randomGcutsProblem.ts';

// Larger than brute force allows: these tests compare a reused workspace with a fresh one, not with the optimum.
const SHAPE = { minNodes: 5, nodeSpread: 40, minLabels: 2, labelSpread: 5, parentChildMax: 3 };

describe('ParentMoveWorkspace', () => {
  it('gives every move the result a fresh workspace gives, reused across labellings and labels (200 problems)', () => {
    const random = rng(11);
    for (let trial = 0; trial < 200; trial++) {
      const problem = randomGcutsProblem(random, SHAPE);
      const leaf = leafMask(problem.parent);
      const plainOnly = plainOnlyNodes(problem, leaf);
      const workspace = new ParentMoveWorkspace(problem);
      for (let draw = 0; draw < 3; draw++) {
        const labels = randomFeasible(random, problem);
        for (let alpha = 0; alpha <= problem.labelCount; alpha++) {
          const shared = parentMove(problem, labels, alpha, leaf, plainOnly, { workspace });
          const fresh = parentMove(problem, labels, alpha, leaf, plainOnly);
          expect(Array.from(shared.labels), `trial ${trial}, α ${alpha}`).toEqual(Array.from(fresh.labels));
          expect(shared.energy).toBe(fresh.energy);
        }
      }
    }
  });

  it('refuses a workspace made for another problem', () => {
    const random = rng(12);
    const a = randomGcutsProblem(random, SHAPE);
    const b = randomGcutsProblem(random, SHAPE);
    expect(() => parentMove(a, randomFeasible(random, a), 0, undefined, undefined,
      { workspace: new ParentMoveWorkspace(b) })).toThrow(/another problem/);
  });
});

describe('GCuts phase times', () => {
  it('alphaExpansion charges its moves to graph and maxFlow, and answers as it does without a record', () => {
    const random = rng(13);
    for (let trial = 0; trial < 20; trial++) {
      const problem = randomGcutsProblem(random, SHAPE);
      const initial = randomFeasible(random, problem);
      const times = emptyPhaseTimes();
      const timed = alphaExpansion(problem, { initial, times });
      const plain = alphaExpansion(problem, { initial });
      expect(Array.from(timed.labels)).toEqual(Array.from(plain.labels));
      expect(times.graph).toBeGreaterThan(0);
      expect(times.maxFlow).toBeGreaterThan(0);
      expect([times.features, times.labels, times.unary, times.pairCosts]).toEqual([0, 0, 0, 0]);
    }
  });

  it('PhaseClock adds each lap to its phase, skips uncharged time, and does nothing without a record', () => {
    const times = emptyPhaseTimes();
    const clock = new PhaseClock(times);
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end) { /* wait */ }
    };
    busy(2);
    clock.lap('unary');
    busy(2);
    clock.skip();
    clock.lap('maxFlow');
    expect(times.unary).toBeGreaterThanOrEqual(2);
    expect(times.maxFlow).toBeLessThan(times.unary);
    expect(() => new PhaseClock(undefined).lap('graph')).not.toThrow();
  });
});
