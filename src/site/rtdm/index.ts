/**
 * RTDM-TD template detection and removal (Vieira et al., "A fast and robust method for web page template detection
 * and removal", CIKM 2006) as a pure library over text-free page skeletons.
 *
 *   skeletonFromSnapshot(snapshot)        → Skeleton: pre-order parents + 32-bit labels      (skeletonFromSnapshot.ts)
 *   rtdmTd(t1, t2, costs?)                → cost + backtracking matrix B  (Figure 3)          (rtdmTd.ts)
 *   retrieveTemplate(result)              → mask of T1's template nodes   (Figure 4)          (retrieveTemplate.ts)
 *   extractSubTree(tx, ty)                → common subtree as a Skeleton  (Figure 6)          (extractSubTree.ts)
 *   findTemplate(pages, { maxPages })     → the site template             (Figure 5)          (findTemplate.ts)
 *   removeTemplate(template, page)        → per-node template mask, O(|template| + |page|)    (removeTemplate.ts)
 *   encodeSkeleton / decodeSkeleton       → a few bytes per node                              (skeletonCodec.ts)
 *   rememberPage / storeTemplate / storeToJson …  → K skeletons per site                     (skeletonStore.ts)
 */
export { checkSkeleton, skeletonOf, skeletonSize, EMPTY_SKELETON, type Skeleton } from './skeleton.ts';
export { skeletonFromSnapshot, ownTexts, type SkeletonOptions } from './skeletonFromSnapshot.ts';
export { structureLabel, textLabel, labelHasText, labelTag, labelHints, type LabelMode } from './skeletonLabels.ts';
export { treeIndex, childrenOf, type TreeIndex } from './treeIndex.ts';
export { identClasses, type IdentClasses } from './identClasses.ts';
export { rtdmCosts, UNIT_COSTS, type RtdmCosts } from './rtdmCosts.ts';
export { Op, cellIndex, cellSource, walkPath, type BacktrackMatrix } from './backtrackMatrix.ts';
export { rtdmTd, type RtdmResult } from './rtdmTd.ts';
export { retrieveTemplate } from './retrieveTemplate.ts';
export { mappingPairs } from './mappingPairs.ts';
export { smallestSubtree } from './smallestSubtree.ts';
export { extractSubTree } from './extractSubTree.ts';
export { findTemplate, type FindTemplateOptions } from './findTemplate.ts';
export { removeTemplate, containsTemplate } from './removeTemplate.ts';
export { encodeSkeleton, decodeSkeleton } from './skeletonCodec.ts';
export { toBase64, fromBase64 } from '../../util/base64.ts';
export {
  emptySkeletonStore, pageKey, rememberPage, storedSkeletons, storeTemplate, storeByteSize, storeToJson, storeFromJson,
  type SiteSkeletonStore, type SiteSkeletonStoreJson, type StoredPage,
} from './skeletonStore.ts';
export { templateShare, type TemplateShare } from './templateShare.ts';
