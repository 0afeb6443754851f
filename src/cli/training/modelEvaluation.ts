import { classifyNodes } from '../../model/bucketedModel.ts';
import { parseModelWeights } from '../../model/weights.ts';
import { FEATURE_SCHEMA } from '../../features/featureSchema.ts';
import type { TrainingRows } from './trainingRows.ts';

export interface ModelEvaluation {
  rows: number;
  auc: number;
  /** Template (label 1) precision, recall and F1 at threshold 0.5. */
  precision: number;
  recall: number;
  f1: number;
  /** F1 of the content class (label 0, score below 0.5). */
  contentF1: number;
  accuracy: number;
  summary: string;
}

/** Node-level quality of the classifier alone (no smoothing) on held-out rows, at threshold 0.5. */
export function evaluateModel(weightsJson: unknown, rows: TrainingRows): ModelEvaluation {
  const weights = parseModelWeights(weightsJson, FEATURE_SCHEMA);
  const p = classifyNodes(weights, rows.features, rows.areaFractions);
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (let i = 0; i < p.length; i++) {
    const predicted = p[i] >= 0.5;
    const actual = rows.labels[i] === 1;
    if (predicted && actual) tp++;
    else if (predicted) fp++;
    else if (actual) fn++;
    else tn++;
  }
  const f = (hit: number, falseAlarm: number, miss: number) => {
    const precision = hit / Math.max(1, hit + falseAlarm);
    const recall = hit / Math.max(1, hit + miss);
    return { precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0 };
  };
  const { precision, recall, f1 } = f(tp, fp, fn);
  const contentF1 = f(tn, fn, fp).f1;
  const accuracy = (tp + tn) / Math.max(1, p.length);
  const auc = rocAuc(p, rows.labels);
  const summary = `${p.length} nodes, AUC ${auc.toFixed(3)}, template precision ${precision.toFixed(3)} ` +
    `recall ${recall.toFixed(3)} F1 ${f1.toFixed(3)}, content F1 ${contentF1.toFixed(3)}, accuracy ${accuracy.toFixed(3)}`;
  return { rows: p.length, auc, precision, recall, f1, contentF1, accuracy, summary };
}

/** Area under the ROC curve by the rank-sum formula, ties sharing their average rank. */
export function rocAuc(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const order = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let rankSum = 0;
  let positives = 0;
  for (let k = 0; k < order.length;) {
    let end = k;
    while (end + 1 < order.length && scores[order[end + 1]] === scores[order[k]]) end++;
    const rank = (k + end) / 2 + 1;
    for (let j = k; j <= end; j++) if (labels[order[j]] === 1) { rankSum += rank; positives++; }
    k = end + 1;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}
