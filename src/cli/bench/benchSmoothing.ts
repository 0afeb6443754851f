import { performance } from 'node:perf_hooks';
import { smoothTree } from '../../smooth/smoothTree.ts';
import { smoothDense, smoothDenseCost } from '../../smooth/smoothDense.ts';
import { distinctScores } from '../../smooth/distinctScores.ts';
import type { SmoothProblem } from '../../smooth/smoothProblem.ts';
import { seededRandom } from '../../util/seededRandom.ts';

/** Page-like smoothing problem of n nodes, as the pipeline would hand it over (all nodes visible, in pre-order). */
export interface BenchTree {
  problem: SmoothProblem & {
    parents: Int32Array;
    scores: Float64Array;
    weights: Float64Array;
    penalties: Float64Array;
  };
  maxDepth: number;
  meanDepth: number;
}

/**
 * A DOM-like tree: half the inner elements are single-child wrappers, the others have 2–5 children, about 3% of large
 * ones are lists of 20–100 items, depth at most 40 (the rest hangs flat there); scores are bimodal like a
 * logistic classifier's (nearly all distinct), template-ness mostly inherited from the parent;
 * weights and penalties follow the problem builder (000 §5.3): w = 1 + hidden descendants, γ = c·A/max(Aᵢ, 2000).
 */
export function domLikeTree(n: number, seed: number, penaltyFactor = 0.01): BenchTree {
  const random = seededRandom(seed);
  const depthCap = 40;
  const nodes = new DrawnNodes(n, random, penaltyFactor);
  // Pending subtrees in pre-order: parent, number of nodes, area share of the parent.
  const stack: Array<{ parent: number; size: number; area: number }> = [{ parent: -1, size: n, area: PAGE_AREA }];
  let next = 0;
  while (stack.length > 0) {
    const { parent, size, area: a } = stack.pop()!;
    const i = next++;
    nodes.parents[i] = parent;
    nodes.draw(i, a);
    const below = size - 1;
    if (below === 0) continue;
    let k: number;
    if (nodes.depth[i] >= depthCap - 1) k = below; // at the depth cap the rest hangs flat under this node
    else if (below >= 40 && random() < 0.03) k = Math.min(below, 20 + Math.floor(random() * 81));
    else k = Math.min(below, random() < 0.5 ? 1 : 2 + Math.floor(random() * 4));
    const shares = Array.from({ length: k }, () => 0.02 + random() ** 3);
    const total = shares.reduce((s, x) => s + x, 0);
    // Split the nodes below among k children, each at least one node.
    const sizes = shares.map((s) => 1 + Math.floor(((below - k) * s) / total));
    let rest = below - sizes.reduce((s, x) => s + x, 0);
    for (let c = 0; rest > 0; c = (c + 1) % k, rest--) sizes[c]++;
    const keep = k === 1 ? 0.8 + 0.2 * random() : 0.9;
    for (let c = k - 1; c >= 0; c--) stack.push({ parent: i, size: sizes[c], area: (a * keep * shares[c]) / total });
  }
  return nodes.tree();
}

const PAGE_AREA = 1280 * 4000;

/**
 * What every generated tree draws per node the same way, once its parent is known: template-ness mostly inherited
 * from the parent, bimodal scores like a logistic classifier's (nearly all distinct), w = 1 + hidden descendants,
 * γ = c·A/max(Aᵢ, 2000) (the problem builder's rule, 000 §5.3).
 */
class DrawnNodes {
  readonly parents: Int32Array;
  readonly scores: Float64Array;
  readonly weights: Float64Array;
  readonly penalties: Float64Array;
  readonly depth: Int32Array;
  private readonly template: Uint8Array;

  constructor(n: number, private readonly random: () => number, private readonly penaltyFactor: number) {
    this.parents = new Int32Array(n);
    this.scores = new Float64Array(n);
    this.weights = new Float64Array(n);
    this.penalties = new Float64Array(n);
    this.depth = new Int32Array(n);
    this.template = new Uint8Array(n);
  }

  /** Node i, whose parent is set (and drawn already), with its on-screen area. */
  draw(i: number, area: number): void {
    const { random, template } = this;
    const p = this.parents[i];
    this.depth[i] = p < 0 ? 0 : this.depth[p] + 1;
    template[i] = p < 0 ? 0 : random() < 0.9 ? template[p] : 1 - template[p];
    const gauss = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    this.scores[i] = 1 / (1 + Math.exp(-((template[i] ? 2 : -2) + 1.2 * gauss)));
    this.weights[i] = random() < 0.7 ? 1 : 1 + Math.floor(-3 * Math.log(1 - random()));
    this.penalties[i] = (this.penaltyFactor * PAGE_AREA) / Math.max(area, 2000);
  }

  tree(): BenchTree {
    const { parents, scores, weights, penalties } = this;
    return { problem: { parents, scores, weights, penalties }, ...depthStats(this.depth) };
  }
}

/**
 * The worst case for smoothTreeBySubtree, whose time grows with the sum of subtree sizes (n × depth): a DOM-like
 * tree of n − spine nodes hung below a chain of `spine` wrappers, so that every wrapper's subtree is nearly the whole
 * page. smoothTree hands such a tree to its kink-tree walk instead.
 */
export function deepSpineTree(n: number, spine: number, seed: number): BenchTree {
  const base = domLikeTree(n - spine, seed);
  const parents = new Int32Array(n);
  const scores = new Float64Array(n);
  const weights = new Float64Array(n).fill(1);
  const penalties = new Float64Array(n).fill(base.problem.penalties[0]);
  for (let i = 0; i < spine; i++) {
    parents[i] = i - 1;
    scores[i] = base.problem.scores[0];
  }
  for (let j = 0; j < n - spine; j++) {
    const p = base.problem.parents[j];
    parents[spine + j] = p < 0 ? spine - 1 : spine + p;
    scores[spine + j] = base.problem.scores[j];
    weights[spine + j] = base.problem.weights[j];
    penalties[spine + j] = base.problem.penalties[j];
  }
  return {
    problem: { parents, scores, weights, penalties },
    maxDepth: spine + base.maxDepth,
    // Wrappers sit at depths 0 … spine − 1; every other node is `spine` deeper than in the base tree.
    meanDepth: ((spine * (spine - 1)) / 2 + (n - spine) * (spine + base.meanDepth)) / n,
  };
}

/** The tree shapes the shape table times, each against a DOM-like tree of the same size. */
export const BENCH_SHAPES = ['DOM-like', 'spine', 'star', 'caterpillar', 'binary', 'random recursive'] as const;
export type BenchShape = (typeof BENCH_SHAPES)[number];

/** Parent of every node, in pre-order for every shape but the star (where it does not matter). */
function shapeParents(shape: Exclude<BenchShape, 'DOM-like'>, n: number, random: () => number): Int32Array {
  const parents = new Int32Array(n);
  parents[0] = -1;
  for (let i = 1; i < n; i++) {
    if (shape === 'spine') parents[i] = i - 1;
    else if (shape === 'star') parents[i] = 0;
    // A spine of odd nodes, each with one leaf (the even node after it).
    else if (shape === 'caterpillar') parents[i] = i % 2 === 1 ? Math.max(0, i - 2) : i - 1;
    else if (shape === 'binary') parents[i] = (i - 1) >> 1;
    else parents[i] = Math.floor(random() * i);
  }
  return parents;
}

/**
 * A smoothing problem of n nodes of the given shape. Scores, weights and penalties are drawn as in domLikeTree:
 * template-ness mostly inherited from the parent, bimodal scores, w = 1 + hidden descendants, γ = c·A/max(Aᵢ, 2000)
 * with a node's area a share of its parent's (0.8–1 for an only child, 0.9 split evenly among several).
 */
export function shapedTree(shape: BenchShape, n: number, seed: number, penaltyFactor = 0.01): BenchTree {
  if (shape === 'DOM-like') return domLikeTree(n, seed, penaltyFactor);
  const random = seededRandom(seed);
  const nodes = new DrawnNodes(n, random, penaltyFactor);
  nodes.parents.set(shapeParents(shape, n, random));
  const parents = nodes.parents;
  const children = new Int32Array(n);
  for (let i = 0; i < n; i++) if (parents[i] >= 0) children[parents[i]]++;
  const area = new Float64Array(n);
  // Every parent index is below its children's, so one pass in index order sees parents first.
  for (let i = 0; i < n; i++) {
    const p = parents[i];
    area[i] = p < 0 ? PAGE_AREA : area[p] * (children[p] === 1 ? 0.8 + 0.2 * random() : 0.9 / children[p]);
    nodes.draw(i, area[i]);
  }
  return nodes.tree();
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** V8 heap plus typed-array memory, in MB: smoothTree's memory is mostly typed arrays. */
function memoryMb(): number {
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
}

function timeMs<T>(run: () => T): { ms: number; result: T } {
  const t0 = performance.now();
  const result = run();
  return { ms: performance.now() - t0, result };
}

/** Is b the same optimum as a, up to rounding? */
function sameCost(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * (1 + Math.abs(a));
}

/** Median time of `runs` calls of `run`, in ms. */
function medianMs(runs: number, run: () => unknown): number {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) times.push(timeMs(run).ms);
  return median(times);
}

/**
 * Times smoothTree on every shape of BENCH_SHAPES at each size (median of `runs`, after warm-up), each shape's time
 * over the DOM-like one of the same size, and the largest DOM-like time over a Float64Array sort of as many values,
 * timed in the same run: the bars of issue 17 (no shape above 3×, 100k DOM-like within 7× the sort).
 */
export async function benchShapes(print: (line: string) => void, sizes: number[] = [3_000, 10_000, 100_000],
  runs = 5, solve: (problem: SmoothProblem) => unknown = smoothTree): Promise<void> {
  // Every shape as warm as DOM-like: one run of each left the deep trees' walk (the only code they reach) half
  // compiled when the 3k column was timed, which then varied from run to run (a worker smoothing page after page is
  // warm).
  for (let r = 0; r < 20; r++) for (const shape of BENCH_SHAPES) solve(shapedTree(shape, 2_000, 2 + r).problem);
  print(`smoothTree by tree shape: median of ${runs} runs after warm-up; ratio = time / DOM-like time of the same n.`);
  print(`nodes    ${BENCH_SHAPES.map((shape) => shape.padStart(17)).join('')}`);
  let largestDom = NaN;
  for (const n of sizes) {
    const cells: string[] = [];
    let dom = NaN;
    for (const shape of BENCH_SHAPES) {
      const { problem } = shapedTree(shape, n, 20070508 + n);
      const ms = medianMs(runs, () => solve(problem));
      if (shape === 'DOM-like') dom = ms;
      cells.push(`${ms.toFixed(1)} ms ${(ms / dom).toFixed(1)}×`.padStart(17));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    largestDom = dom;
    print(`${String(n).padEnd(8)} ${cells.join('')}`);
  }
  const n = sizes[sizes.length - 1];
  const random = seededRandom(17);
  const values = new Float64Array(n);
  const sortTimes: number[] = [];
  for (let r = 0; r < runs; r++) {
    for (let i = 0; i < n; i++) values[i] = random();
    sortTimes.push(timeMs(() => values.sort()).ms);
  }
  const sort = median(sortTimes);
  print(`Float64Array.prototype.sort of ${n} random values: ${sort.toFixed(2)} ms; DOM-like ${n} nodes / sort = ` +
    `${(largestDom / sort).toFixed(1)}×`);
}

/**
 * Times the exact fast solver on DOM-like trees and, up to 20k nodes, the dense table twice: in full (table kept for
 * the backtrack, n·m doubles) and cost-only (rows recycled: the same arithmetic without the memory traffic).
 */
export async function benchSmoothing(print: (line: string) => void,
  sizes: number[] = [1_000, 5_000, 20_000, 100_000], shapeSizes: number[] = [3_000, 10_000, 100_000]): Promise<void> {
  await benchShapes(print, shapeSizes);
  print('');
  print('smoothTree: median of 5 runs (3 at 100k), after 20 warm-up runs on a 2000-node tree;');
  print('memory: largest rise of V8 heap + typed arrays over a run (approximate: the garbage collector may run).');
  print('dense: one run each; "full" keeps the n×m table for the backtrack, "cost" only the rows in use.');
  print('');
  // The first calls run unoptimised code: report one, then warm up so that the table shows steady-state speed
  // (a worker smoothing page after page is warm; the first page of a session is not).
  const first = domLikeTree(1_000, 1).problem;
  const cold = timeMs(() => smoothTree(first)).ms;
  const warm = domLikeTree(2_000, 2).problem;
  for (let r = 0; r < 20; r++) smoothTree(warm);
  smoothDense(warm);
  smoothDenseCost(warm);
  print(`first smoothTree call of the process (cold JIT), 1000 nodes: ${cold.toFixed(1)} ms`);
  print('nodes   depth mean/max  m (distinct)  smoothTree ms  memory MB  dense full ms  dense cost ms  ' +
    'speed-up full/cost  exact');
  for (const n of sizes) {
    const { problem, maxDepth, meanDepth } = domLikeTree(n, 20070508 + n);
    const m = distinctScores(problem.scores).length;
    const runs = n >= 100_000 ? 3 : 5;
    const times: number[] = [];
    let treeCost = NaN;
    let memory = 0;
    for (let r = 0; r < runs; r++) {
      const before = memoryMb();
      const { ms, result } = timeMs(() => smoothTree(problem));
      memory = Math.max(memory, memoryMb() - before);
      times.push(ms);
      treeCost = result.cost;
    }
    const tree = median(times);
    let dense = ['—', '—', '—', '—'];
    if (n <= 20_000) {
      const full = timeMs(() => smoothDense(problem));
      const costOnly = timeMs(() => smoothDenseCost(problem));
      const exact = sameCost(full.result.cost, treeCost) && sameCost(costOnly.result, treeCost);
      dense = [
        full.ms.toFixed(0),
        costOnly.ms.toFixed(0),
        `${(full.ms / tree).toFixed(0)}× / ${(costOnly.ms / tree).toFixed(0)}×`,
        `${exact ? 'yes' : 'NO'} (${treeCost.toFixed(9)} vs ${full.result.cost.toFixed(9)})`,
      ];
    }
    print(
      `${String(n).padEnd(7)} ${`${meanDepth.toFixed(1)}/${maxDepth}`.padEnd(15)} ${String(m).padEnd(13)} ` +
        `${tree.toFixed(1).padStart(13)}  ${memory.toFixed(1).padStart(9)}  ${dense[0].padStart(13)}  ` +
        `${dense[1].padStart(13)}  ${dense[2].padStart(18)}  ${dense[3]}`,
    );
    // Let the garbage collector and the event loop breathe between sizes.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (!sizes.includes(20_000)) return;
  print('');
  print('Worst case (time grows with n × depth): 20000 nodes below a chain of wrappers, one run each.');
  print('spine   depth max  smoothTree ms  dense cost ms  speed-up  exact');
  for (const spine of [300, 1000, 3000]) {
    const { problem, maxDepth } = deepSpineTree(20_000, spine, 20070508);
    const tree = timeMs(() => smoothTree(problem));
    const dense = timeMs(() => smoothDenseCost(problem));
    print(`${String(spine).padEnd(7)} ${String(maxDepth).padEnd(10)} ${tree.ms.toFixed(0).padStart(13)}  ` +
      `${dense.ms.toFixed(0).padStart(13)}  ${`${(dense.ms / tree.ms).toFixed(1)}×`.padStart(8)}  ` +
      `${sameCost(dense.result, tree.result.cost) ? 'yes' : 'NO'}`);
  }
}

/** The deepest node's depth and the mean depth, which the tables print beside each tree. */
function depthStats(depth: ArrayLike<number>): { maxDepth: number; meanDepth: number } {
  let depthSum = 0;
  let maxDepth = 0;
  for (let i = 0; i < depth.length; i++) {
    depthSum += depth[i];
    maxDepth = Math.max(maxDepth, depth[i]);
  }
  return { maxDepth, meanDepth: depthSum / Math.max(1, depth.length) };
}
