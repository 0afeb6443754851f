/**
 * Inspect mode's messages name nodes by snapshot index (the content script's PageCapture.elements index). An index
 * from another capture of the page, or from a stale card, must fail with a message, not read another node's data.
 */

/** Throws a clear message unless `node` is a node index of a page with `count` nodes. */
export function checkNodeIndex(node: unknown, count: number): asserts node is number {
  if (typeof node !== 'number' || !Number.isInteger(node) || node < 0 || node >= count) {
    throw new Error(`no node ${String(node)} on this page: it has ${count} nodes (0 to ${count - 1})`);
  }
}
