import { smoothResultOf, validateSmoothProblem, type SmoothProblem, type SmoothResult } from './smoothProblem.ts';
import { distinctScores } from './distinctScores.ts';

/*
 * The plain dynamic program of 000 §4 (BuildError + IsotoneSmooth) over the m sorted distinct scores
 * s_0 < … < s_m−1, in O(n·m) time. It is the oracle smoothTree is tested against, so it stays as direct as possible:
 *
 *   f_i(s_j) = w_i·|x_i − s_j| + Σ_children c g_c(s_j), the least cost of i's subtree when y_i = s_j;
 *   g_c(s_j) = min( f_c(s_j), γ_c + min_{k > j} f_c(s_k) ): the child keeps its parent's value or pays γ_c to start a
 *   segment at a strictly larger score;
 *   optimum  = γ_root + min_j f_root(s_j).
 */

/** The largest table a Float64Array can hold in Node 20 (4 GiB of doubles). */
const MAX_TABLE = 2 ** 29;

/**
 * The optimum with its values, by the dense table. Memory is O(n·m) as well: a row of m costs per node is kept for
 * the backtrack (3.2 GB for n = m = 20k).
 */
export function smoothDense(problem: SmoothProblem): SmoothResult {
  const { childStart, childList, topDown, root } = validateSmoothProblem(problem);
  const { parents, scores, penalties } = problem;
  const n = scores.length;
  const s = distinctScores(scores);
  const m = s.length;
  if (n * m > MAX_TABLE) throw new Error(`smoothDense: a table of ${n} × ${m} costs is too large`);
  // One allocation for all rows: thousands of separate large arrays make the garbage collector run over and over.
  const all = new Float64Array(n * m);
  const row = (i: number) => all.subarray(i * m, (i + 1) * m);
  for (let k = n - 1; k >= 0; k--) {
    const i = topDown[k];
    fillSubtreeCost(problem, s, i, row(i));
    for (let e = childStart[i]; e < childStart[i + 1]; e++) {
      addCostGivenParent(row(i), row(childList[e]), penalties[childList[e]]);
    }
  }

  const index = new Int32Array(n);
  index[root] = argminFrom(row(root), 0);
  for (let k = 1; k < n; k++) {
    const c = topDown[k];
    const j = index[parents[c]];
    const fc = row(c);
    const above = argminFrom(fc, j + 1);
    // Ties keep the parent's value.
    index[c] = above >= 0 && penalties[c] + fc[above] < fc[j] ? above : j;
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = s[index[i]];
  return smoothResultOf(problem, values);
}

/**
 * The optimal cost only, by the same table, keeping only the rows of nodes whose parent is unfinished: the dense
 * program's arithmetic without its O(n·m) memory, so that benchmarks compare computation with computation.
 */
export function smoothDenseCost(problem: SmoothProblem): number {
  const { childStart, childList, topDown, root } = validateSmoothProblem(problem);
  const { scores, penalties } = problem;
  const s = distinctScores(scores);
  const rows: (Float64Array | undefined)[] = new Array(scores.length);
  const spare: Float64Array[] = [];
  for (let k = scores.length - 1; k >= 0; k--) {
    const i = topDown[k];
    const f = spare.pop() ?? new Float64Array(s.length);
    fillSubtreeCost(problem, s, i, f);
    for (let e = childStart[i]; e < childStart[i + 1]; e++) {
      const c = childList[e];
      addCostGivenParent(f, rows[c]!, penalties[c]);
      spare.push(rows[c]!);
      rows[c] = undefined;
    }
    rows[i] = f;
  }
  const f = rows[root]!;
  return penalties[root] + f[argminFrom(f, 0)];
}

/** f ← w_i·|x_i − s_j|: node i's own term. */
function fillSubtreeCost(problem: SmoothProblem, s: Float64Array, i: number, f: Float64Array): void {
  const w = problem.weights === undefined ? 1 : problem.weights[i];
  const x = problem.scores[i];
  for (let j = 0; j < s.length; j++) f[j] = w * Math.abs(x - s[j]);
}

/** f ← f + g_c, g_c(s_j) = min(f_c(s_j), γ_c + min_{k > j} f_c(s_k)). */
function addCostGivenParent(f: Float64Array, fc: Float64Array, penalty: number): void {
  let bestAbove = Infinity;
  for (let j = fc.length - 1; j >= 0; j--) {
    f[j] += Math.min(fc[j], penalty + bestAbove);
    if (fc[j] < bestAbove) bestAbove = fc[j];
  }
}

/** Index of the first smallest entry of f at or after `from`, -1 if there is none. */
function argminFrom(f: Float64Array, from: number): number {
  let best = -1;
  for (let j = from; j < f.length; j++) if (best < 0 || f[j] < f[best]) best = j;
  return best;
}
