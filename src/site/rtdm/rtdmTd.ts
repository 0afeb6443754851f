/**
 * RTDM-TD (Vieira et al., Figure 3): the minimum-cost restricted top-down mapping between two trees, with the
 * backtracking matrix B that retrieveTemplate (Figure 4) reads the template from.
 *
 * Restricted top-down (Definitions 3 and 4): a mapped node's parent is mapped to the other node's parent, and a pair
 * with different labels is a leaf of the mapping — so deletions and insertions remove or add whole subtrees, and a
 * replacement drops both subtrees below the replaced pair. Like string edit distance, each mapped pair (u, v)
 * aligns u's children with v's children in an (m + 1) × (n + 1) matrix:
 *
 *   M[i, j] = min( M[i−1, j]   + delete · |subtree(c_i)|,
 *                  M[i, j−1]   + insert · |subtree(d_j)|,
 *                  M[i−1, j−1] + pair(c_i, d_j) )
 *
 *   pair(a, b) = 0                                              a, b identical subtrees   (bottom-up short-cut)
 *              = replace + delete·(|a|−1) + insert·(|b|−1)       labels differ             (top-down short-cut)
 *              = delete·(|a|−1) + insert·(|b|−1)                 same label, a or b a leaf
 *              = M_ab[m', n']  (recursive call, Figure 3 lines 28–29)   same label, both with children
 *
 * The paper calls RTDM-TD on the roots' children; here a virtual parent above both roots gets a 1 × 1 matrix, so
 * "the roots differ" and "map nothing" (the empty mapping, cost delete·|T1| + insert·|T2|) are ordinary cells.
 * No threshold (§4: RTDM-TD "does not need such a threshold", unlike RTDM). Ties prefer mapping the pair, then
 * deleting, then inserting, so an optimal mapping keeps as many common nodes as the costs allow.
 *
 * Two passes, so that a pair of long tables does not keep millions of matrices alive:
 * - costing: `fill` computes a cost matrix M in a stack-like arena (released when the alignment returns) and gives
 *   back M[m, n]; a pair that needs its own alignment is costed the same way, recursively. No B is kept. Every pair
 *   of nodes is costed at most once here (only from its parents' matrix), so this is O(n1·n2) in the worst case
 *   (trees equal but for their leaves, e.g. two long tables) and far less when the short-cuts fire.
 * - building: B is made only for the matrices on the optimal path — the top one, then for each MATCH cell on its
 *   path the matrix of that pair's children, and so on. Building a matrix refills it, recording operations; the
 *   totals of its costly child pairs come from a memo the first pass filled (alignments of ≥ MEMO_MIN_CELLS cells),
 *   the small ones are redone. So the second pass costs about one more pass over the optimal path's matrices.
 * Only the op cells and the total of each kept matrix survive (the paper keeps cost in B "only for convenience",
 * §4). Recursion depth is the tree depth.
 */
import { Op, cellIndex, walkPath, type BacktrackMatrix } from './backtrackMatrix.ts';
import { identClasses } from './identClasses.ts';
import { rtdmCosts, type RtdmCosts } from './rtdmCosts.ts';
import type { Skeleton } from './skeleton.ts';
import { treeIndex, type TreeIndex } from './treeIndex.ts';

export interface RtdmResult {
  /** The restricted top-down edit distance: the cost of the mapping B describes. */
  readonly cost: number;
  /** B for the virtual parents above the two roots: one row (root of T1) and one column (root of T2). */
  readonly matrix: BacktrackMatrix;
  readonly first: TreeIndex;
  readonly second: TreeIndex;
  /** How much work the short-cuts left: child alignments computed and matrix cells filled, both passes. */
  readonly alignments: number;
  readonly cells: number;
}

const NO_NEXT: ReadonlyMap<number, BacktrackMatrix> = new Map();

export function rtdmTd(t1: Skeleton, t2: Skeleton, costs: Partial<RtdmCosts> = {}): RtdmResult {
  const first = treeIndex(t1);
  const second = treeIndex(t2);
  const { insert, delete: del, replace } = rtdmCosts(costs);
  const ident = identClasses(first, second);
  const { size: size1, label: label1, childStart: start1, childList: list1 } = first;
  const { size: size2, label: label2, childStart: start2, childList: list2 } = second;
  let alignments = 0;
  let cells = 0;
  // The arena of cost matrices: an alignment takes [base, base + size) above its caller's and gives it back.
  let arena = new Float64Array(1 << 12);
  let top = 0;
  // Totals of the costly pairs' alignments, so building B along the optimal path does not redo them.
  const memo = new Map<number, number>();

  /**
   * Fills the cost matrix of the children rows[rowFrom, rowTo) × cols[colFrom, colTo) and returns M[m, n]; records
   * each cell's operation into `op` when given. A pair that needs its own alignment is costed by `pairTotal`.
   */
  const fill = (rows: Int32Array, rowFrom: number, rowTo: number, cols: Int32Array, colFrom: number, colTo: number,
    op: Uint8Array | null): number => {
    alignments++;
    const m = rowTo - rowFrom;
    const w = colTo - colFrom + 1;
    const size = (m + 1) * w;
    const base = top;
    if (base + size > arena.length) {
      const grown = new Float64Array(Math.max(2 * arena.length, base + size));
      grown.set(arena.subarray(0, base));
      arena = grown;
    }
    top = base + size;
    // Figure 3's first row and column: deleting (inserting) the first i (j) children with their subtrees.
    arena[base] = 0;
    for (let i = 1; i <= m; i++) {
      arena[base + i * w] = arena[base + (i - 1) * w] + del * size1[rows[rowFrom + i - 1]];
      if (op) op[i * w] = Op.DELETE;
    }
    for (let j = 1; j < w; j++) {
      arena[base + j] = arena[base + j - 1] + insert * size2[cols[colFrom + j - 1]];
      if (op) op[j] = Op.INSERT;
    }
    for (let i = 1; i <= m; i++) {
      const a = rows[rowFrom + i - 1];
      const sizeA = size1[a];
      for (let j = 1; j < w; j++) {
        const b = cols[colFrom + j - 1];
        const at = i * w + j;
        let pair: number;
        let bestOp: Op;
        if (ident.first[a] === ident.second[b]) {
          pair = 0;
          bestOp = Op.IDENTICAL;
        } else if (label1[a] !== label2[b]) {
          pair = replace + del * (sizeA - 1) + insert * (size2[b] - 1);
          bestOp = Op.REPLACE;
        } else if (sizeA === 1 || size2[b] === 1) {
          pair = del * (sizeA - 1) + insert * (size2[b] - 1);
          bestOp = Op.MATCH;
        } else {
          pair = pairTotal(a, b); // may grow the arena: index it afresh below
          bestOp = Op.MATCH;
        }
        let best = arena[base + at - w - 1] + pair;
        const deleted = arena[base + at - w] + del * sizeA;
        if (deleted < best) {
          best = deleted;
          bestOp = Op.DELETE;
        }
        const inserted = arena[base + at - 1] + insert * size2[b];
        if (inserted < best) {
          best = inserted;
          bestOp = Op.INSERT;
        }
        arena[base + at] = best;
        if (op) op[at] = bestOp;
      }
    }
    cells += size;
    top = base;
    return arena[base + size - 1];
  };

  /** M[m', n'] for a pair with the same label, both with children, not identical (Figure 3, lines 28–29). */
  const pairTotal = (a: number, b: number): number => {
    const key = a * second.n + b;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const before = cells;
    const total = fill(list1, start1[a], start1[a + 1], list2, start2[b], start2[b + 1], null);
    if (cells - before >= MEMO_MIN_CELLS) memo.set(key, total);
    return total;
  };

  /**
   * B for the children of u and v: the cells' operations, then the child matrices of the MATCH cells on the
   * optimal path, built the same way. Off-path pairs were only ever costed, never kept.
   */
  const build = (u: number, v: number, rows: Int32Array, rowFrom: number, rowTo: number, cols: Int32Array,
    colFrom: number, colTo: number): BacktrackMatrix => {
    const op = new Uint8Array((rowTo - rowFrom + 1) * (colTo - colFrom + 1));
    const total = fill(rows, rowFrom, rowTo, cols, colFrom, colTo, op);
    const matrix = { u, v, rows: rows.subarray(rowFrom, rowTo), cols: cols.subarray(colFrom, colTo), op, total, next: NO_NEXT };
    let next: Map<number, BacktrackMatrix> | null = null;
    walkPath(matrix, (i, j, cellOp) => {
      if (cellOp !== Op.MATCH) return;
      const a = matrix.rows[i - 1];
      const b = matrix.cols[j - 1];
      if (size1[a] === 1 || size2[b] === 1) return;
      const sub = build(a, b, list1, start1[a], start1[a + 1], list2, start2[b], start2[b + 1]);
      (next ??= new Map()).set(cellIndex(matrix, i, j), sub);
    });
    if (next) matrix.next = next;
    return matrix;
  };

  const r1 = first.n > 0 ? Int32Array.of(0) : new Int32Array(0);
  const r2 = second.n > 0 ? Int32Array.of(0) : new Int32Array(0);
  const matrix = build(-1, -1, r1, 0, r1.length, r2, 0, r2.length);
  return { cost: matrix.total, matrix, first, second, alignments, cells };
}

/**
 * Alignments at least this big (in matrix cells, their own and below) keep their total for the second visit that
 * builds B along the optimal path; smaller ones are cheaper to redo than to remember.
 */
const MEMO_MIN_CELLS = 256;

