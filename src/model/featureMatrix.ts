/** Row-major feature rows, the shape computeFeatures produces and the trainer consumes. */
export interface FeatureMatrix {
  rows: number;
  cols: number;
  data: Float32Array | Float64Array;
}

/** The rows at `indices`, as a new dense matrix in float64 (the solver's precision). */
export function selectRows(m: FeatureMatrix, indices: ArrayLike<number>): FeatureMatrix {
  const data = new Float64Array(indices.length * m.cols);
  for (let r = 0; r < indices.length; r++) {
    const from = indices[r] * m.cols;
    for (let j = 0; j < m.cols; j++) data[r * m.cols + j] = m.data[from + j];
  }
  return { rows: indices.length, cols: m.cols, data };
}

/** Column means and standard deviations; a constant column gets scale 1 so it standardises to 0. */
export function columnStandardisation(m: FeatureMatrix): { mean: Float64Array; scale: Float64Array } {
  const mean = new Float64Array(m.cols);
  const scale = new Float64Array(m.cols);
  for (let r = 0; r < m.rows; r++) for (let j = 0; j < m.cols; j++) mean[j] += m.data[r * m.cols + j];
  for (let j = 0; j < m.cols; j++) mean[j] /= Math.max(1, m.rows);
  for (let r = 0; r < m.rows; r++) {
    for (let j = 0; j < m.cols; j++) {
      const d = m.data[r * m.cols + j] - mean[j];
      scale[j] += d * d;
    }
  }
  for (let j = 0; j < m.cols; j++) {
    const sd = Math.sqrt(scale[j] / Math.max(1, m.rows));
    scale[j] = sd > 1e-9 ? sd : 1;
  }
  return { mean, scale };
}
