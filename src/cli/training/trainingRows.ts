import { computeFeatures } from '../../features/computeFeatures.ts';
import { FEATURE_COUNT } from '../../features/featureSchema.ts';
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { classifiedNodes } from '../evaluation/classifiedNodes.ts';

export interface TrainingRows {
  features: { rows: number; cols: number; data: Float32Array };
  labels: Uint8Array;
  areaFractions: Float64Array;
  /** Per row, the index (in the pages given) of the page it comes from. */
  pageOfRow: Uint32Array;
  pages: number;
}

/** Features per snapshot, computed once: every label variant and every held-out measure reads the same pages. */
const featureCache = new WeakMap<PageSnapshot, ReturnType<typeof computeFeatures>>();

/**
 * One row per labelled node that the pipeline would classify: hidden nodes (under 2000 px², or inside one) are
 * never classified (000 §5.3), so they are not trained on either.
 */
export function buildTrainingRows(pages: Array<{ snapshot: PageSnapshot; labels: Int8Array }>): TrainingRows {
  const chunks: Float32Array[] = [];
  const labels: number[] = [];
  const areas: number[] = [];
  const pageOfRow: number[] = [];
  pages.forEach(({ snapshot: s, labels: nodeLabels }, page) => {
    let f = featureCache.get(s);
    if (!f) featureCache.set(s, (f = computeFeatures(s)));
    for (const i of classifiedNodes(s)) {
      if (nodeLabels[i] < 0) continue;
      chunks.push(f.data.subarray(i * FEATURE_COUNT, (i + 1) * FEATURE_COUNT));
      labels.push(nodeLabels[i]);
      areas.push(f.areaFraction[i]);
      pageOfRow.push(page);
    }
  });
  const data = new Float32Array(chunks.length * FEATURE_COUNT);
  chunks.forEach((c, k) => data.set(c, k * FEATURE_COUNT));
  return {
    features: { rows: chunks.length, cols: FEATURE_COUNT, data },
    labels: Uint8Array.from(labels),
    areaFractions: Float64Array.from(areas),
    pageOfRow: Uint32Array.from(pageOfRow),
    pages: pages.length,
  };
}
