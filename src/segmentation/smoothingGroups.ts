/**
 * The isotonic smoothing's segments (paper 000 §4) on a segmentation tree, as a pair feature of GCuts and CClus
 * ("sameSmoothSegment", pairFeatures.ts). Paper 003 §4.3 asks of its features only that they show "tendencies of the
 * nodes to occur together or apart"; the smoothing of the classifier's scores is such a tendency that the visual
 * features do not have (where templateness changes, a segment ends), and the two segmenters err on different pages:
 * held out by site on kreuzer-popular, GCuts with this feature beats both GCuts without it and the smoothing alone
 * (`winnow eval --dataset segmentation`). Always at the paper's default penalty, not the popup's: the segmenters were
 * trained with it, and their segments must not change with the slider.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { pageSmoothingProblem } from '../pipeline/runPipeline.ts';
import { SMOOTHING_DEFAULTS } from '../smooth/penalties.ts';
import { smoothTree } from '../smooth/smoothTree.ts';
import { segmentationFromRoots } from './pageSegmentation.ts';
import type { SegmentationTree } from './segmentationTree.ts';

/** Per tree node, the id of its smoothing segment (the segment of the nearest segment root above or at it). */
export function smoothingGroups(s: PageSnapshot, tree: SegmentationTree, scores: ArrayLike<number>): Int32Array {
  const built = pageSmoothingProblem({ snapshot: s, scores },
    { penaltyFactor: SMOOTHING_DEFAULTS.penaltyFactor, minArea: tree.minArea });
  const solved = smoothTree(built.problem);
  return segmentationFromRoots(tree, Array.from(solved.segments, (k) => built.nodeOf[k])).segmentOf;
}
