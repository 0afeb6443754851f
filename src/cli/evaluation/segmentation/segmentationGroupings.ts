/**
 * Leaf groupings compared by the segmentation evaluation. The items are the visible leaves of the smoothing problem
 * (nodes of at least minArea with no such child: what a segmentation can actually separate), each weighing the same.
 * Pure: no DOM, no Node.
 */
import { adjustedRandIndex, normalizedMutualInformation } from '../../../eval/clusterAgreement.ts';

/**
 * Winnow's grouping: each leaf belongs to its nearest enclosing segment root (the innermost segment containing it;
 * the page root is always one). Returned as the root's node index per leaf.
 */
export function segmentLeafGroups(parents: ArrayLike<number>, leaves: ArrayLike<number>,
  segmentRoots: ArrayLike<number>): Int32Array {
  const isRoot = new Set<number>(Array.from(segmentRoots));
  const out = new Int32Array(leaves.length);
  for (let k = 0; k < leaves.length; k++) {
    let node = leaves[k];
    while (node >= 0 && !isRoot.has(node)) node = parents[node];
    out[k] = node; // -1 only if the roots miss the page root, which the smoothing never does
  }
  return out;
}

/** The human grouping: each leaf's block (by the per-node block index the capture read), -1 outside every block. */
export function humanLeafGroups(leaves: ArrayLike<number>, blockOfNode: ArrayLike<number>): Int32Array {
  return Int32Array.from(Array.from(leaves, (leaf) => blockOfNode[leaf]));
}

export interface Agreement {
  /** NaN when fewer than two leaves are compared (agreement on one item says nothing). */
  ari: number;
  nmi: number;
  /** Leaves compared: those inside some human block. */
  leaves: number;
  /** Distinct groups among the compared leaves, predicted and human. */
  groups: number;
  humanGroups: number;
}

/**
 * ARI and NMI over the leaves that people put in a block. Leaves outside every block are dropped: the annotators
 * left them unassigned (whitespace wrappers, tracking pixels, page chrome no one marked), and lumping them into one
 * "rest" cluster would reward or punish a segmentation for how it splits material nobody judged.
 */
export function agreementOnLabelledLeaves(predicted: ArrayLike<number>, human: ArrayLike<number>): Agreement {
  const p: number[] = [];
  const h: number[] = [];
  for (let k = 0; k < human.length; k++) {
    if (human[k] < 0) continue;
    p.push(predicted[k]);
    h.push(human[k]);
  }
  const enough = p.length >= 2;
  return {
    ari: enough ? adjustedRandIndex(p, h) : NaN,
    nmi: enough ? normalizedMutualInformation(p, h) : NaN,
    leaves: p.length,
    groups: new Set(p).size,
    humanGroups: new Set(h).size,
  };
}
