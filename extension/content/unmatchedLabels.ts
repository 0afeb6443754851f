/**
 * The one notice a person gets about kept labels that did not find their segment on this run, with why: the text
 * of the part changed, the part is there but is no segment at this penalty (it merged into its parent; a lower
 * penalty brings it back), or the part is gone. The labels stay kept either way.
 */
import type { LabelMapping } from '../../src/labels/labelMapping.ts';
import type { SegmentLabelRecord } from '../../src/labels/pageLabels.ts';

export interface UnmatchedLabels {
  changed: number;
  /** Not a segment root now, though its element is still on the page with the same text. */
  merged: number;
  gone: number;
}

/** Sorts the mapping's unmatched labels; `captured` says whether a label's element is still on the page. */
export function unmatchedLabels(mapping: LabelMapping, captured: (label: SegmentLabelRecord) => boolean):
  UnmatchedLabels {
  const merged = mapping.missing.filter(captured).length;
  return { changed: mapping.changed.length, merged, gone: mapping.missing.length - merged };
}

/** "2 of your labels no longer match this page: the text changed. They are kept." — or null when all matched. */
export function unmatchedNotice({ changed, merged, gone }: UnmatchedLabels): string | null {
  const total = changed + merged + gone;
  if (total === 0) return null;
  const reasons = [
    [changed, 'the text changed'],
    [merged, 'not a segment at this penalty (a lower one brings it back)'],
    [gone, 'gone from the page'],
  ].filter(([n]) => (n as number) > 0);
  const why = reasons.length === 1 ? reasons[0][1] : reasons.map(([n, what]) => `${what} (${n})`).join('; ');
  const labels = total === 1 ? '1 of your labels no longer matches' : `${total} of your labels no longer match`;
  return `${labels} this page: ${why}. ${total === 1 ? 'It is' : 'They are'} kept.`;
}
