import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';

/**
 * Template detection quality as in 000 §6.1: precision, recall and f-measure of the words (Text), anchor text (AT)
 * and links that lie in template regions. Ground truth comes as labelled units (nodes whose whole text carries one
 * human label, e.g. L3S's annotated spans); a unit's words count as predicted template when its node is.
 */
export interface LabelledUnit {
  node: number;
  template: boolean;
}

export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
}

export interface TemplateCounts {
  text: Confusion;
  anchorText: Confusion;
  links: Confusion;
}

export function emptyTemplateCounts(): TemplateCounts {
  return { text: { tp: 0, fp: 0, fn: 0 }, anchorText: { tp: 0, fp: 0, fn: 0 }, links: { tp: 0, fp: 0, fn: 0 } };
}

/** Adds one page's counts into `into` (micro-averaging over pages, as word-level measures are). */
export function addTemplateCounts(into: TemplateCounts, s: PageSnapshot, units: LabelledUnit[],
  predictedTemplate: (node: number) => boolean): TemplateCounts {
  for (const u of units) {
    const predicted = predictedTemplate(u.node);
    tally(into.text, u.template, predicted, s.words[u.node]);
    tally(into.anchorText, u.template, predicted, s.anchorChars[u.node]);
    tally(into.links, u.template, predicted, s.links[u.node]);
  }
  return into;
}

function tally(c: Confusion, actual: boolean, predicted: boolean, amount: number): void {
  if (actual && predicted) c.tp += amount;
  else if (predicted) c.fp += amount;
  else if (actual) c.fn += amount;
}

export interface PrecisionRecall {
  precision: number;
  recall: number;
  f: number;
}

export function fMeasure(c: Confusion): PrecisionRecall {
  const precision = c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : 0;
  const recall = c.tp + c.fn > 0 ? c.tp / (c.tp + c.fn) : 0;
  const f = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f };
}
