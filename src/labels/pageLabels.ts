/**
 * A person's labels on one page's segments, as they are kept (per page address) and merged. A label names its segment
 * the ways a later run can find it again: CSS selector, XPath, the hash of the segment's own text and that of its
 * whole subtree's text (src/labels/labelMapping.ts).
 */
import type { AnnotationExport, SegmentLabel } from './annotationFile.ts';
import { sameTextAs } from './segmentText.ts';

export interface SegmentLabelRecord {
  selector: string;
  xpath: string | null;
  textHash: string;
  /** Hash of the segment root's whole subtree text (absent for labels made before it was kept). */
  subtreeHash?: string;
  label: SegmentLabel;
  /** ISO 8601 time the label was set: the newer of two labels for one segment wins a merge. */
  labelledAt: string;
}

/** The human labels of an annotation file (segments whose humanLabel is set). */
export function labelsOfFile(file: AnnotationExport): SegmentLabelRecord[] {
  return file.segments.flatMap((s) => (s.humanLabel === null ? [] : [{
    selector: s.selector, xpath: s.xpath, textHash: s.textHash, ...subtreeHashField(s), label: s.humanLabel,
    labelledAt: s.labelledAt ?? file.createdAt,
  }]));
}

/** `{ subtreeHash }` when the segment or record has one, else nothing (the field stays absent, not undefined). */
export function subtreeHashField(s: { subtreeHash?: string }): { subtreeHash?: string } {
  return s.subtreeHash === undefined ? {} : { subtreeHash: s.subtreeHash };
}

/**
 * Two records are for the same segment when they name the same element with the same text (own or, both having
 * one, subtree: the same element labelled at two penalties is one segment, as labelMapping.ts finds it).
 */
export function sameSegment(a: SegmentLabelRecord, b: SegmentLabelRecord): boolean {
  return sameTextAs(a, b) && (a.selector === b.selector || (a.xpath !== null && a.xpath === b.xpath));
}

export interface LabelMerge {
  labels: SegmentLabelRecord[];
  /** Incoming labels for segments that had none. */
  added: number;
  /** Existing labels an incoming, newer label with another value replaced (or would, without `replace`). */
  replaced: Array<{ existing: SegmentLabelRecord; incoming: SegmentLabelRecord }>;
  /** Incoming labels left out: the same as, or older than, what is kept. */
  unchanged: number;
}

/**
 * `incoming` merged into `existing`: a label for a new segment is added; for a labelled segment the newer label wins.
 * A newer label that would change an existing one replaces it only with `replace` (the person confirmed); without,
 * the existing label stays and the would-be change is listed in `replaced`, so nothing is lost unasked.
 */
export function mergeLabels(existing: readonly SegmentLabelRecord[], incoming: readonly SegmentLabelRecord[],
  options: { replace: boolean }): LabelMerge {
  const labels = [...existing];
  const result: LabelMerge = { labels, added: 0, replaced: [], unchanged: 0 };
  for (const next of incoming) {
    const k = labels.findIndex((l) => sameSegment(l, next));
    if (k < 0) {
      labels.push(next);
      result.added += 1;
      continue;
    }
    const current = labels[k];
    const newer = Date.parse(next.labelledAt) > Date.parse(current.labelledAt);
    if (!newer || next.label === current.label) {
      if (newer) labels[k] = next; // the same label, set again later: keep the later time
      result.unchanged += 1;
      continue;
    }
    result.replaced.push({ existing: current, incoming: next });
    if (options.replace) labels[k] = next;
  }
  return result;
}
