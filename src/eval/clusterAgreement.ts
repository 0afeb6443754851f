/**
 * Agreement between two clusterings of the same items (segmentation quality against human blocks, as the graph-cut
 * segmentation paper measures it): adjusted Rand index and normalized mutual information. Pure: labels are any
 * numbers or strings, only equality between them matters; every item weighs the same.
 */
export type ClusterLabel = number | string;

/** The contingency table of two labelings: its non-zero cells and its margins (the cluster sizes). */
export interface Contingency {
  n: number;
  /** n_ij > 0 with the row (cluster of `a`) and column (cluster of `b`) it belongs to. */
  cells: Array<{ count: number; row: number; col: number }>;
  /** Cluster sizes in `a` (rows) and in `b` (columns). */
  rowSums: number[];
  colSums: number[];
}

export function contingency(a: ArrayLike<ClusterLabel>, b: ArrayLike<ClusterLabel>): Contingency {
  if (a.length !== b.length) throw new Error(`labelings differ in length: ${a.length} and ${b.length}`);
  const rowOf = new Map<ClusterLabel, number>();
  const colOf = new Map<ClusterLabel, number>();
  const rowSums: number[] = [];
  const colSums: number[] = [];
  const cells = new Map<string, { count: number; row: number; col: number }>();
  for (let k = 0; k < a.length; k++) {
    const row = denseIndex(rowOf, rowSums, a[k]);
    const col = denseIndex(colOf, colSums, b[k]);
    const key = `${row},${col}`;
    const cell = cells.get(key);
    if (cell) cell.count++;
    else cells.set(key, { count: 1, row, col });
  }
  return { n: a.length, cells: [...cells.values()], rowSums, colSums };
}

/** Dense index of `label` (a new one on first sight) with its cluster size counted. */
function denseIndex(index: Map<ClusterLabel, number>, sizes: number[], label: ClusterLabel): number {
  let i = index.get(label);
  if (i === undefined) {
    i = sizes.length;
    index.set(label, i);
    sizes.push(0);
  }
  sizes[i]++;
  return i;
}

const pairs = (m: number) => (m * (m - 1)) / 2;
const sumPairs = (sizes: number[]) => sizes.reduce((s, m) => s + pairs(m), 0);

/**
 * Hubert & Arabie's adjusted Rand index: (Σ C(n_ij,2) − E) / (½(Σ C(a_i,2) + Σ C(b_j,2)) − E) with
 * E = Σ C(a_i,2)·Σ C(b_j,2) / C(n,2). 1 for identical partitions, about 0 for independent ones, negative below chance.
 * The denominator vanishes only when both labelings put every item alone, or both put all items together — then they
 * are the same partition — or when there are fewer than two items: all of those count as perfect agreement, 1.
 */
export function adjustedRandIndex(a: ArrayLike<ClusterLabel>, b: ArrayLike<ClusterLabel>): number {
  const t = contingency(a, b);
  const total = pairs(t.n);
  if (total === 0) return 1;
  const index = t.cells.reduce((s, c) => s + pairs(c.count), 0);
  const sumA = sumPairs(t.rowSums);
  const sumB = sumPairs(t.colSums);
  const expected = (sumA * sumB) / total;
  const max = (sumA + sumB) / 2;
  if (max === expected) return 1;
  return (index - expected) / (max - expected);
}

/**
 * Mutual information normalised by the arithmetic mean of the two entropies, I(A;B) / ((H(A) + H(B)) / 2) (Manning,
 * Raghavan & Schütze, Introduction to IR §16.3; scikit-learn's default). In [0, 1]; the logarithm's base cancels.
 * When both labelings are a single cluster (both entropies 0) they are the same partition, so 1; when only one is,
 * I = 0 and so is NMI. No items at all also counts as 1.
 */
export function normalizedMutualInformation(a: ArrayLike<ClusterLabel>, b: ArrayLike<ClusterLabel>): number {
  const t = contingency(a, b);
  if (t.n === 0) return 1;
  const hA = entropy(t.rowSums);
  const hB = entropy(t.colSums);
  if (hA === 0 && hB === 0) return 1;
  // Rounding can leave a hair above 1 (identical labelings) or below 0 (independent ones).
  return Math.min(1, Math.max(0, mutualInformation(t) / ((hA + hB) / 2)));
}

/** Entropy in nats of a clustering given its cluster sizes. */
export function entropy(sizes: number[]): number {
  const n = sizes.reduce((s, m) => s + m, 0);
  let h = 0;
  for (const m of sizes) if (m > 0) h -= (m / n) * Math.log(m / n);
  return h;
}

/** I(A;B) in nats: Σ p_ij · log(p_ij / (p_i · p_j)). */
export function mutualInformation(t: Contingency): number {
  let mi = 0;
  for (const { count, row, col } of t.cells) {
    mi += (count / t.n) * Math.log((t.n * count) / (t.rowSums[row] * t.colSums[col]));
  }
  return mi;
}
