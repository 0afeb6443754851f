/**
 * CClus on a page (paper 003 §4.1): correlation clustering of the segmentation tree's leaves with v_pq = P(same
 * segment) from the learned all-pairs logistic model (the paper's v is the cost of separating, 1 − v of joining).
 * A page with up to MAX_LISTED_PAIRS leaf pairs lists them all; a bigger one lists each leaf's nearest leaves and
 * prices every other pair at the mean v of a seeded sample of them, so a 3,000-leaf page does not cost 4.5 M pairs.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { seededRandom } from '../util/seededRandom.ts';
import { correlationClustering, paperPair, type CorrelationPair } from './correlationClustering.ts';
import { nodeFeatures } from './nodeFeatures.ts';
import { compactSegments, type PageSegmentation } from './pageSegmentation.ts';
import { PAIR_FEATURE_COUNT, writePairFeatures } from './pairFeatures.ts';
import { pairProbability, type SegmentationModel } from './segmentationModel.ts';
import { segmentationTree } from './segmentationTree.ts';
import { smoothingGroups } from './smoothingGroups.ts';
import type { PageSegmenterInput } from './gcutsPage.ts';
import { visualNeighbours } from './visualNeighbours.ts';

export const MAX_LISTED_PAIRS = 300_000;

export interface CclusPageResult extends PageSegmentation {
  cost: number;
}

export function cclusPage(s: PageSnapshot, model: SegmentationModel,
  { tree = segmentationTree(s), scores, runs = 10, seed = 1 }: PageSegmenterInput & { runs?: number; seed?: number } = {}):
  CclusPageResult {
  const leaves = tree.leaves;
  const n = leaves.length;
  const features = nodeFeatures(s, tree.nodeOf, scores);
  const smoothSegments = scores ? smoothingGroups(s, tree, scores) : undefined;
  const row = new Float64Array(PAIR_FEATURE_COUNT);
  const v = (a: number, b: number) => {
    writePairFeatures(s, features, tree.nodeOf[leaves[a]], leaves[a], tree.nodeOf[leaves[b]], leaves[b], row, 0, smoothSegments);
    return pairProbability(model.anyPair, row, 0);
  };
  const pairs: CorrelationPair[] = [];
  let defaultV = 0;
  if ((n * (n - 1)) / 2 <= MAX_LISTED_PAIRS) {
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) pairs.push(paperPair(a, b, v(a, b)));
  } else {
    const near = visualNeighbours(s.rect, Array.from(leaves, (k) => tree.nodeOf[k]), { perLeaf: 30, maxGap: Infinity });
    const listed = new Set<number>();
    for (let e = 0; e < near.p.length; e++) {
      pairs.push(paperPair(near.p[e], near.q[e], v(near.p[e], near.q[e])));
      listed.add(near.p[e] * n + near.q[e]);
    }
    const random = seededRandom(seed);
    let sampled = 0;
    for (let t = 0; t < 2000; t++) {
      const a = Math.floor(random() * n);
      const b = Math.floor(random() * n);
      if (a === b || listed.has(Math.min(a, b) * n + Math.max(a, b))) continue;
      defaultV += v(a, b);
      sampled++;
    }
    defaultV = sampled > 0 ? defaultV / sampled : 0;
  }
  const solved = correlationClustering(
    { size: n, pairs, defaultTogether: 1 - defaultV, defaultApart: defaultV }, { runs, seed });
  const raw = new Int32Array(tree.parent.length).fill(-1);
  leaves.forEach((k, a) => { raw[k] = solved.clusters[a]; });
  return { method: 'cclus', tree, ...compactSegments(raw), cost: solved.cost };
}
