/**
 * One entry for the graph-based segmenters of paper 003, for callers that do not care which (the worker, the CLI).
 * The smoothing's segments come from the pipeline instead (segmentationFromRoots).
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { cclusPage } from './cclusPage.ts';
import { gcutsPage } from './gcutsPage.ts';
import type { GcutsPhaseTimes } from './gcutsPhaseTimes.ts';
import type { PageSegmentation } from './pageSegmentation.ts';
import type { SegmentationModel } from './segmentationModel.ts';
import { segmentationTree } from './segmentationTree.ts';

export type GraphMethod = 'gcuts' | 'cclus';

/**
 * `scores`: the templateness classifier's per page node, which the model was trained with (0.5 each without).
 * `times`: where GCuts' time goes, added up phase by phase (gcutsPhaseTimes.ts; CClus leaves it as it is).
 */
export function segmentPage(s: PageSnapshot, model: SegmentationModel, method: GraphMethod = 'gcuts',
  { scores, minArea, times }: { scores?: ArrayLike<number>; minArea?: number; times?: GcutsPhaseTimes } = {}):
  PageSegmentation {
  const tree = segmentationTree(s, minArea);
  return method === 'gcuts' ? gcutsPage(s, model, { tree, scores, times }) : cclusPage(s, model, { tree, scores });
}
