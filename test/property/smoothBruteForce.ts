import type { SmoothProblem } from '../../src/smooth/smoothProblem.ts';

/**
 * The least objective over every assignment of candidate values that respects y_i ≥ y_parent(i), by exhaustive
 * search (pruned only when a partial cost already reaches the best total). Written without the solvers' helpers so
 * that it checks them independently.
 */
export function bruteForceCost(problem: SmoothProblem, candidates: number[]): number {
  const { parents, scores, weights, penalties } = problem;
  const n = parents.length;
  // Parents before children, by repeated sweeps: fine for a handful of nodes.
  const order: number[] = [];
  const placed = new Array<boolean>(n).fill(false);
  while (order.length < n) {
    for (let i = 0; i < n; i++) {
      if (!placed[i] && (parents[i] === -1 || placed[parents[i]])) {
        placed[i] = true;
        order.push(i);
      }
    }
  }
  const values = sortedUnique(candidates);
  const y = new Array<number>(n).fill(NaN);
  let best = Infinity;
  const visit = (k: number, partial: number): void => {
    if (partial >= best) return;
    if (k === n) {
      best = partial;
      return;
    }
    const i = order[k];
    const p = parents[i];
    const w = weights === undefined ? 1 : weights[i];
    for (const v of values) {
      if (p !== -1 && v < y[p]) continue;
      y[i] = v;
      const own = w * Math.abs(scores[i] - v) + (p === -1 || v !== y[p] ? penalties[i] : 0);
      visit(k + 1, partial + own);
    }
  };
  visit(0, 0);
  return best;
}

export function sortedUnique(xs: ArrayLike<number>): number[] {
  return [...new Set(Array.from(xs))].sort((a, b) => a - b);
}
