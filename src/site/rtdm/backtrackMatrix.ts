/**
 * The backtracking matrix B of RTDM-TD (§4): for one pair of mapped parents u (first tree) and v (second tree),
 * cell (i, j) says how the first i children of u were best mapped to the first j children of v.
 *
 * The paper's cell is a tuple ⟨op, src, cost, next⟩. Here op is a flat byte array, src is implied by the row (the
 * i-th child of u, `cellSource`), and next — the matrix of the children of a mapped pair — is kept only for the
 * cells on the optimal path, the only ones retrieveTemplate (Figure 4) ever follows. Of the cost matrix M only the
 * total M[m, n] is kept: the paper stores cost in B "only for convenience in the retrieval process" (§4), and
 * IDENTICAL stands for its test B[i, j].cost = B[i−1, j−1].cost (Figure 4, lines 16–18).
 */

/** What cell (i, j) did last. */
export const Op = {
  /** Row 0 / column 0 corner: nothing left to map. */
  START: 0,
  /** The i-th child of u and its whole subtree are deleted. */
  DELETE: 1,
  /** The j-th child of v and its whole subtree are inserted. */
  INSERT: 2,
  /** The two children root identical subtrees: mapped node for node at no cost (the bottom-up short-cut). */
  IDENTICAL: 3,
  /** Same label, not identical: the pair is mapped at no cost, and `next` maps their children (the paper's no-op). */
  MATCH: 4,
  /** Different labels: replaced, nothing below them is mapped (Definition 4; the top-down short-cut). */
  REPLACE: 5,
} as const;
export type Op = (typeof Op)[keyof typeof Op];

export interface BacktrackMatrix {
  /** The parents whose children are aligned; −1 for the virtual parent above the two roots. */
  readonly u: number;
  readonly v: number;
  /** Children of u (rows 1..m) and of v (columns 1..n). */
  readonly rows: Int32Array;
  readonly cols: Int32Array;
  /** (m + 1) × (n + 1), row-major: the paper's B[i, j].op. */
  readonly op: Uint8Array;
  /** M[m, n]: the minimum cost of mapping the children of u to the children of v. */
  readonly total: number;
  /** Cell index → matrix of that MATCH pair's children, for MATCH cells on the optimal path that have one. */
  readonly next: ReadonlyMap<number, BacktrackMatrix>;
}

export function cellIndex(b: BacktrackMatrix, i: number, j: number): number {
  return i * (b.cols.length + 1) + j;
}

/** The paper's B[i, j].src: the first-tree node the operation of cell (i, j) used (−1 for INSERT and START). */
export function cellSource(b: BacktrackMatrix, i: number, j: number): number {
  const op = b.op[cellIndex(b, i, j)];
  return op === Op.INSERT || op === Op.START ? -1 : b.rows[i - 1];
}

/**
 * Calls `visit(i, j, op)` for the cells of the optimal path from (m, n) back to row 0 or column 0, the walk of
 * Figure 4 lines 10–27. Shared by retrieveTemplate, the mapping listing and pruning.
 */
export function walkPath(b: BacktrackMatrix, visit: (i: number, j: number, op: Op) => void): void {
  let i = b.rows.length;
  let j = b.cols.length;
  while (i > 0 && j > 0) {
    const op = b.op[cellIndex(b, i, j)] as Op;
    visit(i, j, op);
    if (op === Op.DELETE) i--;
    else if (op === Op.INSERT) j--;
    else {
      i--;
      j--;
    }
  }
}
