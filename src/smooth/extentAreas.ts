/**
 * The area a node stands for on screen: its own box, or the largest box below it when that is bigger. A wrapper
 * whose floated or absolutely positioned children give it no height of its own (a 0×1280 box around a whole page is
 * common) would otherwise count as "under 2000 px²" and hide the entire page from the smoothing (000 §5.3 meant to
 * hide small, unreliable nodes, not large content behind a collapsed box). Parents come before children.
 */
export function extentAreas(parents: ArrayLike<number>, areas: ArrayLike<number>): Float64Array {
  const n = parents.length;
  const extent = new Float64Array(n);
  for (let i = 0; i < n; i++) extent[i] = Number.isFinite(areas[i]) && areas[i] > 0 ? areas[i] : 0;
  for (let i = n - 1; i > 0; i--) {
    const p = parents[i];
    if (p >= 0 && extent[i] > extent[p]) extent[p] = extent[i];
  }
  return extent;
}
