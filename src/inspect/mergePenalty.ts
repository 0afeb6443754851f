/**
 * The penalty factor at which a segment would merge with its parent segment: what inspect mode shows as "merges at
 * c = …" next to the slider's c.
 *
 * The smoothing (000 §4, src/smooth/smoothProblem.ts) minimises
 *
 *     cost_c(y) = Σ_j w_j·|x_j − y_j| + Σ_j γ_j(c)·[j is the root or y_j ≠ y_parent(j)],   γ_j(c) = c·A/A_j,
 *
 * so a penalty is paid once per segment root, whatever the size of the step there, and every γ_j is linear in c.
 *
 * Definition ("holding the rest of the smoothing fixed"): take a segment S — its root r (valued v, its parent p
 * valued u ≠ v) and the nodes of r's subtree that keep the value v, i.e. not inside a nested segment. Merging sets
 * every node of S to u and changes nothing else. Then
 *
 *     cost_c(merged) − cost_c(current) = Δfit − c·G,
 *     Δfit = Σ_{j ∈ S} w_j·(|x_j − u| − |x_j − v|),
 *     G    = γ_r(1) + Σ { γ_k(1) : k a nested segment root valued u },
 *
 * exactly: r stops paying its penalty, a nested root k keeps paying unless its value becomes its parent's (never
 * under the isotonic order, where nested values are above v > u, but counted all the same), and nothing outside
 * S ∪ {edges out of S} changes. The merge pays off for every c above c* = Δfit / G, and c* is what this file
 * answers (0 when merging costs nothing even without penalties).
 *
 * What it is not: the c at which a full re-smoothing first merges the segment. As c grows the rest of the page
 * re-segments too (the parent segment's value moves, nested segments merge first), which can bring the merge earlier
 * or later. Two things hold exactly and are tested: a segment of the optimum at c has c* ≥ c (else merging it would
 * have been cheaper at c), and when the page is just this segment and its parent segment with nothing else able to
 * move, the real smoothing merges it exactly above c*.
 */

/** The smoothing problem as the merge needs it: penalties per unit of c instead of at one c. */
export interface MergeProblem {
  /** Parent of each node in pre-order (parents[0] = -1, parents[j] < j), as buildSmoothingProblem orders them. */
  parents: ArrayLike<number>;
  /** The scores x the smoothing took. */
  scores: ArrayLike<number>;
  /** w ≥ 0; 1 for every node when left out. */
  weights?: ArrayLike<number>;
  /** γ_j(1): the penalties at c = 1 (areaPenalties is linear in c). */
  unitPenalties: ArrayLike<number>;
}

/** The segment root of node q under `values`: q or its nearest ancestor valued differently from its own parent. */
export function segmentRootOf(parents: ArrayLike<number>, values: ArrayLike<number>, q: number): number {
  let r = q;
  while (parents[r] !== -1 && values[parents[r]] === values[r]) r = parents[r];
  return r;
}

/**
 * c* for the segment rooted at `root` (see the file's comment); null for the root of the whole tree, which has no
 * parent segment, and when no penalty can pay for the merge (G = 0 and Δfit > 0). One pass over the root's subtree.
 */
export function mergePenaltyFactor(problem: MergeProblem, values: ArrayLike<number>, root: number): number | null {
  const { parents, scores, weights, unitPenalties } = problem;
  const n = parents.length;
  if (values.length !== n || scores.length !== n || unitPenalties.length !== n) {
    throw new Error(`mergePenaltyFactor: ${n} nodes but ${values.length} values, ${scores.length} scores and ` +
      `${unitPenalties.length} penalties`);
  }
  if (!Number.isInteger(root) || root < 0 || root >= n) throw new Error(`mergePenaltyFactor: no node ${root} in ${n}`);
  const parent = parents[root];
  if (parent === -1) return null;
  const v = values[root];
  const u = values[parent];
  if (u === v) throw new Error(`node ${root} is not a segment root: it has its parent's value ${v}`);

  let fit = 0;
  let saved = unitPenalties[root];
  // Pre-order: root's subtree is the run of nodes after it whose parents lie at or after it. own[j − root] marks S.
  let end = root + 1;
  while (end < n && parents[end] >= root) end++;
  const own = new Uint8Array(end - root);
  for (let j = root; j < end; j++) {
    const inS = j === root || (own[parents[j] - root] === 1 && values[j] === v);
    if (inS) {
      own[j - root] = 1;
      const w = weights === undefined ? 1 : weights[j];
      fit += w * (Math.abs(scores[j] - u) - Math.abs(scores[j] - v));
    } else if (own[parents[j] - root] === 1 && values[j] === u) {
      // A nested segment root whose parent takes its value: it no longer starts a segment.
      saved += unitPenalties[j];
    }
  }
  if (fit <= 0) return 0;
  return saved > 0 ? fit / saved : null;
}
