/**
 * CClus, the correlation-clustering segmenter of Chakrabarti, Kumar & Punera (WWW 2008, §3 and §4.1), on the leaves of
 * the DOM tree. Pure: plain numbers in, a cluster id per leaf out; no DOM, no Node.
 *
 * The problem (paper, eq. 2 as §4.1 restates it): every pair of leaves p, q has a weight v_pq in [0, 1], the cost of
 * putting them in different segments, and 1 − v_pq is the cost of putting them in the same one; a segmentation costs
 * the sum over all pairs. Only the leaves take part: correlation clustering has no "invisible" label, so the paper
 * satisfies its rendering constraint by clustering leaf(N) alone (§4.1, first paragraph).
 *
 * The variant built here is the one §4.1 describes, which is ACN's CC-Pivot run on the *rounded* (majority) graph
 * (Ailon, Charikar & Newman, STOC 2005 / J. ACM 2008, the weighted case): pick a remaining leaf p uniformly at random,
 * make it a segment together with every remaining q whose apart cost is at least its together cost (v_pq ≥ 1/2: the
 * rounding), remove them, repeat; do several independent runs and keep the cheapest. Not built: ACN's LP-rounding
 * algorithm (CC-LP, 2.5 with probability constraints) — the paper does not use it, and its LP has O(n³) triangle
 * constraints, far too many for a page's leaves. The tie v_pq = 1/2 joins the pivot (the paper's comparison sign is
 * lost in our copy of the text; either choice costs the same for that pair).
 *
 * The factor: the paper says "within a factor of two of the optimal". ACN prove 2 for CC-Pivot on the rounded graph only
 * when the weights also obey the triangle inequality on together costs ((1 − v_pr) ≤ (1 − v_pq) + (1 − v_qr)); with
 * the probability constraint alone (together + apart = 1, which is what the paper's v_pq give) the bound is 5. Both
 * are bounds on the *expected* cost of one run. Learned v_pq need not obey the triangle inequality, so 5 is the
 * guarantee Winnow can rely on; the tests check both, each on the instances it applies to.
 *
 * Input form: a sparse list of pairs with their two costs plus one default pair for every pair not listed, so that a
 * page's thousands of leaves need not spell out millions of pairs (the default is typically "apart", v < 1/2). The
 * costs are general (together and apart given separately, ≥ 0); the paper's v_pq is `paperPair(p, q, v)`. The pivot's
 * rounding on general costs is "join when apart ≥ together", which is v ≥ 1/2 for the paper's costs; the bounds
 * above hold only for costs with together + apart = 1.
 */
import { seededRandom } from '../util/seededRandom.ts';
import { compactSegments } from './pageSegmentation.ts';

/** A pair of leaves with the cost of placing them in the same segment and in different ones. */
export interface CorrelationPair {
  p: number;
  q: number;
  together: number;
  apart: number;
}

export interface CorrelationInstance {
  /** Leaves are 0 … size − 1. */
  size: number;
  /** At most one entry per unordered pair, p ≠ q. */
  pairs: readonly CorrelationPair[];
  /** The costs of every pair not listed. */
  defaultTogether: number;
  defaultApart: number;
}

/** The paper's weight: v is the cost of separating p and q, 1 − v the cost of keeping them together. */
export function paperPair(p: number, q: number, v: number): CorrelationPair {
  return { p, q, together: 1 - v, apart: v };
}

/** Each leaf's listed partners with their costs, in compressed rows (both directions of each pair). */
interface Adjacency {
  start: Int32Array;
  partner: Int32Array;
  together: Float64Array;
  apart: Float64Array;
}

function adjacency(instance: CorrelationInstance): Adjacency {
  const { size, pairs } = instance;
  const start = new Int32Array(size + 1);
  for (const { p, q, together, apart } of pairs) {
    if (!(p >= 0 && p < size && q >= 0 && q < size) || p === q || !Number.isInteger(p) || !Number.isInteger(q)) {
      throw new Error(`pair (${p}, ${q}) is not two distinct leaves of 0…${size - 1}`);
    }
    if (!(together >= 0 && apart >= 0)) throw new Error(`pair (${p}, ${q}) has a negative or missing cost`);
    start[p + 1]++;
    start[q + 1]++;
  }
  for (let i = 0; i < size; i++) start[i + 1] += start[i];
  const fill = start.slice(0, size);
  const partner = new Int32Array(start[size]);
  const together = new Float64Array(start[size]);
  const apart = new Float64Array(start[size]);
  for (const pair of pairs) {
    for (const [from, to] of [[pair.p, pair.q], [pair.q, pair.p]]) {
      const k = fill[from]++;
      partner[k] = to;
      together[k] = pair.together;
      apart[k] = pair.apart;
    }
  }
  for (let i = 0; i < size; i++) {
    const seen = new Set<number>();
    for (let k = start[i]; k < start[i + 1]; k++) {
      if (seen.has(partner[k])) throw new Error(`pair (${i}, ${partner[k]}) is listed twice`);
      seen.add(partner[k]);
    }
  }
  return { start, partner, together, apart };
}

/**
 * One run of CC-Pivot on the rounded graph. Pivots are taken in the order of a uniform random permutation (the first
 * unclustered leaf of a uniform permutation is uniform among the unclustered ones, so this is the paper's "chosen
 * uniformly at random"). Cluster ids are renumbered in order of each cluster's smallest leaf.
 */
export function pivotClustering(instance: CorrelationInstance, random: () => number): Int32Array {
  return pivotRun(instance, random, adjacency(instance));
}

function pivotRun(instance: CorrelationInstance, random: () => number, adj: Adjacency): Int32Array {
  const { size } = instance;
  const order = Int32Array.from({ length: size }, (_, i) => i);
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const cluster = new Int32Array(size).fill(-1);
  const defaultJoins = instance.defaultApart >= instance.defaultTogether;
  const listedJoins = new Int8Array(size); // for the pivot at hand: 1 listed and joins, −1 listed and stays apart
  let next = 0;
  for (const pivot of order) {
    if (cluster[pivot] >= 0) continue;
    const id = next++;
    cluster[pivot] = id;
    for (let k = adj.start[pivot]; k < adj.start[pivot + 1]; k++) {
      listedJoins[adj.partner[k]] = adj.apart[k] >= adj.together[k] ? 1 : -1;
    }
    if (defaultJoins) {
      // Every unlisted leaf joins: walk all of them (O(n) per pivot, only when the default says "together").
      for (let q = 0; q < size; q++) if (cluster[q] < 0 && listedJoins[q] >= 0) cluster[q] = id;
    } else {
      for (let k = adj.start[pivot]; k < adj.start[pivot + 1]; k++) {
        const q = adj.partner[k];
        if (cluster[q] < 0 && listedJoins[q] === 1) cluster[q] = id;
      }
    }
    for (let k = adj.start[pivot]; k < adj.start[pivot + 1]; k++) listedJoins[adj.partner[k]] = 0;
  }
  return canonicalClusters(cluster);
}

/** Relabels clusters 0, 1, … in order of their smallest member, so equal partitions give equal arrays. */
export function canonicalClusters(cluster: ArrayLike<number>): Int32Array {
  return compactSegments(cluster).segmentOf;
}

/** The objective (paper eq. 2): together costs of pairs in one cluster plus apart costs of pairs split. */
export function correlationCost(instance: CorrelationInstance, cluster: ArrayLike<number>): number {
  if (cluster.length !== instance.size) throw new Error(`${cluster.length} cluster ids for ${instance.size} leaves`);
  const sizes = new Map<number, number>();
  for (let i = 0; i < cluster.length; i++) sizes.set(cluster[i], (sizes.get(cluster[i]) ?? 0) + 1);
  let samePairs = 0;
  for (const m of sizes.values()) samePairs += (m * (m - 1)) / 2;
  const allPairs = (instance.size * (instance.size - 1)) / 2;
  let listedSame = 0;
  let listedApart = 0;
  let cost = 0;
  for (const { p, q, together, apart } of instance.pairs) {
    if (cluster[p] === cluster[q]) {
      listedSame++;
      cost += together;
    } else {
      listedApart++;
      cost += apart;
    }
  }
  return cost + (samePairs - listedSame) * instance.defaultTogether
    + (allPairs - samePairs - listedApart) * instance.defaultApart;
}

export interface CorrelationClusteringOptions {
  /** Seed of the PRNG; the same seed gives the same segmentation. */
  seed?: number;
  /** Independent runs, the cheapest kept (the paper's "several independent trials"). */
  runs?: number;
}

export interface CorrelationClustering {
  /** Cluster id per leaf, numbered in order of each cluster's smallest leaf. */
  clusters: Int32Array;
  cost: number;
}

/**
 * CClus: the best of `runs` pivot runs. All runs draw from one seeded stream, the first run first, so the best of k
 * runs with a seed is never worse than the single run with that seed; ties keep the earlier run.
 */
export function correlationClustering(instance: CorrelationInstance,
  { seed = 1, runs = 10 }: CorrelationClusteringOptions = {}): CorrelationClustering {
  if (!(runs >= 1)) throw new Error(`runs must be at least 1, got ${runs}`);
  const adj = adjacency(instance);
  const random = seededRandom(seed);
  let best: CorrelationClustering | undefined;
  for (let r = 0; r < runs; r++) {
    const clusters = pivotRun(instance, random, adj);
    const cost = correlationCost(instance, clusters);
    if (!best || cost < best.cost) best = { clusters, cost };
  }
  return best!;
}
