/**
 * Which page nodes the smoothing sees (000 §5.3): a node other than the root with area under minArea is hidden, with
 * its whole subtree, and rolled into its nearest visible ancestor, which then acts as 1 + (nodes rolled into it).
 */
export interface HiddenNodeRollup {
  /** Page node of each visible node, in page (pre-)order: problem index → page node. */
  nodeOf: Int32Array;
  /** Page node → problem index of the node itself if visible, else of the visible ancestor it was rolled into. */
  problemIndexOf: Int32Array;
  /** Per problem index: how many hidden page nodes were rolled into it. */
  hiddenCount: Int32Array;
}

/** `parents` must be in pre-order (parents[0] = -1, parents[i] < i): what a page snapshot guarantees. */
export function rollUpHiddenNodes(parents: ArrayLike<number>, areas: ArrayLike<number>, minArea: number):
  HiddenNodeRollup {
  const n = parents.length;
  if (areas.length !== n) throw new Error(`expected one area per node: ${areas.length} areas for ${n} nodes`);
  if (n === 0) throw new Error('the page tree is empty');
  if (parents[0] !== -1) throw new Error(`node 0 must be the root (parent -1), its parent is ${parents[0]}`);
  const hidden = new Uint8Array(n);
  const problemIndexOf = new Int32Array(n);
  const nodeOf: number[] = [0];
  const hiddenCount: number[] = [0];
  for (let i = 1; i < n; i++) {
    const p = parents[i];
    if (!Number.isInteger(p) || p < 0 || p >= i) {
      throw new Error(`page nodes must come in pre-order: node ${i} has parent ${p}`);
    }
    // "Not ≥" rather than "<": a NaN area (no box) is hidden too.
    if (hidden[p] || !(areas[i] >= minArea)) {
      hidden[i] = 1;
      problemIndexOf[i] = problemIndexOf[p];
      hiddenCount[problemIndexOf[p]]++;
    } else {
      problemIndexOf[i] = nodeOf.length;
      nodeOf.push(i);
      hiddenCount.push(0);
    }
  }
  return { nodeOf: Int32Array.from(nodeOf), problemIndexOf, hiddenCount: Int32Array.from(hiddenCount) };
}
