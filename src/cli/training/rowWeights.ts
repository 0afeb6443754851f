/** How training rows are weighted when sources of very different sizes are pooled. */
export const WEIGHTINGS = ['row', 'page', 'source'] as const;
export type Weighting = (typeof WEIGHTINGS)[number];

/** `--weighting` when not given: every row alike, so `train … --labels l3s` still reproduces the L3S-only weights. */
export const DEFAULT_WEIGHTING: Weighting = 'row';

export function isWeighting(v: string): v is Weighting {
  return (WEIGHTINGS as readonly string[]).includes(v);
}

export const WEIGHTING_DESCRIPTIONS: Record<Weighting, string> = {
  row: 'every labelled node weighs the same (a page with many nodes counts more)',
  page: 'every page weighs the same, its nodes sharing its weight',
  source: 'every source (L3S, Dragnet, wcxb-dev) weighs the same, and within a source every page the same',
};

/**
 * One weight per training row, scaled so that they average 1 (the L2 penalty keeps its strength against the data).
 * Class balancing per area bucket comes on top (trainWeightedBucketedModel). `pageSource[p]` is the source of page p,
 * `pageOfRow[r]` the page of row r; pages without rows count for nothing.
 */
export function rowWeights(pageOfRow: ArrayLike<number>, pageSource: readonly string[], weighting: Weighting): Float64Array {
  const n = pageOfRow.length;
  const weights = new Float64Array(n).fill(1);
  if (weighting === 'row' || n === 0) return weights;
  const rowsOfPage = new Float64Array(pageSource.length);
  for (let r = 0; r < n; r++) rowsOfPage[pageOfRow[r]]++;
  const pagesOfSource = new Map<string, number>();
  pageSource.forEach((s, p) => {
    if (rowsOfPage[p] > 0) pagesOfSource.set(s, (pagesOfSource.get(s) ?? 0) + 1);
  });
  let sum = 0;
  for (let r = 0; r < n; r++) {
    const p = pageOfRow[r];
    weights[r] = 1 / (rowsOfPage[p] * (weighting === 'source' ? pagesOfSource.get(pageSource[p])! : 1));
    sum += weights[r];
  }
  for (let r = 0; r < n; r++) weights[r] *= n / sum;
  return weights;
}
