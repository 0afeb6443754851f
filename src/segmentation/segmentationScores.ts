/**
 * How far a segmentation agrees with people's: the measures of the graph-cut paper (Chakrabarti, Kumar & Punera,
 * WWW 2008, §5: adjusted Rand index and NMI) and of Webis-WebSeg-20 (Kiesel et al., CIKM 2020: BCubed precision,
 * recall and F1, per element, weighted by characters or counting DOM nodes). Pure: no DOM, no Node.
 *
 * A segmentation here is a segment id per element (leaf, node, …) with UNSEGMENTED (−1) for an element in no
 * segment. People leave much of a page unsegmented (whitespace wrappers, chrome nobody marked); methods may too.
 *
 * ARI is Hubert & Arabie's, shared with the smoothing's evaluation in src/eval/clusterAgreement.ts (one copy, not
 * two). NMI is Strehl & Ghosh's, I(A;B) / sqrt(H(A)·H(B)), the paper's reference [18]; clusterAgreement's
 * `normalizedMutualInformation` divides by the arithmetic mean instead, which is never smaller than the geometric
 * one, so its NMI is never larger than this one.
 */
import { adjustedRandIndex, contingency, entropy, mutualInformation } from '../eval/clusterAgreement.ts';

export { adjustedRandIndex };

export const UNSEGMENTED = -1;

/**
 * Strehl & Ghosh's NMI, I(A;B) / sqrt(H(A)·H(B)), in [0, 1]. Both labelings a single cluster (or no items): the same
 * partition, 1. Only one of them a single cluster: I = 0 over a zero denominator, taken as 0 (no shared information).
 */
export function geometricNmi(a: ArrayLike<number | string>, b: ArrayLike<number | string>): number {
  const t = contingency(a, b);
  if (t.n === 0) return 1;
  const hA = entropy(t.rowSums);
  const hB = entropy(t.colSums);
  if (hA === 0 && hB === 0) return 1;
  if (hA === 0 || hB === 0) return 0;
  // Rounding can leave a hair above 1 (identical labelings) or below 0 (independent ones).
  return Math.min(1, Math.max(0, mutualInformation(t) / Math.sqrt(hA * hB)));
}

export interface PartitionAgreement {
  /** NaN when fewer than two elements are compared. */
  ari: number;
  nmi: number;
  /** Elements compared: those people put in a segment. */
  elements: number;
}

/**
 * ARI and NMI between a predicted and a true segmentation over the elements people segmented. Elements outside every
 * true segment are dropped: nobody judged them, and one "rest" cluster of them would reward or punish a method for how
 * it splits material nobody judged (as src/cli/evaluation/segmentation does for the smoothing). A compared element the
 * method left unsegmented becomes a segment of its own: the method claimed it belongs with nothing, the least it can
 * claim, and lumping all such elements together would invent a segment the method never made.
 */
export function partitionAgreement(predicted: ArrayLike<number>, truth: ArrayLike<number>): PartitionAgreement {
  if (predicted.length !== truth.length) {
    throw new Error(`segmentations differ in length: ${predicted.length} and ${truth.length}`);
  }
  const p: string[] = [];
  const t: number[] = [];
  for (let k = 0; k < truth.length; k++) {
    if (truth[k] === UNSEGMENTED) continue;
    p.push(predicted[k] === UNSEGMENTED ? `alone ${k}` : `segment ${predicted[k]}`);
    t.push(truth[k]);
  }
  const enough = p.length >= 2;
  return {
    ari: enough ? adjustedRandIndex(p, t) : NaN,
    nmi: enough ? geometricNmi(p, t) : NaN,
    elements: p.length,
  };
}

export interface BCubed {
  /** NaN when no element of positive weight is in a predicted segment. */
  precision: number;
  /** NaN when no element of positive weight is in a true segment. */
  recall: number;
  /** Harmonic mean of the two; 0 when both are 0, NaN when either is NaN. */
  f1: number;
}

/**
 * BCubed as Webis-WebSeg-20 evaluates segmentations (Kiesel et al., CIKM 2020; their evaluation framework,
 * webis-de/cikm20-web-page-segmentation-revisited-evaluation-framework-and-dataset, src/main/r/segmentations/
 * clustering-evaluation.R, which follows Amigó et al. 2009's extended BCubed for overlapping clusters). With w the
 * element weights (1 per DOM node for "nodes", the node's character count for "chars"):
 *
 *   precision(e) = w(P(e) ∩ T(e)) / w(P(e)),  precision = Σ w(e)·precision(e) / Σ w(e) over e in some predicted segment,
 *
 * where P(e) and T(e) are e's predicted and true segments; recall swaps the two. An element in a predicted segment but
 * in no true segment has precision 0 (its own weight counts in w(P(e)) but never in the overlap), and one in a true
 * segment but no predicted segment has recall 0 — as in the framework, whose per-pair multiplicity term is 0/0 and
 * dropped for pairs sharing no segment. F1 is taken of the page's precision and recall (evaluate-segmentation.R), not
 * averaged per element. Flat segmentations only: an element is in at most one segment per side, so the framework's
 * multiplicities min(#shared predicted, #shared true) / #shared predicted are 1 or 0. The framework's elements are DOM
 * nodes, those with the same bounding box merged into one with their weights summed; that merging is the caller's.
 */
export function bcubed(predicted: ArrayLike<number>, truth: ArrayLike<number>,
  weight: ArrayLike<number> = new Float64Array(predicted.length).fill(1)): BCubed {
  if (predicted.length !== truth.length || weight.length !== truth.length) {
    throw new Error(`lengths differ: ${predicted.length} predicted, ${truth.length} true, ${weight.length} weights`);
  }
  const precision = directedBCubed(predicted, truth, weight);
  const recall = directedBCubed(truth, predicted, weight);
  const f1 = Number.isNaN(precision) || Number.isNaN(recall) ? NaN
    : precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/**
 * BCubed precision of `from` against `to` (recall is the same with the two swapped): Σ over cells (F, T) of
 * w(F ∩ T)² / w(F), over the weight of everything `from` segments. Each element e of cell F ∩ T contributes
 * w(e)·w(F ∩ T)/w(F), so a cell adds w(F ∩ T)² / w(F).
 */
function directedBCubed(from: ArrayLike<number>, to: ArrayLike<number>, weight: ArrayLike<number>): number {
  const segmentWeight = new Map<number, number>();
  const cellWeight = new Map<string, { segment: number; w: number }>();
  let total = 0;
  for (let k = 0; k < from.length; k++) {
    const w = weight[k];
    if (!(w >= 0)) throw new Error(`element ${k} has weight ${w}`);
    if (from[k] === UNSEGMENTED || w === 0) continue;
    total += w;
    segmentWeight.set(from[k], (segmentWeight.get(from[k]) ?? 0) + w);
    if (to[k] === UNSEGMENTED) continue;
    const key = `${from[k]} ${to[k]}`;
    const cell = cellWeight.get(key);
    if (cell) cell.w += w;
    else cellWeight.set(key, { segment: from[k], w });
  }
  if (total === 0) return NaN;
  let sum = 0;
  for (const { segment, w } of cellWeight.values()) sum += (w * w) / segmentWeight.get(segment)!;
  return sum / total;
}
