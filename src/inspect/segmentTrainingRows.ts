/**
 * The feature rows a person's label on a segment gives the personal model (issue 15, item 5). A label is about what
 * the person sees as one segment: its root and the nodes the segment owns — the smoothed (visible) nodes of the
 * root's subtree that are not inside a nested segment. Rows are capped and rounded because they are kept with the
 * label in storage.local, under the same size cap as the site memory.
 */
import type { LabelTrainingRows } from './nodeInspection.ts';
import type { NodeFeatures } from '../features/computeFeatures.ts';
import { FEATURE_INDEX } from '../features/featureSchema.ts';
import type { SmoothedPage } from '../pipeline/runPipeline.ts';
import { nodeArea, type PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { subtreeEnd } from '../snapshot/tree.ts';
import { checkNodeIndex } from './nodeIndex.ts';

/** Rows kept per labelled segment: the root and the largest nodes it owns, enough to say what it looks like. */
export const MAX_ROWS_PER_SEGMENT = 12;
/** Significant digits kept per feature value: each within 0.05% of itself, in about half the JSON of a double. */
export const ROW_DIGITS = 4;

/**
 * Rows of the segment rooted at `root` under `smoothed`: the root first (even when it is not a segment root of this
 * smoothing, as a label mapped onto a changed page may not be, or is hidden), then the largest by area of the visible
 * nodes it owns, at most MAX_ROWS_PER_SEGMENT in all.
 */
export function segmentTrainingRows(s: PageSnapshot, features: NodeFeatures, smoothed: SmoothedPage, root: number):
  LabelTrainingRows {
  checkNodeIndex(root, s.count);
  const segmentRoot = new Uint8Array(s.count);
  for (const g of smoothed.segments) segmentRoot[g.node] = 1;
  const owned: number[] = [];
  const end = subtreeEnd(s, root);
  for (let j = root + 1; j < end;) {
    if (segmentRoot[j]) {
      j = subtreeEnd(s, j); // a nested segment: its nodes are its own
      continue;
    }
    if (smoothed.visibleNodes[smoothed.ownerOf[j]] === j) owned.push(j);
    j++;
  }
  owned.sort((a, b) => nodeArea(s, b) - nodeArea(s, a) || a - b);
  const nodes = [root, ...owned.slice(0, MAX_ROWS_PER_SEGMENT - 1)];
  const d = features.cols;
  return {
    features: nodes.map((i) => Array.from(features.data.subarray(i * d, (i + 1) * d), rounded)),
    areaFractions: nodes.map((i) => rounded(features.data[i * d + FEATURE_INDEX.areaFraction])),
  };
}

function rounded(x: number): number {
  return x === 0 || !Number.isFinite(x) ? x : Number(x.toPrecision(ROW_DIGITS));
}
