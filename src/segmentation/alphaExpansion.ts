/**
 * α-expansion (Boykov, Veksler & Zabih 2001) for the GCuts energy of paper 003 §4.2: start from one visible label
 * everywhere, then for each label α in turn (the invisible label ξ included) find the best move to α as a minimum
 * s–t cut, and keep it if it lowers the energy; stop after a full round of labels with no improvement.
 *
 * Two moves are available. The default, `parentMoves: true`, is the paper's third construction stage made exact
 * (parentMove.ts): leaves keep their label or take α, internal nodes take whichever labels are best under
 * Constraint 1, so one move can send some children of a parent to α while the parent turns invisible. Its move space
 * holds the plain one, each cut is exactly the energy of the labelling it decodes to, and on the tests' random trees
 * it never ended above plain expansion; it is the default for that reason.
 *
 * The plain move (`parentMoves: false`, kept for comparison) lets every node keep its label or take α. It is a binary
 * energy in x_p ∈ {0 keep, 1 take α}, built as Kolmogorov & Zabih (2004) require: a pair term with values
 * A = E(0,0), B = E(0,1), C = E(1,0), D = E(1,1) is exact as a cut when B + C ≥ A + D. That holds here because the
 * Potts pairs are a metric and the parent–child costs satisfy the paper's Theorem 2; the infinite entries of
 * Constraint 1 only ever sit off the diagonal (A is the current, feasible labelling; D = V(α, α) = 0), so they become
 * infinite edges that forbid a move, never a cost the cut cannot express. Likewise Dp(ξ) = ∞ for a leaf is an
 * infinite s → p edge in the ξ-move. Plain expansion can stop where the paper says it does (a parent that should
 * turn invisible while only some of its children take α needs two moves, and the first alone may cost more than it
 * saves; a test shows such a stop).
 */
import { BkMaxFlow } from './bkMaxFlow.ts';
import {
  gcutsEnergy,
  leafMask,
  pairCost,
  parentChildCost,
  validateGcutsProblem,
  type GcutsProblem,
} from './gcutsEnergy.ts';
import { parentMove, ParentMoveWorkspace, plainOnlyNodes } from './parentMove.ts';
import type { GcutsPhaseTimes } from './gcutsPhaseTimes.ts';

export interface AlphaExpansionResult {
  labels: Int32Array;
  energy: number;
  /** Energy of the start and after every accepted move, in order (never rising). */
  energies: number[];
  /** Moves tried, accepted or not. */
  movesTried: number;
}

export interface AlphaExpansionOptions {
  /** A feasible starting labelling; default: the visible label with the lowest total Dp, everywhere. */
  initial?: Int32Array;
  /** Safety stop on full rounds over the labels (each accepted move lowers the energy, so it ends anyway). */
  maxRounds?: number;
  /**
   * Use the parent move (parentMove.ts, the paper's third construction stage made exact) instead of the plain
   * expansion move: leaves keep or take α, internal nodes take their best labels under Constraint 1. Default true.
   */
  parentMoves?: boolean;
  /** For the bench: the moves' graph building and max-flow times are added here (gcutsPhaseTimes.ts). */
  times?: GcutsPhaseTimes;
}

export function alphaExpansion(problem: GcutsProblem, options: AlphaExpansionOptions = {}): AlphaExpansionResult {
  validateGcutsProblem(problem);
  const leaf = leafMask(problem.parent);
  const plainOnly = (options.parentMoves ?? true) ? plainOnlyNodes(problem, leaf) : null;
  const workspace = plainOnly ? new ParentMoveWorkspace(problem) : null;
  let labels = options.initial ? Int32Array.from(options.initial) : uniformStart(problem);
  let energy = gcutsEnergy(problem, labels, leaf);
  if (!(energy < Infinity)) throw new Error('alphaExpansion: the initial labelling breaks a constraint');
  const energies = [energy];
  const labelTotal = problem.labelCount + 1; // ξ is expanded like any other label
  const maxRounds = options.maxRounds ?? 1000;
  let movesTried = 0;
  let sinceImprovement = 0;
  const maxMoves = maxRounds * labelTotal;
  for (let alpha = 0; sinceImprovement < labelTotal && movesTried < maxMoves; alpha = (alpha + 1) % labelTotal) {
    movesTried++;
    sinceImprovement++;
    const moved = plainOnly && workspace
      ? parentMove(problem, labels, alpha, leaf, plainOnly, { workspace, times: options.times }).labels
      : expansionMove(problem, labels, alpha, leaf);
    // Most moves change nothing (ties keep their labels): no energy to compare then.
    if (sameLabels(moved, labels)) continue;
    const movedEnergy = gcutsEnergy(problem, moved, leaf);
    // Relative tolerance: a cut that only reshuffles float noise is not progress and could cycle.
    if (movedEnergy < energy - 1e-12 * Math.max(1, Math.abs(energy))) {
      labels = moved;
      energy = movedEnergy;
      energies.push(energy);
      sinceImprovement = 0;
    }
  }
  return { labels, energy, energies, movesTried };
}

/** The labelling reached by the best α-expansion move from `labels` (a minimum cut; ties move to α). */
export function expansionMove(
  problem: GcutsProblem,
  labels: Int32Array,
  alpha: number,
  leaf = leafMask(problem.parent),
): Int32Array {
  const { parent, labelCount, unary, parentChildWeight, pairP, pairQ, pairWeight } = problem;
  const n = parent.length;
  const xi = labelCount;
  const width = labelCount + 1;
  const network = new BkMaxFlow(n, 2 * n + pairP.length);
  // delta[p] = E_p(1) − E_p(0), the unary part after folding in the pair terms' linear parts.
  const delta = new Float64Array(n);
  for (let p = 0; p < n; p++) {
    const current = labels[p];
    if (current === alpha) continue;
    delta[p] = alpha === xi && leaf[p] === 1 ? Infinity : unary[p * width + alpha] - unary[p * width + current];
  }

  const addPair = (p: number, q: number, a: number, b: number, c: number, d: number): void => {
    if (b === Infinity && c === Infinity) {
      // x_p = x_q is forced; what is left is a + (d − a)·x_p.
      network.addEdge(p, q, Infinity, Infinity);
      delta[p] += d - a;
    } else if (b === Infinity) {
      // a + (c − a)·x_p + (d − c)·x_q + ∞·(1 − x_p)·x_q
      network.addEdge(p, q, Infinity);
      delta[p] += c - a;
      delta[q] += d - c;
    } else if (c === Infinity) {
      // a + (b − a)·x_q + (d − b)·x_p + ∞·x_p·(1 − x_q)
      network.addEdge(q, p, Infinity);
      delta[q] += b - a;
      delta[p] += d - b;
    } else {
      // a + (c − a)·x_p + (d − c)·x_q + (b + c − a − d)·(1 − x_p)·x_q; the last weight is ≥ 0 by Theorem 2.
      const coupling = b + c - a - d;
      if (coupling < -1e-9 * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(d))) {
        throw new Error(`alphaExpansion: pair (${p}, ${q}) is not graph-representable for α = ${alpha}`);
      }
      network.addEdge(p, q, Math.max(0, coupling));
      delta[p] += c - a;
      delta[q] += d - c;
    }
  };

  for (let q = 0; q < n; q++) {
    const p = parent[q];
    if (p < 0) continue;
    const w = parentChildWeight[q];
    const lq = labels[q];
    const lp = labels[p];
    // Variables in (child, parent) order: E(x_child, x_parent).
    addPair(
      q,
      p,
      parentChildCost(lq, lp, w, xi),
      parentChildCost(lq, alpha, w, xi),
      parentChildCost(alpha, lp, w, xi),
      parentChildCost(alpha, alpha, w, xi),
    );
  }
  for (let e = 0; e < pairP.length; e++) {
    const p = pairP[e];
    const q = pairQ[e];
    const w = pairWeight[e];
    const lp = labels[p];
    const lq = labels[q];
    addPair(p, q, pairCost(lp, lq, w), pairCost(lp, alpha, w), pairCost(alpha, lq, w), 0);
  }
  for (let p = 0; p < n; p++) {
    if (delta[p] > 0) network.addTerminal(p, delta[p], 0);
    else if (delta[p] < 0) network.addTerminal(p, 0, -delta[p]);
  }

  network.maxFlow();
  const moved = Int32Array.from(labels);
  for (let p = 0; p < n; p++) if (!network.inSourceSide(p)) moved[p] = alpha;
  return moved;
}

function sameLabels(a: Int32Array, b: Int32Array): boolean {
  for (let v = 0; v < a.length; v++) if (a[v] !== b[v]) return false;
  return true;
}

/** The paper's start, S0 : N → L \ {ξ}, with the one label that fits the nodes' Dp best. */
function uniformStart(problem: GcutsProblem): Int32Array {
  const { parent, labelCount, unary } = problem;
  const width = labelCount + 1;
  let best = 0;
  let bestTotal = Infinity;
  for (let label = 0; label < labelCount; label++) {
    let total = 0;
    for (let v = 0; v < parent.length; v++) total += unary[v * width + label];
    if (total < bestTotal) {
      bestTotal = total;
      best = label;
    }
  }
  return new Int32Array(parent.length).fill(best);
}
