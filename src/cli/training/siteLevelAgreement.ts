import { classifiedNodes } from '../evaluation/classifiedNodes.ts';
import type { CapturedOk } from './trainingCorpus.ts';

export interface LabelAgreement {
  pages: number;
  /** Classified nodes that carry both a human and a SiteLevel label. */
  nodes: number;
  /** Of the nodes SiteLevel calls template, the share people call template too. */
  precision: number;
  /** Of the nodes people call template, the share SiteLevel finds. */
  recall: number;
  /** Share of nodes on which the two agree. */
  agreement: number;
}

/**
 * How SiteLevel's automatic labels compare with people's on the same nodes: L3S training pages of sites with enough
 * pages carry both. A diagnostic of the label source for the model card, not a measure of any model.
 */
export function siteLevelAgreement(pages: CapturedOk[], siteLevel: ReadonlyMap<string, Int8Array>): LabelAgreement {
  let tp = 0, fp = 0, fn = 0, tn = 0, used = 0;
  for (const c of pages) {
    const auto = siteLevel.get(c.page.id);
    if (!auto) continue;
    used++;
    for (const i of classifiedNodes(c.snapshot)) {
      const h = c.labels[i];
      const a = auto[i];
      if (h < 0 || a < 0) continue;
      if (a === 1 && h === 1) tp++;
      else if (a === 1) fp++;
      else if (h === 1) fn++;
      else tn++;
    }
  }
  const nodes = tp + fp + fn + tn;
  return {
    pages: used,
    nodes,
    precision: tp / Math.max(1, tp + fp),
    recall: tp / Math.max(1, tp + fn),
    agreement: (tp + tn) / Math.max(1, nodes),
  };
}
