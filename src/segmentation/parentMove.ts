/**
 * The parent move: paper 003's third graph-construction stage (§4.2), rebuilt so that its cut is exactly the energy
 * (1) of the labelling it decodes to.
 *
 * WHAT THE PAPER'S GADGET REPRESENTS. For a parent u with children q_1..q_k the paper adds copies u(s), u(t) and the
 * edges s→u(s), u(s)→q_i, q_i→u(t), u(t)→t, all of weight c = Σ_q V_qu(S(q), ξ). Write x_i = 1 when q_i takes α (sink
 * side). The cheapest side for u(s) costs min(c, c·Σx_i) = c·[some child moves], for u(t) c·[some child stays], so
 * the gadget adds c + c·[the children split]: a P^n Potts clique (Kohli, Kumar & Torr 2007). Read as "u keeps its
 * label when no child moves, takes α when all do, and turns ξ, paying Σ_q w_q, when they split", that is the energy
 * (1), up to the constant c, only for a u that is visible now, is a root (or below invisible nodes) and has only
 * leaves as children, with Dp(u) left out. In general it is not:
 *  - Dp(u) has nowhere to go. The graph's nodes are leaves ∪ P(s) ∪ P(t), yet stage one adds Dp edges "for all
 *    p ∈ N". With u's label forced by its children (unchanged / α / ξ) the term is a cut only if
 *    Dp_u(ξ) + c ≥ Dp_u(S(u)) and Dp_u(ξ) + c ≥ Dp_u(α) (for a root u; the P^n condition γ_max ≥ γ_k), which
 *    learned Dp break.
 *  - For a parent that is invisible now, splitting its children costs nothing new, yet the gadget charges c; when
 *    they all take α, u may turn α and save c, which the gadget cannot express.
 *  - Deeper trees are left open. Only leaves are graph nodes, so a grandparent's edges to an internal child can only
 *    reach that child's copies, and at the finite weight c the copies' sides are not the parent's label (the gadget
 *    takes the cheaper side, whatever u's label is); the paper does not say how u's new label is read off the cut.
 *    A child that is ξ now adds V(ξ, ξ) = 0 to c, although it may turn α below an invisible u and then cost w.
 *
 * WHAT IS BUILT HERE. For a visible α the move space is
 *
 *   M_α(S) = { S' : S' meets (3) and Constraint 1, and every leaf has S'(q) ∈ {S(q), α} },
 *
 * leaves keep their label or take α, and internal nodes take whichever labels are best under Constraint 1. For ξ,
 * leaves keep their labels and internal nodes are again free. One exception keeps the move a cut: an internal node
 * that shares a Potts pair with another internal node keeps plain expansion's two choices {S(v), α} (see below). So
 * M_α(S) holds plain expansion's move space, and also the paper's forced labelling (a parent takes its children's
 * common label when they agree, else ξ). The move finds min over M_α(S) of E exactly: the cut value plus a constant is
 * that minimum and equals E of the decoded labelling.
 *
 * Why it is a cut. In S' ∈ M_α(S), a visible internal node's leaves all share its label, and a leaf's label is S(q)
 * or α; so every node v is κ(v), ξ or α, with κ(v) the common label of v's leaves in S (absent if they differ, or if
 * it is α; leaves are never ξ). Order these κ < ξ < α and encode v by the paper's two copies as threshold bits:
 * v(s) = [S'(v) ≠ κ(v)] and v(t) = [S'(v) = α], with v(t) ≤ v(s) (a bit whose state is absent is a constant). With
 * infinite edges to the children the copies' sides are u's state, which the paper's finite c does not give. For a
 * child c of u, Constraint 1 is then exactly
 *   c(s) ≤ u(s)  (u keeps ⇒ c keeps: the paper's u(s)→q edge, made infinite), and
 *   u(t) ≤ c(t)  (u takes α ⇒ c does: the paper's q→u(t) edge, made infinite),
 * which also give "c invisible ⇒ u invisible". On these pairs the parent–child cost (4)–(5) is
 *   V_cu = w_c·[u = ξ][c ≠ ξ] = w_c·([u = ξ] − [c = ξ]) = w_c·(u(s) − u(t) − c(s) + c(t)),
 * linear in the bits: each parent pays Σ_c w_c when it is ξ (the paper's weight c, on s→u(s) and u(t)→t), and each
 * node gets its own w back when it is ξ, since its edge to an invisible parent then costs nothing. Dp(v) is a unary
 * term on the chain. A Potts pair is a cut when its table is submodular on the chains; it is for leaf–leaf and
 * leaf–internal pairs, but between two internal nodes V(ξ,α) − V(κ,α) − V(ξ,ξ) + V(κ,ξ) = w > 0, hence the
 * exception above. For ξ the chains are κ < ξ and every pair is submodular.
 */
import { ExpansionGraph, ONE, ZERO, type BitRef } from './expansionGraph.ts';
import { leafMask, pairCost, type GcutsProblem } from './gcutsEnergy.ts';
import { PhaseClock, type GcutsPhaseTimes } from './gcutsPhaseTimes.ts';

export interface ParentMoveResult {
  labels: Int32Array;
  /** The minimum cut plus the graph's constant: E(labels), the least energy in the move space. */
  energy: number;
}

const MIXED = -1;
const UNSET = -2;

/** Internal nodes that share a Potts pair with another internal node: these keep plain expansion's choices. */
export function plainOnlyNodes(problem: GcutsProblem, leaf = leafMask(problem.parent)): Uint8Array {
  const plainOnly = new Uint8Array(problem.parent.length);
  for (let e = 0; e < problem.pairP.length; e++) {
    const p = problem.pairP[e];
    const q = problem.pairQ[e];
    if (leaf[p] === 0 && leaf[q] === 0) plainOnly[p] = plainOnly[q] = 1;
  }
  return plainOnly;
}

/**
 * What the moves of one α-expansion share, so that a move allocates nothing: the graph and the chains' arrays, and
 * Dp by label (unaryByLabel[label·n + v]) so that a move reads the columns of α and ξ in order instead of one
 * cache line per node from the row-major table.
 */
export class ParentMoveWorkspace {
  readonly graph = new ExpansionGraph(0);
  readonly unaryByLabel: Float64Array;
  readonly chains: Chains;
  readonly common: Int32Array;
  /** Per node, for one move: its "not κ" and "is α" bits, and the parent–child weight on its ξ state. */
  readonly notKeep: Int32Array;
  readonly top: Int32Array;
  readonly xiWeight: Float64Array;

  constructor(readonly problem: GcutsProblem) {
    const n = problem.parent.length;
    const width = problem.labelCount + 1;
    this.unaryByLabel = new Float64Array(n * width);
    for (let v = 0; v < n; v++) {
      for (let label = 0; label < width; label++) this.unaryByLabel[label * n + v] = problem.unary[v * width + label];
    }
    this.chains = {
      chainLabel: new Int32Array(3 * n), chainLength: new Uint8Array(n), bitStart: new Int32Array(n), bitCount: 0,
      keepIndex: new Int8Array(n), xiIndex: new Int8Array(n),
    };
    this.common = new Int32Array(n);
    this.notKeep = new Int32Array(n);
    this.top = new Int32Array(n);
    this.xiWeight = new Float64Array(n);
  }
}

/** The best labelling in M_α(S) (see the header), found by one minimum cut; ties stay down the chain κ < ξ < α. */
export function parentMove(
  problem: GcutsProblem,
  labels: Int32Array,
  alpha: number,
  leaf = leafMask(problem.parent),
  plainOnly = plainOnlyNodes(problem, leaf),
  { workspace = new ParentMoveWorkspace(problem), times }: {
    /** Made once per α-expansion and passed to each of its moves (for `problem`). */
    workspace?: ParentMoveWorkspace;
    times?: GcutsPhaseTimes;
  } = {},
): ParentMoveResult {
  const clock = new PhaseClock(times);
  if (workspace.problem !== problem) throw new Error('parentMove: the workspace was made for another problem');
  const n = problem.parent.length;
  const xi = problem.labelCount;
  const chains = buildChains(workspace, labels, alpha, xi, leaf, plainOnly);

  const graph = workspace.graph.reset(chains.bitCount, 4 * n + 2 * problem.pairP.length);
  addNodeTerms(graph, workspace, chains);
  addTreeTerms(graph, workspace, chains, problem, alpha !== xi);
  addPairTerms(graph, chains, problem);
  clock.lap('graph');
  const energy = graph.minimize();
  clock.lap('maxFlow');
  const moved = decodeMove(graph, chains, n);
  clock.lap('graph');
  return { labels: moved, energy };
}

// The move's terms, a loop each: V8 compiles a function whose one long loop is hot as a whole (see squaredGaps.ts).

/** Bit k of node v: [v's state ≥ k]; below 1 always true, from the chain's length on never. */
function threshold(chains: Chains, v: number, k: number): BitRef {
  if (k <= 0) return ONE;
  return k >= chains.chainLength[v] ? ZERO : chains.bitStart[v] + k - 1;
}

/**
 * Each node's Dp on its chain, and the chain's order; notes the bits the tree's terms read: "not κ" (bit 1 when κ is
 * in the chain, else always true) and "is α" (the chain's top bit).
 */
function addNodeTerms(graph: ExpansionGraph, workspace: ParentMoveWorkspace, chains: Chains): void {
  const { unaryByLabel, notKeep, top } = workspace;
  const { chainLabel, chainLength, bitStart, keepIndex } = chains;
  const n = chainLength.length;
  for (let v = 0; v < n; v++) {
    const m = chainLength[v];
    const first = bitStart[v];
    notKeep[v] = keepIndex[v] === 0 ? (m > 1 ? first : ZERO) : ONE;
    top[v] = m > 1 ? first + m - 2 : ONE;
    if (m === 3) graph.addImplication(first + 1, first);
    let cost = unaryByLabel[chainLabel[3 * v] * n + v];
    graph.addConstant(cost);
    for (let k = 1; k < m; k++) {
      const next = unaryByLabel[chainLabel[3 * v + k] * n + v];
      graph.addLinear(first + k - 1, next - cost);
      cost = next;
    }
  }
}

/** Constraint 1 on every parent–child edge, and its cost (4)–(5) as linear terms on the thresholds around ξ. */
function addTreeTerms(graph: ExpansionGraph, workspace: ParentMoveWorkspace, chains: Chains, problem: GcutsProblem,
  alphaVisible: boolean): void {
  const { parent, parentChildWeight } = problem;
  const { notKeep, top, xiWeight } = workspace;
  const n = parent.length;
  xiWeight.fill(0);
  for (let c = 0; c < n; c++) {
    const u = parent[c];
    if (u < 0) continue;
    // c leaves κ only if u does; u takes α only if c does (α tops every chain; for the ξ-move ξ does, and "u = ξ"
    // constrains nothing below it).
    graph.addImplication(notKeep[c], notKeep[u]);
    if (alphaVisible) graph.addImplication(top[u], top[c]);
    // w_c·([u = ξ] − [c = ξ]): summed per node, each indicator the difference of two thresholds (addXiTerms).
    xiWeight[u] += parentChildWeight[c];
    xiWeight[c] -= parentChildWeight[c];
  }
  addXiTerms(graph, xiWeight, chains);
}

function addXiTerms(graph: ExpansionGraph, xiWeight: Float64Array, chains: Chains): void {
  const { xiIndex } = chains;
  for (let v = 0; v < xiWeight.length; v++) {
    const w = xiWeight[v];
    if (xiIndex[v] < 0 || w === 0) continue;
    graph.addLinear(threshold(chains, v, xiIndex[v]), w);
    graph.addLinear(threshold(chains, v, xiIndex[v] + 1), -w);
  }
}

/** The Potts pairs on the chains (addSmallPair for two chains of at most two states, every leaf–leaf pair). */
function addPairTerms(graph: ExpansionGraph, chains: Chains, problem: GcutsProblem): void {
  const { pairP, pairQ, pairWeight } = problem;
  const { chainLabel, chainLength, bitStart } = chains;
  for (let e = 0; e < pairP.length; e++) {
    const p = pairP[e];
    const q = pairQ[e];
    const mp = chainLength[p];
    const mq = chainLength[q];
    if (mp <= 2 && mq <= 2) addSmallPair(graph, chainLabel, p, mp, bitStart[p], q, mq, bitStart[q], pairWeight[e]);
    else addChainPair(graph, chains, p, q, pairWeight[e]);
  }
}

/** A Potts pair with a chain of three states, as addChainPair's table. */
function addChainPair(graph: ExpansionGraph, chains: Chains, p: number, q: number, w: number): void {
  const { chainLabel, chainLength, bitStart } = chains;
  const mp = chainLength[p];
  const mq = chainLength[q];
  const table = new Float64Array(mp * mq);
  for (let i = 0; i < mp; i++) {
    for (let j = 0; j < mq; j++) table[i * mq + j] = pairCost(chainLabel[3 * p + i], chainLabel[3 * q + j], w);
  }
  graph.addChainPair(bitStart[p], mp - 1, bitStart[q], mq - 1, table);
}

/** Each node's state after the cut: the highest whose threshold bit is 1 (the bits of a chain are ordered). */
function decodeMove(graph: ExpansionGraph, chains: Chains, n: number): Int32Array {
  const { chainLabel, chainLength, bitStart } = chains;
  const moved = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    let state = 0;
    while (state < chainLength[v] - 1 && graph.value(bitStart[v] + state) === 1) state++;
    moved[v] = chainLabel[3 * v + state];
  }
  return moved;
}

/**
 * A Potts pair of two chains of at most two states each (every leaf–leaf pair): addChainPair's telescoping sum
 * written out, f(x_p, x_q) = f00 + (f10 − f00)·x_p + (f01 − f00)·x_q + Δ·x_p·x_q with Δ = f11 − f10 − f01 + f00.
 */
function addSmallPair(graph: ExpansionGraph, chainLabel: Int32Array, p: number, mp: number, bitP: number, q: number,
  mq: number, bitQ: number, w: number): void {
  const p0 = chainLabel[3 * p];
  const q0 = chainLabel[3 * q];
  const f00 = p0 === q0 ? 0 : w;
  graph.addConstant(f00);
  if (mp === 1 && mq === 1) return;
  if (mp === 1) {
    graph.addLinear(bitQ, (p0 === chainLabel[3 * q + 1] ? 0 : w) - f00);
    return;
  }
  const p1 = chainLabel[3 * p + 1];
  const f10 = p1 === q0 ? 0 : w;
  graph.addLinear(bitP, f10 - f00);
  if (mq === 1) return;
  const q1 = chainLabel[3 * q + 1];
  const f01 = p0 === q1 ? 0 : w;
  const f11 = p1 === q1 ? 0 : w;
  graph.addLinear(bitQ, f01 - f00);
  graph.addProduct(bitP, bitQ, f11 - f10 - f01 + f00, 1e-12 * w);
}

interface Chains {
  /** chainLabel[3v + i]: the label of node v's state i, states ordered κ < ξ < α (those present). */
  chainLabel: Int32Array;
  chainLength: Uint8Array;
  /** Node v's threshold bits are bitStart[v] .. bitStart[v] + chainLength[v] − 2. */
  bitStart: Int32Array;
  bitCount: number;
  /** 0 when the chain starts at κ(v), else −1. */
  keepIndex: Int8Array;
  /** Index of ξ in the chain, or −1. */
  xiIndex: Int8Array;
}

/** The chains of this move, written into the workspace's arrays. */
function buildChains(
  workspace: ParentMoveWorkspace,
  labels: Int32Array,
  alpha: number,
  xi: number,
  leaf: Uint8Array,
  plainOnly: Uint8Array,
): Chains {
  const { parent } = workspace.problem;
  const n = parent.length;
  const common = commonLeafLabels(parent, labels, leaf, workspace.common);
  const chains = workspace.chains;
  const { chainLabel, chainLength, keepIndex, xiIndex, bitStart } = chains;
  keepIndex.fill(-1);
  xiIndex.fill(-1);
  let bitCount = 0;
  for (let v = 0; v < n; v++) {
    const at = 3 * v;
    let m = 0;
    if (alpha !== xi && leaf[v] === 0 && plainOnly[v] === 1) {
      // Plain expansion's two choices; S(v) is κ(v) when visible, and ξ sits below α in the order.
      if (labels[v] !== alpha) {
        if (labels[v] === xi) xiIndex[v] = m;
        else keepIndex[v] = m;
        chainLabel[at + m++] = labels[v];
      }
      chainLabel[at + m++] = alpha;
    } else {
      if (common[v] >= 0 && common[v] !== alpha) {
        keepIndex[v] = m;
        chainLabel[at + m++] = common[v];
      }
      if (leaf[v] === 0) {
        xiIndex[v] = m;
        chainLabel[at + m++] = xi;
      }
      if (alpha !== xi) chainLabel[at + m++] = alpha;
    }
    chainLength[v] = m;
    bitStart[v] = bitCount;
    bitCount += m - 1;
  }
  chains.bitCount = bitCount;
  return chains;
}

/** κ(v): the label all leaves below v share in `labels`, or MIXED. Pre-order lets one backward pass merge them. */
function commonLeafLabels(parent: Int32Array, labels: Int32Array, leaf: Uint8Array, common: Int32Array): Int32Array {
  const n = parent.length;
  for (let v = 0; v < n; v++) common[v] = leaf[v] === 1 ? labels[v] : UNSET;
  for (let v = n - 1; v > 0; v--) {
    const p = parent[v];
    if (p < 0) continue;
    if (common[p] === UNSET) common[p] = common[v];
    else if (common[p] !== common[v]) common[p] = MIXED;
  }
  return common;
}
