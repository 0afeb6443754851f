/**
 * GCuts' label set. Paper 003 represents "the DOM nodes and the label … as a vector of features" and prices a node's
 * label by their distance, but does not say where the labels' vectors come from. Here they are the centres of a
 * k-means clustering of the page's leaves under the learned metric (k-means++ seeding, Lloyd's iterations, seeded so a
 * page always gets the same labels): a label is a kind of leaf at a place on the page, and the cut decides which
 * nodes take it. Unused labels cost nothing, so `count` is an upper bound on the segments.
 */
import { seededRandom } from '../util/seededRandom.ts';

/** Row-major prototypes (`count` × d, fewer when there are fewer distinct points). */
export function labelPrototypes(features: Float64Array, d: number, rows: ArrayLike<number>, metric: ArrayLike<number>,
  count: number, seed = 1): Float64Array {
  const n = rows.length;
  const k = Math.max(1, Math.min(count, n));
  const random = seededRandom(seed);
  const distance = (r: number, centres: Float64Array, c: number) => {
    let sum = 0;
    for (let j = 0; j < d; j++) sum += metric[j] * (features[rows[r] * d + j] - centres[c * d + j]) ** 2;
    return sum;
  };
  const centres = new Float64Array(k * d);
  const copy = (r: number, c: number) => {
    for (let j = 0; j < d; j++) centres[c * d + j] = features[rows[r] * d + j];
  };
  if (n === 0) return new Float64Array(0);
  copy(Math.floor(random() * n), 0);
  const nearest = new Float64Array(n).fill(Infinity);
  let used = 1;
  for (; used < k; used++) {
    let total = 0;
    for (let r = 0; r < n; r++) {
      nearest[r] = Math.min(nearest[r], distance(r, centres, used - 1));
      total += nearest[r];
    }
    if (!(total > 0)) break; // every point sits on a centre already
    let pick = random() * total;
    let r = 0;
    while (r < n - 1 && (pick -= nearest[r]) > 0) r++;
    copy(r, used);
  }
  const assigned = new Int32Array(n);
  for (let iteration = 0; iteration < 20; iteration++) {
    let changed = false;
    for (let r = 0; r < n; r++) {
      let best = 0;
      let bestDistance = Infinity;
      for (let c = 0; c < used; c++) {
        const dist = distance(r, centres, c);
        if (dist < bestDistance) [best, bestDistance] = [c, dist];
      }
      if (assigned[r] !== best) changed = true;
      assigned[r] = best;
    }
    const sums = new Float64Array(used * d);
    const sizes = new Float64Array(used);
    for (let r = 0; r < n; r++) {
      sizes[assigned[r]]++;
      for (let j = 0; j < d; j++) sums[assigned[r] * d + j] += features[rows[r] * d + j];
    }
    for (let c = 0; c < used; c++) {
      if (sizes[c] === 0) continue; // an emptied centre keeps its place
      for (let j = 0; j < d; j++) centres[c * d + j] = sums[c * d + j] / sizes[c];
    }
    if (!changed) break;
  }
  return centres.slice(0, used * d);
}
