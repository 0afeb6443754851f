/**
 * ExtractSubTree (Vieira et al., Figure 6): RTDM-TD between two trees, then retrieveTemplate on its backtracking
 * matrix, and the smallest subtree of the first tree holding the nodes found — the subtree common to both.
 */
import { retrieveTemplate } from './retrieveTemplate.ts';
import type { RtdmCosts } from './rtdmCosts.ts';
import { rtdmTd } from './rtdmTd.ts';
import type { Skeleton } from './skeleton.ts';
import { smallestSubtree } from './smallestSubtree.ts';

export function extractSubTree(tx: Skeleton, ty: Skeleton, costs: Partial<RtdmCosts> = {}): Skeleton {
  return smallestSubtree(tx, retrieveTemplate(rtdmTd(tx, ty, costs)));
}
