/**
 * The GCuts energy of paper 003 (Chakrabarti, Kumar & Punera, WWW 2008), equation (1) under the domain constraints
 * (3)–(8) of §4.2:
 *
 *   E(S) = Σ_p Dp(S(p)) + Σ_{leaf pairs (p,q)} Vpq(S(p), S(q)) + Σ_{q child of p} Vqp(S(q), S(p))
 *
 * Labels are 0..labelCount−1 (visible segments) and `labelCount` itself, the invisible label ξ.
 * - (3) Dp(ξ) = ∞ for a leaf: only internal nodes may be invisible (the table's ξ column is ignored for leaves).
 * - Leaf pairs ("visually close neighbours") are Potts, by (7) and (8) with Vpq(α,α) = 0: cost w when the labels
 *   differ, 0 when they agree.
 * - Parent–child (child q, parent p, weight w): 0 when S(q) = S(p); w when S(p) = ξ and S(q) is visible, whatever
 *   S(q) is (5); ∞ when S(p) is visible and S(q) ≠ S(p) (4: Constraint 1, a visible parent's child is in its segment,
 *   so every ancestor of an invisible node is invisible). Both invisible costs 0: (7) puts ξ among the labels whose
 *   self-cost is the same zero, and such an edge separates nothing visible.
 *
 * All pair costs satisfy Theorem 2 (Vpq(i,j) ≥ Vpq(i,i)), which is what makes each α-expansion move a graph cut.
 */
export interface GcutsProblem {
  /** Parent of each node, pre-order: parent[0] = −1 and parent[v] < v for v > 0 (a forest: several −1 allowed). */
  parent: Int32Array;
  /** Number of visible labels; the invisible label is this number. */
  labelCount: number;
  /** Dp(label), row-major: unary[p * (labelCount + 1) + label], finite and ≥ 0 (ξ column unused for leaves). */
  unary: Float64Array;
  /** Weight of the edge between node v and parent[v] (ignored for roots), ≥ 0. */
  parentChildWeight: Float64Array;
  /** Potts edges between visually close nodes (the paper: leaves), p ≠ q, weights ≥ 0. */
  pairP: Int32Array;
  pairQ: Int32Array;
  pairWeight: Float64Array;
}

/** 1 for nodes without children: the only nodes that may not be invisible. */
export function leafMask(parent: Int32Array): Uint8Array {
  const leaf = new Uint8Array(parent.length).fill(1);
  for (let v = 0; v < parent.length; v++) if (parent[v] >= 0) leaf[parent[v]] = 0;
  return leaf;
}

/** Vqp for child label `child` and parent label `parent`, with `xi` the invisible label. */
export function parentChildCost(child: number, parent: number, weight: number, xi: number): number {
  if (child === parent) return 0;
  return parent === xi ? weight : Infinity;
}

/** Potts cost of a leaf pair. */
export function pairCost(a: number, b: number, weight: number): number {
  return a === b ? 0 : weight;
}

/** The energy (1) of `labels`, ∞ when it breaks (3) or Constraint 1. */
export function gcutsEnergy(problem: GcutsProblem, labels: ArrayLike<number>, leaf = leafMask(problem.parent)): number {
  const { parent, labelCount, unary, parentChildWeight, pairP, pairQ, pairWeight } = problem;
  const xi = labelCount;
  const width = labelCount + 1;
  let energy = 0;
  for (let v = 0; v < parent.length; v++) {
    const label = labels[v];
    if (label === xi && leaf[v] === 1) return Infinity;
    energy += unary[v * width + label];
    if (parent[v] >= 0) energy += parentChildCost(label, labels[parent[v]], parentChildWeight[v], xi);
  }
  for (let e = 0; e < pairP.length; e++) energy += pairCost(labels[pairP[e]], labels[pairQ[e]], pairWeight[e]);
  return energy;
}

/** Throws on a malformed problem, so the solver can trust its input. */
export function validateGcutsProblem(problem: GcutsProblem): void {
  const { parent, labelCount, unary, parentChildWeight, pairP, pairQ, pairWeight } = problem;
  const n = parent.length;
  if (!Number.isInteger(labelCount) || labelCount < 1) throw new Error(`gcuts: labelCount ${labelCount} < 1`);
  for (let v = 0; v < n; v++) {
    if (!(parent[v] === -1 || (parent[v] >= 0 && parent[v] < v))) throw new Error(`gcuts: parent[${v}] not pre-order`);
  }
  if (unary.length !== n * (labelCount + 1)) throw new Error('gcuts: unary must have n × (labelCount + 1) entries');
  for (let i = 0; i < unary.length; i++) {
    if (!(unary[i] >= 0 && unary[i] < Infinity)) throw new Error(`gcuts: unary[${i}] not finite and ≥ 0`);
  }
  if (parentChildWeight.length !== n) throw new Error('gcuts: parentChildWeight must have one entry per node');
  for (let v = 0; v < n; v++) {
    if (!(parentChildWeight[v] >= 0 && parentChildWeight[v] < Infinity)) throw new Error(`gcuts: bad weight at ${v}`);
  }
  if (pairQ.length !== pairP.length || pairWeight.length !== pairP.length) throw new Error('gcuts: pair arrays differ');
  for (let e = 0; e < pairP.length; e++) {
    const p = pairP[e];
    const q = pairQ[e];
    if (!(p >= 0 && p < n && q >= 0 && q < n && p !== q)) throw new Error(`gcuts: pair ${e} has bad nodes`);
    if (!(pairWeight[e] >= 0 && pairWeight[e] < Infinity)) throw new Error(`gcuts: pair ${e} has a bad weight`);
  }
}
