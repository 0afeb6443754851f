/**
 * The optimal mapping itself, as (T1 node, T2 node) pairs in pre-order of T1 — what B encodes (§4: "the actual
 * sequence of operations that lead to this minimal mapping"). Used to check RTDM-TD against the definitions and for
 * debugging; identical subtrees contribute every node, paired by pre-order offset.
 */
import { Op, cellIndex, walkPath, type BacktrackMatrix } from './backtrackMatrix.ts';
import type { RtdmResult } from './rtdmTd.ts';

export function mappingPairs(result: RtdmResult): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  const visit = (b: BacktrackMatrix): void => {
    walkPath(b, (i, j, op) => {
      const a = b.rows[i - 1];
      const c = b.cols[j - 1];
      if (op === Op.IDENTICAL) {
        for (let k = 0; k < result.first.size[a]; k++) pairs.push([a + k, c + k]);
      } else if (op === Op.MATCH || op === Op.REPLACE) {
        pairs.push([a, c]);
        const next = b.next.get(cellIndex(b, i, j));
        if (next) visit(next);
      }
    });
  };
  visit(result.matrix);
  return pairs.sort((x, y) => x[0] - y[0]);
}
