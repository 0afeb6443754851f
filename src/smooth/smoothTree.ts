import { smoothResultOf, validateSmoothProblem, type SmoothProblem, type SmoothResult } from './smoothProblem.ts';
import { rankedScores } from './rankedScores.ts';
import { appendGridSum, appendOwnTerm, GridArray, GridKinks } from './gridArray.ts';
import { KinkTree, KinkTreeCurve } from './kinkTree.ts';
import { capExcursions } from './excursions.ts';
import { ExcursionBounds } from './excursionBounds.ts';
import { NewSegmentRanges, valueGivenParent } from './newSegmentRanges.ts';
import { smoothTreeBySubtreeOfShape } from './smoothTreeBySubtree.ts';
import type { TreeShape } from './treeShape.ts';

/**
 * Functions with more kinks than this live in the KinkTree; smaller ones are plain sorted arrays, cheaper to add and
 * to walk when they are that small (most nodes of a page are leaves or hold a few leaves). Not much larger: a chain
 * node copies its whole array, and at 1024 kinks that cost more than the tree's walks on spines and caterpillars
 * (to see it again, pass `(p) => smoothTreeWithArrayLimit(p, limit)` as benchShapes' `solve` in benchSmoothing.ts
 * at both limits). Nor much smaller: at 0, each leg of a caterpillar would become a tree of its own.
 */
const ARRAY_KINKS = 256;

/** Up to this mean depth smoothTree hands the problem to smoothTreeBySubtree (see smoothTree). */
const SHALLOW_MEAN_DEPTH = 64;

/**
 * Exact regularized tree isotonic regression (000 §4, L1, node weights and penalties). A tree of mean depth up to
 * SHALLOW_MEAN_DEPTH (page trees) goes to smoothTreeBySubtree, whose work is the sum of the nodes' depths with a small
 * constant; a deeper one (chains of wrappers) to the walk below, whose work does not grow with depth.
 *
 * The walk: the dynamic program of smoothDense, but each node's subtree cost f_i is kept as a line through the m
 * scores given by its kinks only, and turned into the cost given the parent by capping its excursions
 * (excursions.ts), not by a pass over all of it; a node that surely caps nothing (its child's bound on how far its
 * cost rises, raised by the node's own terms, stays under its penalty: excursionBounds.ts) skips even that. A node's
 * children are added into the largest child's function (small into large: a kink moves O(log n) times), so a chain
 * of wrappers costs O(n log m) rather than n × depth. The scores are sorted once (rankedScores.ts).
 * Large functions live in a KinkTree (kinkTree.ts: a segment tree over the score ranks whose leaves hold runs of
 * up to BUCKET_KINKS kinks, with lines added lazily), small ones in sorted arrays (gridArray.ts). Memory is the
 * unfinished children's functions plus, per node, the few ranges of parent values where it starts a segment.
 */
export function smoothTree(problem: SmoothProblem): SmoothResult {
  const shape = validateSmoothProblem(problem);
  const { topDown } = shape;
  const depth = new Int32Array(problem.parents.length);
  let depthSum = 0;
  for (let k = 1; k < topDown.length; k++) {
    const c = topDown[k];
    depth[c] = depth[problem.parents[c]] + 1;
    depthSum += depth[c];
  }
  return depthSum <= SHALLOW_MEAN_DEPTH * topDown.length
    ? smoothTreeBySubtreeOfShape(problem, shape)
    : smoothTreeOfShape(problem, shape, ARRAY_KINKS);
}

/**
 * smoothTree with functions of more than `arrayKinks` kinks kept in the KinkTree, whose leaves hold up to
 * `bucketKinks` kinks (kinkTree.ts's BUCKET_KINKS if not given): the results are the same for any limits (up to the
 * last bit of a tie), which the tests check by forcing every function into the tree (limit 0) and into leaves of 2
 * kinks (so that small trees have inner nodes).
 */
export function smoothTreeWithArrayLimit(problem: SmoothProblem, arrayKinks: number, bucketKinks?: number):
  SmoothResult {
  return smoothTreeOfShape(problem, validateSmoothProblem(problem), arrayKinks, bucketKinks);
}

/** smoothTreeWithArrayLimit of a problem already validated, whose shape is given. */
function smoothTreeOfShape(problem: SmoothProblem, shape: TreeShape, arrayKinks: number,
  bucketKinks?: number): SmoothResult {
  const { childStart, childList, topDown, root } = shape;
  const { parents, scores, weights, penalties } = problem;
  const n = scores.length;
  const { s, rank } = rankedScores(scores);
  if (s.length === 1) return smoothResultOf(problem, new Float64Array(n).fill(s[0]));

  // g of the children not yet summed into their parent: small ones as ranges of this stack (children come before
  // parents in reversed pre-order, and a subtree is processed as one block, so when node i comes up the arrays of
  // its children are exactly the ranges on top), large ones as trees of the pool.
  const pending = new GridKinks(1024);
  const pendingFrom = new Int32Array(n);
  const pendingTo = new Int32Array(n);
  const treeOf = new Int32Array(n);
  const tree = new KinkTree(s, bucketKinks);
  const large = new KinkTreeCurve(tree, s, 0);
  const small = new GridArray(s);
  const own = new GridKinks(4);
  const smallSum = new GridKinks(64);
  const sum = new PairwiseGridSum(s);
  // Leaves whose g is their own term (the cap changed nothing), which a large parent adds as such.
  const plainLeaf = new Uint8Array(n);
  const ranges = new NewSegmentRanges();
  const rangesFrom = new Int32Array(n);
  const rangesTo = new Int32Array(n);
  const bounds = new ExcursionBounds(n, s);
  let best = 0;

  for (let k = n - 1; k >= 0; k--) {
    const i = topDown[k];
    const w = weights === undefined ? 1 : weights[i];
    if (childStart[i] === childStart[i + 1] && w * (s[rank[i]] - s[0]) <= penalties[i]) {
      // A leaf whose own term rises no more than its penalty from its score down to rank 0: the walk would cap
      // nothing (caterpillars' legs on page-like penalties), so g is the term and the node starts no segment. Any other
      // leaf the walk caps.
      plainLeaf[i] = 1;
      rangesFrom[i] = rangesTo[i] = ranges.length;
      pendingFrom[i] = pending.length;
      appendOwnTerm(pending, s, rank[i], w);
      pendingTo[i] = pending.length;
      continue;
    }
    let biggest = -1;
    let firstPending = pending.length;
    let allPlain = true;
    let largeChildren = 0;
    for (let e = childStart[i]; e < childStart[i + 1]; e++) {
      const c = childList[e];
      if (treeOf[c] !== 0) {
        largeChildren++;
        if (biggest < 0 || tree.size(treeOf[c]) > tree.size(treeOf[biggest])) biggest = c;
      } else {
        firstPending = Math.min(firstPending, pendingFrom[c]);
        if (plainLeaf[c] === 0) allPlain = false;
      }
    }
    // The own term as an array, unless it goes to a large child's tree by itself (below).
    if (biggest < 0 || !allPlain) {
      own.length = 0;
      appendOwnTerm(own, s, rank[i], w);
    }
    let isLarge = true;
    if (biggest >= 0) {
      // The own term and the small children are summed as arrays first and added to the tree in one walk; but
      // when the small children are only leaves their cap left alone (a caterpillar's legs, on page-like penalties)
      // or there are none, each of those is an own term too, and each own term is added by its own walk down the
      // path to its score: cheaper than addKinks' walk to every kink of the sum and to both ends (caterpillars
      // 1.1–1.2× faster, spines unchanged: `npx tsx src/cli/bench/benchSmoothingShapes.ts` against the code before).
      let r = treeOf[biggest];
      if (allPlain) {
        r = tree.addOwnTerm(r, rank[i], w);
        for (let e = childStart[i]; e < childStart[i + 1]; e++) {
          const c = childList[e];
          if (treeOf[c] === 0) r = tree.addOwnTerm(r, rank[c], weights === undefined ? 1 : weights[c]);
        }
      } else {
        sum.start(own);
        for (let e = childStart[i]; e < childStart[i + 1]; e++) {
          const c = childList[e];
          if (treeOf[c] === 0) sum.add(pending, pendingFrom[c], pendingTo[c]);
        }
        smallSum.length = 0;
        sum.finishInto(smallSum);
        r = tree.addKinks(treeOf[biggest], smallSum, 0, smallSum.length);
      }
      for (let e = childStart[i]; e < childStart[i + 1]; e++) {
        const c = childList[e];
        if (c !== biggest && treeOf[c] !== 0) r = tree.merge(r, treeOf[c]);
      }
      large.root = r;
    } else {
      sum.start(own);
      for (let e = childStart[i]; e < childStart[i + 1]; e++) {
        const c = childList[e];
        sum.add(pending, pendingFrom[c], pendingTo[c]);
      }
      small.kinks.length = 0;
      sum.finishInto(small.kinks);
      if (small.kinks.length > arrayKinks) {
        large.root = tree.build(small.kinks, 0, small.kinks.length);
      } else {
        isLarge = false;
      }
    }
    pending.length = firstPending;
    const curve = isLarge ? large : small;
    if (i === root) {
      best = capExcursions(curve, s, 0, null);
      break;
    }
    rangesFrom[i] = ranges.length;
    if (isLarge && largeChildren === 1 && allPlain && bounds.known(biggest)) {
      // f is the large child's g plus own terms only (the node's and its plain leaves'): its bound may show that the
      // walk would cap nothing.
      bounds.inherit(i, biggest);
      bounds.addTerm(i, s[rank[i]], w);
      for (let e = childStart[i]; e < childStart[i + 1]; e++) {
        const c = childList[e];
        if (treeOf[c] === 0) bounds.addTerm(i, s[rank[c]], weights === undefined ? 1 : weights[c]);
      }
    }
    if (!bounds.known(i) || !bounds.capsNothing(i, penalties[i])) {
      capExcursions(curve, s, penalties[i], ranges, isLarge ? bounds : undefined, i);
    }
    rangesTo[i] = ranges.length;
    if (isLarge) {
      treeOf[i] = large.root;
    } else {
      pendingFrom[i] = pending.length;
      pending.append(small.kinks);
      pendingTo[i] = pending.length;
    }
  }

  // Top-down: the root takes its best score, each child keeps its parent's value or starts a segment.
  const values = new Float64Array(n);
  values[root] = s[best];
  for (let k = 1; k < n; k++) {
    const c = topDown[k];
    values[c] = valueGivenParent(ranges, rangesFrom[c], rangesTo[c], values[parents[c]]);
  }
  return smoothResultOf(problem, values);
}

/**
 * The sum of a node's own term and its children's small functions, merged in pairs so that a node with k children
 * costs N·log k rather than N·k. Two scratch buffers take turns holding the partial sums.
 */
class PairwiseGridSum {
  private readonly scratch = [new GridKinks(1024), new GridKinks(1024)];
  // The terms to add, as ranges of buffers; reused from node to node, as is everything here.
  private buffers: GridKinks[] = [];
  private from: number[] = [];
  private to: number[] = [];
  private count = 0;

  constructor(private readonly s: Float64Array) {}

  start(own: GridKinks): void {
    this.count = 0;
    this.add(own, 0, own.length);
  }

  add(buffer: GridKinks, from: number, to: number): void {
    this.buffers[this.count] = buffer;
    this.from[this.count] = from;
    this.to[this.count++] = to;
  }

  finishInto(dst: GridKinks): void {
    const { buffers, from, to, s } = this;
    let round = 0;
    while (this.count > 2) {
      // Each round writes into the scratch buffer the previous round did not write, so its inputs stay intact;
      // term t/2 of the next round overwrites term t only after reading it.
      const out = this.scratch[round++ % 2];
      out.length = 0;
      let kept = 0;
      for (let t = 0; t < this.count; t += 2) {
        const start = out.length;
        if (t + 1 === this.count) out.append(buffers[t], from[t], to[t]);
        else appendGridSum(out, s, buffers[t], from[t], to[t], buffers[t + 1], from[t + 1], to[t + 1]);
        buffers[kept] = out;
        from[kept] = start;
        to[kept++] = out.length;
      }
      this.count = kept;
    }
    if (this.count === 1) dst.append(buffers[0], from[0], to[0]);
    else appendGridSum(dst, s, buffers[0], from[0], to[0], buffers[1], from[1], to[1]);
  }
}
