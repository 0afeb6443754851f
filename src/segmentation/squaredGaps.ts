/**
 * Many squared Euclidean distances at once, feature by feature: GCuts measures every node against every label (Dp)
 * and every label candidate against the last label chosen, and sums each feature's share over all rows in one loop.
 * V8 compiles a hot loop while it runs; with the dozen features innermost, that short loop was compiled alone and its
 * code thrown away at every exit from it, which made distance tables the slowest step of a page's first
 * segmentation in a new worker. The rows' values of one feature sit side by side (`columns`), so each loop reads
 * memory in order.
 */

/** Feature-major copy of a row-major table: columns[j·rows + k] = table[k·d + j]. */
export function toColumns(table: Float64Array, d: number, rows: ArrayLike<number> | number): Float64Array {
  const count = typeof rows === 'number' ? rows : rows.length;
  const columns = new Float64Array(count * d);
  for (let k = 0; k < count; k++) {
    const row = typeof rows === 'number' ? k : rows[k];
    for (let j = 0; j < d; j++) columns[j * count + k] = table[row * d + j];
  }
  return columns;
}

/** squared[k] += (columns[j·n + k] − value)² for every row k (n = squared.length). */
export function addSquaredGaps(columns: Float64Array, j: number, value: number, squared: Float64Array): void {
  const n = squared.length;
  for (let k = 0, at = j * n; k < n; k++, at++) {
    const gap = columns[at] - value;
    squared[k] += gap * gap;
  }
}
