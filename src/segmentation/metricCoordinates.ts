/**
 * Node features in the learned metric's own coordinates: only the features it weighs (the active-set fit in
 * learnCosts.ts sets about half the weights to 0), each times √weight, so that Dp's diagonal Mahalanobis distance
 * is the plain Euclidean distance here. GCuts measures every node against every label (n × 64 distances a page) and
 * picks the labels by distances too; over these coordinates each distance reads only the features that count.
 */
export interface MetricCoordinates {
  /** Row-major, `width` per node. */
  coords: Float64Array;
  width: number;
}

export function metricCoordinates(features: Float64Array, d: number, metric: ArrayLike<number>): MetricCoordinates {
  const used: number[] = [];
  for (let j = 0; j < d; j++) if (metric[j] > 0) used.push(j);
  const scale = used.map((j) => Math.sqrt(metric[j]));
  const rows = features.length / d;
  const width = used.length;
  const coords = new Float64Array(rows * width);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < width; c++) coords[r * width + c] = scale[c] * features[r * d + used[c]];
  }
  return { coords, width };
}
