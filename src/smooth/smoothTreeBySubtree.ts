import { smoothResultOf, validateSmoothProblem, type SmoothProblem, type SmoothResult } from './smoothProblem.ts';
import type { TreeShape } from './treeShape.ts';
import { Breakpoints } from './breakpoints.ts';
import { addAbsoluteTermInPlace, appendAbsoluteTerm, appendCopy, appendSum, appendWithAbsoluteTerm }
  from './piecewiseSum.ts';
import { appendCostGivenParent, fillNewSegmentCosts, type AboveCost, type NewSegmentCosts } from './givenParent.ts';
import { appendNewSegmentRanges, NewSegmentRanges, valueGivenParent } from './newSegmentRanges.ts';

/**
 * smoothTree's solver for shallow trees (mean depth ≤ SHALLOW_MEAN_DEPTH: page trees), and the oracle the tests hold
 * the kink-tree solver to (same values and segments).
 *
 * Exact regularized tree isotonic regression (000 §4, L1, node weights and penalties): the dynamic program of
 * smoothDense, but each node's subtree cost f_i is a piecewise-linear function whose breakpoints are its subtree's
 * scores plus a few crossing points, instead of a table over all m scores. Time is about the sum of subtree sizes
 * (n × depth on page trees) instead of n × m; memory is what the unfinished parents hold plus, per node, the few
 * ranges of parent values where it starts a segment. givenParent.ts says why this is exact.
 */
export function smoothTreeBySubtree(problem: SmoothProblem): SmoothResult {
  return smoothTreeBySubtreeOfShape(problem, validateSmoothProblem(problem));
}

/** smoothTreeBySubtree of a problem already validated, whose shape is given (smoothTree validates first). */
export function smoothTreeBySubtreeOfShape(problem: SmoothProblem, shape: TreeShape): SmoothResult {
  const { childStart, childList, topDown, root } = shape;
  const { parents, scores, weights, penalties } = problem;
  const n = scores.length;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    lo = Math.min(lo, scores[i]);
    hi = Math.max(hi, scores[i]);
  }

  // g_c of the children not yet summed into their parent. Children come before parents in reversed pre-order,
  // and the subtree of a node is processed as one block, so when node i comes up the g of its children are exactly
  // the ranges on top of this stack.
  const pending = new Breakpoints(1024);
  const pendingFrom = new Int32Array(n);
  const pendingTo = new Int32Array(n);
  const ranges = new NewSegmentRanges();
  const rangesFrom = new Int32Array(n);
  const rangesTo = new Int32Array(n);
  const sum = new PairwiseSum();
  const cost = new Breakpoints(1024);
  const above: AboveCost = { first: 0, last: -1 };
  let newSegment: NewSegmentCosts = { cost: new Float64Array(1024), target: new Float64Array(1024) };

  for (let k = n - 1; k >= 0; k--) {
    const i = topDown[k];
    sum.start(scores[i], weights === undefined ? 1 : weights[i], lo, hi);
    let firstPending = pending.length;
    for (let e = childStart[i]; e < childStart[i + 1]; e++) {
      const c = childList[e];
      sum.add(pending, pendingFrom[c], pendingTo[c]);
      firstPending = Math.min(firstPending, pendingFrom[c]);
    }
    cost.length = 0;
    sum.finishInto(cost);
    pending.length = firstPending;
    if (newSegment.cost.length < cost.length) {
      newSegment = { cost: new Float64Array(2 * cost.length), target: new Float64Array(2 * cost.length) };
    }
    if (i === root) break;
    fillNewSegmentCosts(cost, 0, cost.length, penalties[i], newSegment);
    pendingFrom[i] = pending.length;
    const startsSegments = appendCostGivenParent(pending, cost, 0, cost.length, newSegment.cost, above);
    pendingTo[i] = pending.length;
    rangesFrom[i] = ranges.length;
    if (startsSegments) appendNewSegmentRanges(ranges, cost, 0, cost.length, newSegment, above);
    rangesTo[i] = ranges.length;
  }

  // Top-down: the root takes its best score (the root is processed last, so `cost` still holds f_root), each
  // child keeps its parent's value or starts a segment.
  const values = new Float64Array(n);
  values[root] = bestScore(cost);
  for (let k = 1; k < n; k++) {
    const c = topDown[k];
    values[c] = valueGivenParent(ranges, rangesFrom[c], rangesTo[c], values[parents[c]]);
  }
  return smoothResultOf(problem, values);
}

/** The score where f is least (the smallest such on ties). */
function bestScore(f: Breakpoints): number {
  let best = -1;
  for (let i = 0; i < f.length; i++) if (f.isScore[i] && (best < 0 || f.value[i] < f.value[best])) best = i;
  return f.at[best];
}

/**
 * The sum of a node's own term and its children's g, merged in pairs so that a node with k children costs
 * N·log k rather than N·k. Two scratch buffers take turns holding the partial sums. The own term comes last, added
 * by formula rather than merged as a function of three breakpoints: half the nodes of a page wrap a single child,
 * and for them that is one pass of copying.
 *
 * Tried and dropped (2026-11-29): the last sum, the own term and fillNewSegmentCosts in one pass right to left (the
 * costs need the least f right of each breakpoint), to spare two passes over f. Same values, no faster: a 100k
 * DOM-like tree took 65.2–67.7 ms median in three runs of `npx tsx src/cli/bench/benchSmoothingShapes.ts`, against
 * 65.2–66.9 in four runs before. The passes are a few operations per breakpoint each, not memory-bound; what a
 * page tree costs is how many breakpoints there are (1.73M summed over that tree's nodes, 17 a node).
 */
class PairwiseSum {
  private x = 0;
  private w = 0;
  private lo = 0;
  private hi = 0;
  private readonly scratch = [new Breakpoints(1024), new Breakpoints(1024)];
  // The terms to add, as ranges of buffers; reused from node to node, as is everything here.
  private buffers: Breakpoints[] = [];
  private from: number[] = [];
  private to: number[] = [];
  private count = 0;

  start(x: number, w: number, lo: number, hi: number): void {
    this.x = x;
    this.w = w;
    this.lo = lo;
    this.hi = hi;
    this.count = 0;
  }

  add(buffer: Breakpoints, from: number, to: number): void {
    this.buffers[this.count] = buffer;
    this.from[this.count] = from;
    this.to[this.count++] = to;
  }

  finishInto(dst: Breakpoints): void {
    const { buffers, from, to } = this;
    if (this.count === 0) {
      appendAbsoluteTerm(dst, this.x, this.w, this.lo, this.hi);
      return;
    }
    if (this.count === 1) {
      appendWithAbsoluteTerm(dst, buffers[0], from[0], to[0], this.x, this.w);
      return;
    }
    // The largest child is added once, at the end: in the pairwise rounds it would be copied once per round, and a
    // page node's children are mostly one large subtree beside a few small ones.
    let largest = 0;
    for (let t = 1; t < this.count; t++) if (to[t] - from[t] > to[largest] - from[largest]) largest = t;
    const largeBuffer = buffers[largest];
    const largeFrom = from[largest];
    const largeTo = to[largest];
    this.count--;
    buffers[largest] = buffers[this.count];
    from[largest] = from[this.count];
    to[largest] = to[this.count];
    let round = 0;
    while (this.count > 1) {
      // Each round writes into the scratch buffer the previous round did not write, so its inputs stay intact;
      // term t/2 of the next round overwrites term t only after reading it.
      const out = this.scratch[round++ % 2];
      out.length = 0;
      let kept = 0;
      for (let t = 0; t < this.count; t += 2) {
        const start = out.length;
        if (t + 1 === this.count) appendCopy(out, buffers[t], from[t], to[t]);
        else appendSum(out, buffers[t], from[t], to[t], buffers[t + 1], from[t + 1], to[t + 1]);
        buffers[kept] = out;
        from[kept] = start;
        to[kept++] = out.length;
      }
      this.count = kept;
    }
    const first = dst.length;
    appendSum(dst, buffers[0], from[0], to[0], largeBuffer, largeFrom, largeTo);
    addAbsoluteTermInPlace(dst, first, this.x, this.w);
  }
}
