import { describe, expect, it } from 'vitest';
import { gcutsEnergy, leafMask, type GcutsProblem } from '../../src/segmentation/gcutsEnergy.ts';
import { alphaExpansion, expansionMove } from '../../src/segmentation/alphaExpansion.ts';
import { parentMove, plainOnlyNodes } from '../../src/segmentation/parentMove.ts';
import { seededRandom as rng } from '../../src/util/seededRandom.ts';
import {
  close, randomFeasible, randomGcutsProblem, respectsConstraints,
} from '../fixtures/randomGcutsProblem.ts';

/**
 * The parent move (src/segmentation/parentMove.ts) against brute force on tiny trees: ≤ 9 nodes, 2–3 visible labels
 * plus ξ, random non-negative Dp, parent–child and Potts weights. The move space is enumerated here from its
 * definition, M_α(S) = feasible labellings whose leaves keep S or take α (ξ-move: leaves keep), internal nodes free
 * except those in an internal–internal Potts pair, which keep {S(v), α}; nothing is shared with the cut's chains.
 */

/** Potts pairs between leaves (the paper's case), or between any nodes when `anywhere` (the type allows it). */
function randomProblem(random: () => number, options: { anywhere?: boolean; flat?: boolean } = {}): GcutsProblem {
  return randomGcutsProblem(random, { minNodes: 2, nodeSpread: 8, minLabels: 2, labelSpread: 2, parentChildMax: 3, ...options });
}

/**
 * Every labelling that keeps (3) and Constraint 1 with node v drawn from allowed(v), in pre-order: a visible
 * parent forces its child's label, so only consistent labellings are visited.
 */
function forEachFeasible(
  problem: GcutsProblem,
  allowed: (v: number) => number[],
  visit: (labels: Int32Array) => void,
): void {
  const { parent, labelCount } = problem;
  const xi = labelCount;
  const leaf = leafMask(parent);
  const n = parent.length;
  const labels = new Int32Array(n);
  const assign = (v: number): void => {
    if (v === n) return visit(labels);
    const p = parent[v];
    for (const label of allowed(v)) {
      if (label === xi && leaf[v] === 1) continue;
      if (p >= 0 && labels[p] !== xi && labels[p] !== label) continue;
      labels[v] = label;
      assign(v + 1);
    }
  };
  assign(0);
}

const allLabels = (problem: GcutsProblem): number[] => Array.from({ length: problem.labelCount + 1 }, (_, l) => l);

function optimum(problem: GcutsProblem): number {
  let best = Infinity;
  const every = allLabels(problem);
  forEachFeasible(problem, () => every, (labels) => {
    best = Math.min(best, gcutsEnergy(problem, labels));
  });
  return best;
}

/** The nodes' allowed labels in M_α(S), straight from the definition. */
function moveSpace(problem: GcutsProblem, labels: Int32Array, alpha: number): (v: number) => number[] {
  const xi = problem.labelCount;
  const leaf = leafMask(problem.parent);
  const plainOnly = new Uint8Array(labels.length);
  for (let e = 0; e < problem.pairP.length; e++) {
    const p = problem.pairP[e];
    const q = problem.pairQ[e];
    if (!leaf[p] && !leaf[q]) plainOnly[p] = plainOnly[q] = 1;
  }
  const every = allLabels(problem);
  return (v) => {
    if (leaf[v] === 1) return alpha === xi ? [labels[v]] : [labels[v], alpha];
    if (alpha !== xi && plainOnly[v] === 1) return [labels[v], alpha];
    return every;
  };
}

function bestInMoveSpace(problem: GcutsProblem, labels: Int32Array, alpha: number): number {
  let best = Infinity;
  forEachFeasible(problem, moveSpace(problem, labels, alpha), (moved) => {
    best = Math.min(best, gcutsEnergy(problem, moved));
  });
  return best;
}

function inMoveSpace(problem: GcutsProblem, labels: Int32Array, alpha: number, moved: Int32Array): boolean {
  if (!(gcutsEnergy(problem, moved) < Infinity)) return false;
  const allowed = moveSpace(problem, labels, alpha);
  return Array.from(moved).every((label, v) => allowed(v).includes(label));
}

/**
 * The paper's reading of its gadget: leaves in `moving` take α, the rest keep, and each internal node, bottom-up,
 * takes its children's common label if they agree, else ξ.
 */
function forcedByChildren(problem: GcutsProblem, labels: Int32Array, alpha: number, moving: number): Int32Array {
  const { parent, labelCount } = problem;
  const leaf = leafMask(parent);
  const n = parent.length;
  const out = Int32Array.from(labels, (label, v) => (leaf[v] === 1 && (moving >> v) & 1 ? alpha : label));
  const common = new Int32Array(n).fill(-2);
  for (let v = n - 1; v >= 0; v--) {
    if (leaf[v] === 0) out[v] = common[v] >= 0 ? common[v] : labelCount;
    const p = parent[v];
    if (p < 0) continue;
    common[p] = common[p] === -2 || common[p] === out[v] ? out[v] : -1;
  }
  return out;
}

describe('parentMove: the cut is the energy, and the best of its move space', () => {
  for (const anywhere of [false, true]) {
    const pairs = anywhere ? 'Potts pairs between any nodes' : 'Potts pairs between leaves';
    it(`min cut + constant = E(decoded) = brute-force min over M_α(S), every α, ${pairs} (400 cases)`, () => {
      const random = rng(anywhere ? 31 : 29);
      for (let trial = 0; trial < 400; trial++) {
        const problem = randomProblem(random, { anywhere });
        const labels = randomFeasible(random, problem);
        for (let alpha = 0; alpha <= problem.labelCount; alpha++) {
          const { labels: moved, energy } = parentMove(problem, labels, alpha);
          const where = `trial ${trial}, α = ${alpha}`;
          expect(inMoveSpace(problem, labels, alpha, moved), where).toBe(true);
          expect(close(energy, gcutsEnergy(problem, moved)), `${where}: cut ${energy}`).toBe(true);
          expect(close(energy, bestInMoveSpace(problem, labels, alpha)), `${where}: cut ${energy}`).toBe(true);
          // M_α(S) holds plain expansion's move space.
          const plain = gcutsEnergy(problem, expansionMove(problem, labels, alpha));
          expect(energy, where).toBeLessThanOrEqual(plain + 1e-9);
        }
      }
    });
  }

  it("is at least as good as every labelling the paper's gadget describes (parent forced by its children)", () => {
    const random = rng(37);
    for (let trial = 0; trial < 200; trial++) {
      const problem = randomProblem(random);
      const labels = randomFeasible(random, problem);
      const n = labels.length;
      for (let alpha = 0; alpha < problem.labelCount; alpha++) {
        const { energy } = parentMove(problem, labels, alpha);
        for (let moving = 0; moving < 1 << n; moving++) {
          const forced = forcedByChildren(problem, labels, alpha, moving);
          expect(respectsConstraints(problem, forced)).toBe(true);
          expect(energy, `trial ${trial}, α = ${alpha}`).toBeLessThanOrEqual(gcutsEnergy(problem, forced) + 1e-9);
        }
      }
    }
  });

  it('names exactly the internal nodes of internal–internal Potts pairs as plain-only', () => {
    const problem: GcutsProblem = {
      parent: Int32Array.from([-1, 0, 1, 0, 3]),
      labelCount: 2,
      unary: new Float64Array(15),
      parentChildWeight: new Float64Array(5),
      pairP: Int32Array.from([1, 2]),
      pairQ: Int32Array.from([3, 4]),
      pairWeight: Float64Array.from([1, 1]),
    };
    expect(Array.from(plainOnlyNodes(problem))).toEqual([0, 1, 0, 1, 0]);
    // Why they must be: with ξ open to both ends, the Potts pair (1, 3) is not submodular on the chains κ < ξ < α
    // (V(ξ,α) − V(κ,α) − V(ξ,ξ) + V(κ,ξ) = w > 0) and the graph refuses it.
    const labels = new Int32Array(5);
    expect(() => parentMove(problem, labels, 1, leafMask(problem.parent), new Uint8Array(5))).toThrow(/submodular/);
    expect(parentMove(problem, labels, 1).energy).toBe(0);
  });
});

describe('alphaExpansion with parent moves against plain expansion and brute force', () => {
  it('keeps the constraints, never rises, ends where no parent move helps, and never above plain (400 cases)', () => {
    // Measured on these 400 problems (seed 41, the same start for both): parent moves reach the exhaustive optimum
    // in 399, plain expansion in 380; parent moves end strictly lower in 19 and never higher. Scans of 30,000 more
    // (random starts, cheap ξ, heavy parent–child weights) found no case above plain either, and a worst ratio to
    // the optimum of 1.92 against plain's 2.92. Not a theorem: a bigger move can steer greedy descent into another
    // local minimum, so "never above plain" is checked on this sample, not claimed in general.
    const random = rng(41);
    let parentOptimal = 0;
    let plainOptimal = 0;
    let strictlyBetter = 0;
    for (let trial = 0; trial < 400; trial++) {
      const problem = randomProblem(random, { anywhere: trial % 4 === 3 });
      const plain = alphaExpansion(problem, { parentMoves: false });
      const result = alphaExpansion(problem, { parentMoves: true });
      const where = `trial ${trial}`;
      expect(respectsConstraints(problem, result.labels), where).toBe(true);
      expect(close(result.energy, gcutsEnergy(problem, result.labels)), where).toBe(true);
      for (let i = 1; i < result.energies.length; i++) expect(result.energies[i]).toBeLessThan(result.energies[i - 1]);
      for (let alpha = 0; alpha <= problem.labelCount; alpha++) {
        expect(bestInMoveSpace(problem, result.labels, alpha), `${where}, α = ${alpha}`).toBeGreaterThanOrEqual(
          result.energy - 1e-9,
        );
      }
      expect(result.energy, where).toBeLessThanOrEqual(plain.energy + 1e-9);
      const best = optimum(problem);
      expect(result.energy).toBeGreaterThanOrEqual(best - 1e-9);
      if (close(result.energy, best)) parentOptimal++;
      if (close(plain.energy, best)) plainOptimal++;
      if (result.energy < plain.energy - 1e-9) strictlyBetter++;
    }
    expect(parentOptimal).toBeGreaterThanOrEqual(plainOptimal);
    expect(strictlyBetter, 'parent moves should matter on this sample').toBeGreaterThan(0);
  });

  it('is within factor 2 of the optimum on Potts energies without a tree (300 cases)', () => {
    // Boykov–Veksler–Zabih 2001, Theorem 6.1 (Potts: c = max V / min V = 1, factor 2c = 2) holds for any local
    // minimum of the expansion moves; a local minimum of the parent moves is one, as M_α(S) holds the expansion move.
    // On a flat problem (every node a root and a leaf) the theorem's conditions hold; with a tree, Constraint 1 can
    // make its "move towards the optimum" infeasible, so no factor is claimed there.
    const random = rng(43);
    for (let trial = 0; trial < 300; trial++) {
      const problem = randomProblem(random, { flat: true });
      const result = alphaExpansion(problem, { parentMoves: true });
      expect(result.energy, `trial ${trial}`).toBeLessThanOrEqual(2 * optimum(problem) + 1e-9);
    }
  });
});
