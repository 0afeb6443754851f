/**
 * Kept labels put back on a new run's segments (after a re-run, a slider move, a reload or an import). A label is
 * applied only where its segment is found again with the same text: by selector, else by XPath, else by a text hash
 * alone when exactly one segment has it (the element moved). A label whose element is still there with other text,
 * or is gone, is not applied; it is reported so the person is told, and it stays kept.
 *
 * "The same text" is either hash: the segment's own text (`textHash`, which leaves out segments nested inside) or its
 * whole subtree's (`subtreeHash`). Another penalty nests other segments inside and changes the own text of an element
 * whose text did not change, while the subtree hash stays; an ad rotating in a segment nested inside changes the
 * subtree text, while the own text stays. Labels and segments without a subtree hash (files written before it) are
 * matched by the own text alone, as before.
 */
import type { SegmentLabelRecord } from './pageLabels.ts';
import { sameTextAs, subtreeHashOf } from './segmentText.ts';

/** How a segment of the current run can be named (the fields a label record keeps). */
export interface SegmentIdentity {
  selector: string;
  xpath: string | null;
  textHash: string;
  subtreeHash?: string;
}

export interface LabelMapping {
  /** Segment index → the label applied to it. */
  applied: Map<number, SegmentLabelRecord>;
  /** Labels whose element is there (by selector or XPath) but whose text changed. */
  changed: SegmentLabelRecord[];
  /** Labels with no segment on the page any more. */
  missing: SegmentLabelRecord[];
}

export function mapLabels(labels: readonly SegmentLabelRecord[], segments: readonly SegmentIdentity[]): LabelMapping {
  const bySelector = indexBy(segments, (s) => s.selector);
  const byXpath = indexBy(segments, (s) => s.xpath);
  const byText = indexBy(segments, (s) => s.textHash);
  const bySubtree = indexBy(segments, (s) => subtreeHashOf(s));
  // Segments without a subtree hash sit under `undefined`: a label without one must not be matched to them by it.
  const bySubtreeOf = (label: SegmentLabelRecord) => {
    const hash = subtreeHashOf(label);
    return hash === undefined ? undefined : bySubtree.get(hash);
  };
  const result: LabelMapping = { applied: new Map(), changed: [], missing: [] };
  for (const label of labels) {
    const sameText = (k: number | undefined) => (k !== undefined && sameTextAs(segments[k], label) ? k : undefined);
    const atSelector = bySelector.get(label.selector);
    const atXpath = label.xpath === null ? undefined : byXpath.get(label.xpath);
    const k = sameText(atSelector?.[0]) ?? sameText(atXpath?.[0]) ??
      onlyOne(byText.get(label.textHash)) ?? onlyOne(bySubtreeOf(label));
    if (k !== undefined && !result.applied.has(k)) result.applied.set(k, label);
    else if (atSelector || atXpath) result.changed.push(label);
    else result.missing.push(label);
  }
  return result;
}

function onlyOne(matches: number[] | undefined): number | undefined {
  return matches?.length === 1 ? matches[0] : undefined;
}

function indexBy<K>(segments: readonly SegmentIdentity[], key: (s: SegmentIdentity) => K): Map<K, number[]> {
  const out = new Map<K, number[]>();
  segments.forEach((s, k) => {
    const list = out.get(key(s));
    if (list) list.push(k);
    else out.set(key(s), [k]);
  });
  return out;
}
