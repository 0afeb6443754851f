import type { Segment } from '../segment/segments.ts';

/**
 * Share of the segments' text that is in template segments: each character counted once, in its innermost segment
 * (a segment's `text` is its own, without its child segments'). What the popup shows as "template text".
 */
export function templateSegmentShare(segments: readonly Segment[]): number {
  let total = 0;
  let template = 0;
  for (const s of segments) {
    const n = s.text.replace(/\s+/g, '').length;
    total += n;
    if (s.template) template += n;
  }
  return total > 0 ? template / total : 0;
}
