/**
 * One feature's share of many squared Euclidean distances: squared[k] += (coords[k·d + j] − value)² for every row k
 * of a row-major table with d columns. GCuts sums its distances feature by feature with this, so that the innermost
 * loop runs over the rows (thousands) rather than over the features (a dozen): V8 compiles a hot loop while it runs,
 * and a short innermost loop was compiled alone and its code thrown away at every exit from it, which made distance
 * tables the slowest step of a page's first segmentation in a new worker.
 */
export function addSquaredGaps(coords: Float64Array, d: number, j: number, value: number, squared: Float64Array): void {
  for (let k = 0, at = j; k < squared.length; k++, at += d) {
    const gap = coords[at] - value;
    squared[k] += gap * gap;
  }
}
