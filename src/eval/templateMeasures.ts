import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { innermostUnitLabels } from './innermostUnits.ts';
import { ownShare } from '../snapshot/tree.ts';

/**
 * Template detection quality as in 000 §6.1: precision, recall and f-measure of the words (Text), anchor text (AT)
 * and links that lie in template regions, each word and link counted once. Ground truth comes as labelled units
 * (nodes carrying a human label, e.g. L3S's annotated spans). Units may nest: L3S wraps spans in spans, often three
 * deep and sometimes with another class inside, so a word takes the label of the innermost unit around it. A word
 * is predicted template when the deepest node holding it is, which after smoothing is the same as lying under any
 * template segment (values only rise downwards).
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
  // Snapshot counts are per subtree; counting them per unit would count a nested unit's words once per enclosing
  // unit. Each node's own share (subtree minus children) is counted once instead, under its innermost unit's label.
  const unitLabel = new Int8Array(s.count).fill(-1);
  for (const u of units) unitLabel[u.node] = u.template ? 1 : 0;
  const label = innermostUnitLabels(s.parent, unitLabel);
  const words = ownShare(s.parent, s.words);
  const anchorChars = ownShare(s.parent, s.anchorChars);
  const links = ownShare(s.parent, s.links);
  for (let i = 0; i < s.count; i++) {
    if (label[i] < 0 || words[i] + anchorChars[i] + links[i] === 0) continue;
    const actual = label[i] === 1;
    const predicted = predictedTemplate(i);
    tally(into.text, actual, predicted, words[i]);
    tally(into.anchorText, actual, predicted, anchorChars[i]);
    tally(into.links, actual, predicted, links[i]);
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
