/**
 * Kept labels put back on a new run's segments (after a re-run, a slider move, a reload or an import). A label is
 * applied only where its segment is found again with the same text: by selector, else by XPath, else by the text
 * hash alone when exactly one segment has it (the element moved). A label whose element is still there with other
 * text, or is gone, is not applied; it is reported so the person is told, and it stays kept.
 */
import type { SegmentLabelRecord } from './pageLabels.ts';

/** How a segment of the current run can be named (the fields a label record keeps). */
export interface SegmentIdentity {
  selector: string;
  xpath: string | null;
  textHash: string;
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
  const result: LabelMapping = { applied: new Map(), changed: [], missing: [] };
  for (const label of labels) {
    const sameText = (k: number | undefined) => (k !== undefined && segments[k].textHash === label.textHash ? k : undefined);
    const atSelector = bySelector.get(label.selector);
    const atXpath = label.xpath === null ? undefined : byXpath.get(label.xpath);
    const textMatches = byText.get(label.textHash);
    const k = sameText(atSelector?.[0]) ?? sameText(atXpath?.[0]) ??
      (textMatches?.length === 1 ? textMatches[0] : undefined);
    if (k !== undefined && !result.applied.has(k)) result.applied.set(k, label);
    else if (atSelector || atXpath) result.changed.push(label);
    else result.missing.push(label);
  }
  return result;
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
