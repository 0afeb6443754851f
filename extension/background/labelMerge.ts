/**
 * Imported labels merged into a page's kept ones, by the core's rules (src/labels/pageLabels.ts: a new segment's label
 * is added, the newer label of a segment wins, a change to a kept label only when the person confirmed). What the
 * core merges is label records; this keeps each record's segment with it: a kept segment keeps its feature rows even
 * when an imported label replaces its label (the rows describe the segment, not the label).
 */
import { mergeLabels, subtreeHashField, type SegmentLabelRecord } from '../../src/labels/pageLabels.ts';
import type { LabelledSegment, PageLabels } from '../shared/labelsApi.ts';

export interface PageMerge {
  page: PageLabels;
  added: number;
  unchanged: number;
  /** Kept labels a newer imported one would change (replaced when `replace`). */
  conflicts: number;
  replaced: number;
}

export function mergePageLabels(kept: PageLabels | null, incoming: PageLabels, options: { replace: boolean }): PageMerge {
  const existing = kept?.segments ?? [];
  const merge = mergeLabels(existing.map((s) => s.record), incoming.segments.map((s) => s.record), options);
  const byRecord = new Map<SegmentLabelRecord, LabelledSegment>();
  for (const s of existing) byRecord.set(s.record, s);
  for (const s of incoming.segments) byRecord.set(s.record, s);
  const segments = merge.labels.map((record, k): LabelledSegment => {
    const from = byRecord.get(record)!;
    // Positions of kept labels do not move in the merge: a record that is not the kept one at its place replaced it.
    const keptHere = k < existing.length ? existing[k] : null;
    if (keptHere === null || keptHere === from) return from;
    // The subtree hash goes with the record that won (the exported file reads labels back from the annotation).
    const { subtreeHash: _, ...annotation } = keptHere.annotation;
    return {
      record,
      annotation: { ...annotation, ...subtreeHashField(record), humanLabel: record.label, labelledAt: record.labelledAt },
      rows: keptHere.rows,
    };
  });
  const replaced = options.replace ? merge.replaced.length : 0;
  return {
    page: { url: incoming.url, title: kept?.title || incoming.title, viewport: kept?.viewport ?? incoming.viewport, segments },
    added: merge.added,
    unchanged: merge.unchanged,
    conflicts: merge.replaced.length,
    replaced,
  };
}

/** Labels of one page from several files, newest per segment (among themselves nothing needs a confirm). */
export function combineImported(pages: PageLabels[]): PageLabels {
  return pages.slice(1).reduce((acc, next) => {
    const merged = mergePageLabels(acc, next, { replace: true }).page;
    return { ...merged, title: next.title || acc.title, viewport: next.viewport };
  }, pages[0]);
}

