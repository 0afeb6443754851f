/**
 * GCuts' label set (paper 003 §4.3): "we encode this by using all internal nodes of the DOM tree as the set L of
 * labels (plus the invisible label ξ), and constructing Dp(α) so that it measures the distance between the feature
 * vectors corresponding to the node p and the internal node (label) α". The labels are tuned to the page, and a leaf
 * near a block's own features (its place, shape and kind) is drawn to that block's label.
 * Each label is one max-flow per round of α-expansion, so a page with more internal nodes than `count` keeps `count`
 * of them, spread out under the learned metric (metricCoordinates.ts) by k-means++ seeding: each next label drawn
 * with probability proportional to its squared distance from the labels already chosen; seeded, so a page always
 * gets the same labels.
 * Held out by site on kreuzer-popular this set segments better than k-means centres of the leaves (the labels used
 * before): `winnow eval --dataset segmentation` prints the figures.
 */
import { seededRandom } from '../util/seededRandom.ts';
import { addSquaredGaps, toColumns } from './squaredGaps.ts';

/**
 * Row-major label vectors: the rows of `coords` (`d` per node, Euclidean) at the chosen `rows` (at most `count`, in the
 * order they were drawn).
 */
export function labelPrototypes(coords: Float64Array, d: number, rows: ArrayLike<number>, count: number, seed = 1):
  Float64Array {
  const picked = spreadRows(coords, d, rows, Math.max(1, count), seed);
  const out = new Float64Array(picked.length * d);
  picked.forEach((row, c) => out.set(coords.subarray(row * d, row * d + d), c * d));
  return out;
}

/** All of `rows` when they are few enough, else `count` of them by k-means++ seeding. */
function spreadRows(coords: Float64Array, d: number, rows: ArrayLike<number>, count: number, seed: number): number[] {
  const n = rows.length;
  if (n <= count) return Array.from(rows);
  const random = seededRandom(seed);
  // Each new label's squared distances, summed feature by feature over all rows (squaredGaps.ts says why).
  const columns = toColumns(coords, d, rows);
  const picked = [rows[Math.floor(random() * n)]];
  const nearest = new Float64Array(n).fill(Infinity);
  const squared = new Float64Array(n);
  while (picked.length < count) {
    const last = picked[picked.length - 1];
    squared.fill(0);
    for (let j = 0; j < d; j++) addSquaredGaps(columns, j, coords[last * d + j], squared);
    let total = 0;
    for (let r = 0; r < n; r++) {
      nearest[r] = Math.min(nearest[r], squared[r]);
      total += nearest[r];
    }
    if (!(total > 0)) break; // every row sits on a chosen label already
    let draw = random() * total;
    let r = 0;
    while (r < n - 1 && (draw -= nearest[r]) > 0) r++;
    picked.push(rows[r]);
  }
  return picked;
}
