import { classifyPage, smoothPage } from '../../../pipeline/runPipeline.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../../pipeline/pipelineOptions.ts';
import { basicMergeValues } from '../../../segment/baselines.ts';
import type { ModelWeights } from '../../../model/weights.ts';
import type { PageSnapshot } from '../../../snapshot/pageSnapshot.ts';
import {
  addTemplateCounts, emptyTemplateCounts, fMeasure, type LabelledUnit, type PrecisionRecall,
} from '../../../eval/templateMeasures.ts';
import { L3S_TEMPLATE_CLASSES } from '../../../eval/l3sClasses.ts';

export interface TemplateEvalRow {
  method: 'PageLevel Basic' | 'PageLevel Basic+Merge' | 'PageLevel Smooth';
  /** Basic+Merge only: the δ that scored best (the paper picks it by exhaustive search). */
  delta?: number;
  text: PrecisionRecall;
  anchorText: PrecisionRecall;
  links: PrecisionRecall;
}

/**
 * 000 §6.1 on held-out L3S pages: words, anchor text and links inside template regions, for the raw classifier
 * (Basic: a word is template when the score of its node, or of the node that node is hidden in, passes the threshold)
 * and after smoothing.
 */
/** δ values searched for Basic+Merge. */
const MERGE_DELTAS = [0.02, 0.05, 0.1, 0.2, 0.3];

export function heldOutTemplateEval(pages: Array<{ snapshot: PageSnapshot; spans: Int8Array }>, weights: ModelWeights,
  penaltyFactor = DEFAULT_PIPELINE_OPTIONS.penaltyFactor): TemplateEvalRow[] {
  const options = { ...DEFAULT_PIPELINE_OPTIONS, penaltyFactor };
  const basic = emptyTemplateCounts();
  const smooth = emptyTemplateCounts();
  const merged = MERGE_DELTAS.map(() => emptyTemplateCounts());
  for (const { snapshot, spans } of pages) {
    const units: LabelledUnit[] = [];
    spans.forEach((cls, node) => {
      if (cls >= 0) units.push({ node, template: L3S_TEMPLATE_CLASSES.includes(cls) });
    });
    const classified = classifyPage(snapshot, weights);
    const smoothed = smoothPage(classified, options);
    const basicScore = smoothed.basicValues;
    addTemplateCounts(basic, snapshot, units, (n) => basicScore[n] >= options.threshold);
    addTemplateCounts(smooth, snapshot, units, (n) => smoothed.values[n] >= options.threshold);
    MERGE_DELTAS.forEach((delta, k) => {
      const v = basicMergeValues(snapshot.parent, classified.scores, smoothed.ownerOf, smoothed.visibleNodes, delta);
      addTemplateCounts(merged[k], snapshot, units, (n) => v[n] >= options.threshold);
    });
  }
  const row = (method: TemplateEvalRow['method'], c: typeof basic): TemplateEvalRow => ({
    method, text: fMeasure(c.text), anchorText: fMeasure(c.anchorText), links: fMeasure(c.links),
  });
  const mergeRows = MERGE_DELTAS.map((delta, k) => ({ ...row('PageLevel Basic+Merge', merged[k]), delta }));
  const bestMerge = mergeRows.reduce((a, b) => (b.text.f + b.links.f > a.text.f + a.links.f ? b : a));
  return [row('PageLevel Basic', basic), bestMerge, row('PageLevel Smooth', smooth)];
}

/** The §6.1 rows as a Markdown table (model card and `winnow eval --dataset segmentation`). */
export function templateEvalTable(rows: TemplateEvalRow[]): string {
  const f3 = (x: number) => x.toFixed(3);
  return ['| method | Text P | Text R | Text F | AT F | Links F |', '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.method}${r.delta === undefined ? '' : ` (best δ = ${r.delta})`} | ` +
      `${f3(r.text.precision)} | ${f3(r.text.recall)} | ${f3(r.text.f)} | ${f3(r.anchorText.f)} | ${f3(r.links.f)} |`),
  ].join('\n');
}
