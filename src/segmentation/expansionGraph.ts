/**
 * A submodular energy of binary variables, built as an s–t graph and minimised by one max-flow (Kolmogorov & Zabih
 * 2004): E(x) = constant + Σ linear·x_a + Σ d·x_a·x_b (d ≤ 0) + hard implications x_a ≤ x_b. The minimum cut's
 * value plus the constant is the minimum of E, and the cut's sides are a minimiser: x = 1 on the sink side.
 *
 * Multi-state variables whose states are ordered (a chain s_0 < s_1 < … < s_{m−1}) are encoded by m − 1 threshold
 * bits, bit k = [state ≥ k] with bit k+1 ≤ bit k (Ishikawa 2003); a pair term between two chains is a cut exactly
 * when its table is submodular on the chains (Schlesinger & Flach 2006), which `addChainPair` checks.
 *
 * A bit reference is a variable index ≥ 0 or one of the constants ZERO / ONE, so callers can write terms on states
 * that are fixed in a given move without special cases. Cost tables are plain arrays the caller may reuse: the
 * graph is built once per move, and per-term allocations were most of its time. For the same reason one graph serves
 * every move of an α-expansion: `reset` empties it and keeps its arrays.
 */
import { BkMaxFlow } from './bkMaxFlow.ts';

export type BitRef = number;
export const ZERO: BitRef = -1;
export const ONE: BitRef = -2;

export class ExpansionGraph {
  variableCount = 0;
  private constant = 0;
  // linear[a]: coefficient of x_a; folded into terminal edges only when solving, so signs can cancel first.
  private linear = new Float64Array(0);
  // Only the sink tree grows: the few bits that lean to change are where the flow is (bkMaxFlow.ts).
  private readonly network = new BkMaxFlow(0, 16, true);
  private solved = false;

  constructor(variableCount: number, edgeHint = 2 * variableCount) {
    this.reset(variableCount, edgeHint);
  }

  /** Empties the graph for `variableCount` variables, keeping its arrays when they are large enough. */
  reset(variableCount: number, edgeHint = 2 * variableCount): this {
    this.variableCount = variableCount;
    if (variableCount > this.linear.length) this.linear = new Float64Array(Math.max(variableCount, 2 * this.linear.length));
    else this.linear.fill(0, 0, variableCount);
    this.constant = 0;
    this.network.reset(variableCount, edgeHint);
    this.solved = false;
    return this;
  }

  addConstant(value: number): void {
    this.constant += value;
  }

  /** coefficient · x_a */
  addLinear(a: BitRef, coefficient: number): void {
    if (coefficient === 0 || a === ZERO) return;
    if (a === ONE) this.constant += coefficient;
    else this.linear[a] += coefficient;
  }

  /** coefficient · x_a · x_b, with coefficient ≤ 0 (tiny positive float noise is dropped). */
  addProduct(a: BitRef, b: BitRef, coefficient: number, tolerance = 0): void {
    if (coefficient === 0 || a === ZERO || b === ZERO) return;
    if (a === ONE) return this.addLinear(b, coefficient);
    if (b === ONE || a === b) return this.addLinear(a, coefficient);
    if (coefficient > 0) {
      if (coefficient > tolerance) throw new Error(`ExpansionGraph: product term ${coefficient} > 0 is not submodular`);
      return;
    }
    // d·x_a·x_b = d·x_a + |d|·x_a·(1 − x_b): the edge b → a is cut exactly when b is on the source side and a is not.
    this.addLinear(a, coefficient);
    this.network.addEdge(b, a, -coefficient);
  }

  /** Forbids x_a = 1 with x_b = 0. */
  addImplication(a: BitRef, b: BitRef): void {
    if (a === ZERO || b === ONE || a === b) return;
    if (a === ONE && b === ZERO) throw new Error('ExpansionGraph: an implication 1 ≤ 0 has no solution');
    if (a === ONE) this.network.addTerminal(b, 0, Infinity);
    else if (b === ZERO) this.network.addTerminal(a, Infinity, 0);
    else this.network.addEdge(b, a, Infinity);
  }

  /**
   * Chains are stored as contiguous bits: a variable with m states owns bits first .. first + m − 2, and bit
   * first + k − 1 is [state ≥ k]. This adds the chain's own order, bit k+1 ≤ bit k.
   */
  addChainOrder(first: number, bitCount: number): void {
    for (let k = 1; k < bitCount; k++) this.addImplication(first + k, first + k - 1);
  }

  /** cost[i] for the chain's state i, as a telescoping sum over its thresholds. */
  addChainUnary(first: number, bitCount: number, cost: ArrayLike<number>): void {
    this.constant += cost[0];
    for (let k = 1; k <= bitCount; k++) this.addLinear(first + k - 1, cost[k] - cost[k - 1]);
  }

  /**
   * cost[i·mv + j] for state i of chain u (mu states) and state j of chain v (mv states): f(i, j) = f(0,0)
   * + Σ_{k≤i} (f(k,0) − f(k−1,0)) + Σ_{l≤j} (f(0,l) − f(0,l−1)) + Σ_{k≤i, l≤j} Δ(k,l), with the mixed differences
   * Δ(k,l) = f(k,l) − f(k−1,l) − f(k,l−1) + f(k−1,l−1) the coefficients of x_{u,k}·x_{v,l}. Throws unless every
   * Δ ≤ 0, i.e. unless the table is submodular on the two chains.
   */
  addChainPair(firstU: number, bitsU: number, firstV: number, bitsV: number, cost: ArrayLike<number>): void {
    const mu = bitsU + 1;
    const mv = bitsV + 1;
    let scale = 0;
    for (let i = 0; i < mu * mv; i++) scale = Math.max(scale, Math.abs(cost[i]));
    this.constant += cost[0];
    for (let k = 1; k < mu; k++) this.addLinear(firstU + k - 1, cost[k * mv] - cost[(k - 1) * mv]);
    for (let l = 1; l < mv; l++) this.addLinear(firstV + l - 1, cost[l] - cost[l - 1]);
    for (let k = 1; k < mu; k++) {
      for (let l = 1; l < mv; l++) {
        const mixed = cost[k * mv + l] - cost[(k - 1) * mv + l] - cost[k * mv + l - 1] + cost[(k - 1) * mv + l - 1];
        this.addProduct(firstU + k - 1, firstV + l - 1, mixed, 1e-12 * scale);
      }
    }
  }

  /** Minimises the energy; returns its minimum (∞ when the implications admit no assignment). */
  minimize(): number {
    const offset = this.foldLinear(this.constant);
    const flow = this.network.maxFlow();
    this.solved = true;
    return offset + flow;
  }

  /**
   * Puts the linear terms on terminal edges; returns `offset` plus what they add to the constant. A loop of its own,
   * not inline in `minimize`: V8 compiled minimize on-stack while in this loop, before the sum after the flow had
   * ever run, and then deoptimised at that sum on every later call (node --trace-deopt: once per move).
   */
  private foldLinear(offset: number): number {
    const { linear, network } = this;
    for (let a = 0; a < this.variableCount; a++) {
      const c = linear[a];
      if (c > 0) network.addTerminal(a, c, 0);
      else if (c < 0) {
        // c·x = c + |c|·(1 − x): the edge a → t is cut when a stays on the source side.
        offset += c;
        network.addTerminal(a, 0, -c);
      }
    }
    return offset;
  }

  /** After `minimize`: the bit's value in the minimiser (1 = sink side; ties go to 0, no change). */
  value(a: BitRef): 0 | 1 {
    if (a === ZERO) return 0;
    if (a === ONE) return 1;
    if (!this.solved) throw new Error('ExpansionGraph: value before minimize');
    return this.network.inSourceSide(a) ? 0 : 1;
  }
}
