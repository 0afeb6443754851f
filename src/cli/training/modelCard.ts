import { classifyNodes } from '../../model/bucketedModel.ts';
import { parseModelWeights } from '../../model/weights.ts';
import { FEATURE_SCHEMA } from '../../features/featureSchema.ts';
import type { TrainingRows } from './trainingRows.ts';
import type { TemplateEvalRow } from './heldOutTemplateEval.ts';

export interface ModelEvaluation {
  rows: number;
  auc: number;
  precision: number;
  recall: number;
  f1: number;
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
  const precision = tp / Math.max(1, tp + fp);
  const recall = tp / Math.max(1, tp + fn);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  const accuracy = (tp + tn) / Math.max(1, p.length);
  const auc = rocAuc(p, rows.labels);
  const summary = `${p.length} nodes, AUC ${auc.toFixed(3)}, template precision ${precision.toFixed(3)} ` +
    `recall ${recall.toFixed(3)} F1 ${f1.toFixed(3)}, accuracy ${accuracy.toFixed(3)}`;
  return { rows: p.length, auc, precision, recall, f1, accuracy, summary };
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

export function formatModelCard(o: {
  weights: { training: { command: string; data: string; date: string }; bucketBounds: number[];
    models: Array<{ trainedOn: unknown }> };
  evaluation: ModelEvaluation;
  templateEval: TemplateEvalRow[];
  trainRows: TrainingRows;
  testRows: TrainingRows;
  failed: number;
}): string {
  const e = o.evaluation;
  return `# Winnow templateness model (feature schema ${FEATURE_SCHEMA.name} v${FEATURE_SCHEMA.version})

Four logistic-regression models, one per node-area bucket (Chakrabarti et al. 2007, §5.2), fitted by Newton's method
with L2 regularisation and balanced classes. The scores feed the isotonic smoothing of §4.

- Reproduce: \`${o.weights.training.command}\`
- Data: ${o.weights.training.data}
- Training rows: ${o.trainRows.labels.length} nodes from ${o.trainRows.pages} pages; held out: ${o.testRows.labels.length}
  nodes from ${o.testRows.pages} pages; pages that failed to capture: ${o.failed}
- Labels: a node is template when ≥ 85% of its annotated text is in x-nc-sel0/4 spans; nodes without annotated text
  and nodes under 2000 px² (never classified) are not used.
- Area-fraction bucket bounds: ${o.weights.bucketBounds.map((b) => b.toPrecision(3)).join(', ')}
- Trained on: ${o.weights.models.map((m) => JSON.stringify(m.trainedOn)).join('; ')}
- Date: ${o.weights.training.date}

## Held-out sites, classifier alone (threshold 0.5)

| nodes | ROC AUC | precision | recall | F1 | accuracy |
| --- | --- | --- | --- | --- | --- |
| ${e.rows} | ${e.auc.toFixed(3)} | ${e.precision.toFixed(3)} | ${e.recall.toFixed(3)} | ${e.f1.toFixed(3)} | ${e.accuracy.toFixed(3)} |

## Held-out sites, template detection as in §6.1 (c = 0.01, threshold 0.5)

Precision / recall / f-measure of the annotated words (Text), anchor-text characters (AT) and links that lie in
template regions (L3S classes 0 and 4), micro-averaged over the held-out pages.

| method | Text P | Text R | Text F | AT F | Links F |
| --- | --- | --- | --- | --- | --- |
${o.templateEval.map((r) => `| ${r.method}${r.delta === undefined ? '' : ` (best δ = ${r.delta})`} | ${r.text.precision.toFixed(3)} | ${r.text.recall.toFixed(3)} | ` +
    `${r.text.f.toFixed(3)} | ${r.anchorText.f.toFixed(3)} | ${r.links.f.toFixed(3)} |`).join('\n')}
`;
}
