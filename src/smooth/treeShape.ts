/**
 * Children lists and a top-down order for a tree given by parent indices in any node order. Built with explicit
 * stacks, never recursion: page trees reach 100k nodes and thousands of levels.
 */
export interface TreeShape {
  root: number;
  /** Children of node i are childList[childStart[i] .. childStart[i + 1]). */
  childStart: Int32Array;
  childList: Int32Array;
  /** Pre-order from the root: every parent comes before its children; reversed, children come before parents. */
  topDown: Int32Array;
}

/**
 * Throws unless `parents` describes exactly one rooted tree: one root (parent -1), every other parent an index in
 * range, and no cycles (a node on a cycle is never reached from the root).
 */
export function treeShapeOf(parents: ArrayLike<number>): TreeShape {
  const n = parents.length;
  const roots: number[] = [];
  const childCount = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const p = parents[i];
    if (p === -1) {
      roots.push(i);
      continue;
    }
    if (!Number.isInteger(p) || p < 0 || p >= n) {
      throw new Error(`parent of node ${i} is ${p}, expected -1 (root) or an index in [0, ${n})`);
    }
    childCount[p]++;
  }
  if (roots.length !== 1) {
    const which = roots.length === 0 ? '' : `: nodes ${roots.slice(0, 5).join(', ')}${roots.length > 5 ? ', …' : ''}`;
    throw new Error(`expected exactly one root (parent -1), found ${roots.length}${which}`);
  }
  const childStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) childStart[i + 1] = childStart[i] + childCount[i];
  const childList = new Int32Array(Math.max(0, n - 1));
  const fill = childStart.slice(0, n);
  for (let i = 0; i < n; i++) if (parents[i] !== -1) childList[fill[parents[i]]++] = i;

  const root = roots[0];
  const topDown = new Int32Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  let seen = 0;
  stack[top++] = root;
  while (top > 0) {
    const i = stack[--top];
    topDown[seen++] = i;
    // Pushed in reverse so that children are visited in index order (document order for page trees).
    for (let k = childStart[i + 1] - 1; k >= childStart[i]; k--) stack[top++] = childList[k];
  }
  if (seen !== n) {
    const reached = new Uint8Array(n);
    for (let k = 0; k < seen; k++) reached[topDown[k]] = 1;
    const lost = reached.indexOf(0);
    throw new Error(`node ${lost} is on a cycle: it cannot be reached from the root ${root}`);
  }
  return { root, childStart, childList, topDown };
}
