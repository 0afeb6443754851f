/**
 * The two baselines of 000 §6.1, on the same visible nodes the smoothing sees.
 * - PageLevel Basic: the classifier's raw score of each node, no smoothing (every node is its own segment).
 * - PageLevel Basic+Merge: adjacent leaves (in document order) are grouped while their scores differ by less than δ.
 */

/**
 * Basic's per-node value: a visible node keeps its own score; a hidden node (rolled into a visible ancestor) takes
 * the score of the node it was rolled into, as it would under smoothing.
 */
export function basicValues(scores: ArrayLike<number>, ownerOf: ArrayLike<number>, nodeOf: ArrayLike<number>):
  Float64Array {
  const out = new Float64Array(ownerOf.length);
  for (let i = 0; i < ownerOf.length; i++) out[i] = scores[nodeOf[ownerOf[i]]];
  return out;
}

/** Visible nodes with no visible child, in document order. `visible` lists page nodes in pre-order. */
export function visibleLeaves(parents: ArrayLike<number>, visible: ArrayLike<number>): number[] {
  const hasVisibleChild = new Set<number>();
  for (let k = 0; k < visible.length; k++) {
    const p = parents[visible[k]];
    if (p >= 0) hasVisibleChild.add(p);
  }
  const leaves: number[] = [];
  for (let k = 0; k < visible.length; k++) if (!hasVisibleChild.has(visible[k])) leaves.push(visible[k]);
  return leaves.sort((a, b) => a - b);
}

/**
 * Basic+Merge: a group id per leaf; consecutive leaves share a group while their scores differ by less than
 * `delta` (the paper finds the best δ by exhaustive search).
 */
export function basicMergeGroups(leaves: number[], scores: ArrayLike<number>, delta: number): Int32Array {
  const groups = new Int32Array(leaves.length);
  let group = 0;
  for (let k = 1; k < leaves.length; k++) {
    if (Math.abs(scores[leaves[k]] - scores[leaves[k - 1]]) >= delta) group++;
    groups[k] = group;
  }
  return groups;
}

/**
 * Basic+Merge's per-node value: each visible leaf takes the mean score of its merged group, inner visible nodes keep
 * their own score, hidden nodes take the value of the node they were rolled into (as in `basicValues`).
 */
export function basicMergeValues(parents: ArrayLike<number>, scores: ArrayLike<number>, ownerOf: ArrayLike<number>,
  nodeOf: ArrayLike<number>, delta: number): Float64Array {
  const leaves = visibleLeaves(parents, nodeOf);
  const groups = basicMergeGroups(leaves, scores, delta);
  const groupCount = leaves.length ? groups[leaves.length - 1] + 1 : 0;
  const sum = new Float64Array(groupCount);
  const size = new Float64Array(groupCount);
  leaves.forEach((leaf, k) => {
    sum[groups[k]] += scores[leaf];
    size[groups[k]]++;
  });
  const visibleValue = new Map<number, number>();
  for (let k = 0; k < nodeOf.length; k++) visibleValue.set(nodeOf[k], scores[nodeOf[k]]);
  leaves.forEach((leaf, k) => visibleValue.set(leaf, sum[groups[k]] / size[groups[k]]));
  const out = new Float64Array(ownerOf.length);
  for (let i = 0; i < ownerOf.length; i++) out[i] = visibleValue.get(nodeOf[ownerOf[i]]) as number;
  return out;
}
