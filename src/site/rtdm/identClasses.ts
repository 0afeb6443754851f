/**
 * The paper's ident sets (§4: "the ident function used in Line 25 consists only of looking into sets of equivalent
 * subtrees … computed from the two input trees in a pre-processing step … linear cost"): every subtree of either
 * tree gets a class number, equal exactly when the two subtrees are identical (same labels, same ordered shape).
 *
 * Hash-consing rather than a numeric hash: a subtree's key is its label and its children's class numbers, looked up
 * in one table shared by both trees. The table hashes the key, and equal keys are compared in full, so two subtrees
 * never share a class by a chance collision, and the cost stays linear in the number of nodes and edges.
 */
import type { TreeIndex } from './treeIndex.ts';

export interface IdentClasses {
  readonly first: Int32Array;
  readonly second: Int32Array;
}

export function identClasses(a: TreeIndex, b: TreeIndex): IdentClasses {
  const table = new Map<string, number>();
  return { first: classesOf(a, table), second: classesOf(b, table) };
}

function classesOf(t: TreeIndex, table: Map<string, number>): Int32Array {
  const out = new Int32Array(t.n);
  // Children come after their parent in pre-order, so a backward pass sees every child's class first.
  for (let i = t.n - 1; i >= 0; i--) {
    let key = String(t.label[i]);
    for (let k = t.childStart[i]; k < t.childStart[i + 1]; k++) key += ',' + out[t.childList[k]];
    let cls = table.get(key);
    if (cls === undefined) {
      cls = table.size;
      table.set(key, cls);
    }
    out[i] = cls;
  }
  return out;
}
