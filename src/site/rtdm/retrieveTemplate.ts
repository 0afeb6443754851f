/**
 * retrieveTemplate (Vieira et al., Figure 4): the nodes of T1 that the optimal mapping keeps unchanged — the
 * template common to both trees. Walking B from its last cell back to row or column 0:
 * - DELETE / INSERT move up or left (lines 12–15);
 * - IDENTICAL (the paper's "update" whose cost did not change) adds src and all its descendants (lines 16–20);
 * - MATCH (the paper's "no op") adds src and recurses into B[i, j].next for its children (lines 23–25);
 * - REPLACE adds nothing: a replaced node differs between the pages.
 *
 * Returned as a 0/1 mask over the tree's nodes rather than a set. The template is closed upwards (a mapped pair's
 * parents are mapped with equal labels, Definitions 3 and 4), so it is itself a tree rooted at the root.
 *
 * `side: 'second'` reads the same mapping from T2's side (the paper keeps only T1's src, §4, because the T2 node "will
 * be the same"); it shows which nodes of the second page the mapping found in the first.
 */
import { Op, cellIndex, walkPath, type BacktrackMatrix } from './backtrackMatrix.ts';
import type { RtdmResult } from './rtdmTd.ts';

export function retrieveTemplate(result: RtdmResult, side: 'first' | 'second' = 'first'): Uint8Array {
  const tree = side === 'first' ? result.first : result.second;
  const template = new Uint8Array(tree.n);
  const visit = (b: BacktrackMatrix): void => {
    walkPath(b, (i, j, op) => {
      if (op !== Op.IDENTICAL && op !== Op.MATCH) return;
      const src = side === 'first' ? b.rows[i - 1] : b.cols[j - 1];
      if (op === Op.IDENTICAL) template.fill(1, src, src + tree.size[src]);
      else {
        template[src] = 1;
        const next = b.next.get(cellIndex(b, i, j));
        if (next) visit(next);
      }
    });
  };
  visit(result.matrix);
  return template;
}
