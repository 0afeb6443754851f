// A person's labels win on their page (extension/content/labelledVerdicts.ts): hide, highlight and the reader act on a
// labelled segment as labelled, only on its own nodes, and the reader keeps whatever holds kept text.
import { describe, expect, it } from 'vitest';
import { withHumanLabels } from '../../extension/content/labelledVerdicts.ts';
import { drawnParts } from '../../extension/content/drawnParts.ts';
import { nodesToHide } from '../../extension/content/shownParts.ts';
import type { SmoothedPage } from '../../extension/content/pageState.ts';
import type { SegmentLabel } from '../../src/labels/annotationFile.ts';
import type { Segment } from '../../src/segment/segments.ts';

// 0 body
// ├ 1 nav            (template segment 1)
// │ └ 2 a
// ├ 3 main           (content segment 2)
// │ ├ 4 h1           headline
// │ ├ 5 p            body
// │ └ 6 aside        (template segment 3, nested in main)
// │   └ 7 a
// └ 8 footer         (template segment 4)
//   ├ 9 p
//   └ 10 div         (content segment 5, nested in the footer)
const parent = [-1, 0, 1, 0, 3, 3, 3, 6, 0, 8, 8];
const show = Uint8Array.from([1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0]);
const keep = Uint8Array.from([1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0]);

function segment(node: number, template: boolean, parentSegment: number): Segment {
  return { node, score: template ? 0.9 : 0.1, template, rect: { x: 0, y: 0, width: 1, height: 1 }, text: '', parentSegment };
}
const smoothed = {
  values: new Float64Array(11), readerKeep: keep, show, headline: 4, byline: -1,
  segments: [segment(0, false, -1), segment(1, true, 0), segment(3, false, 0), segment(6, true, 2), segment(8, true, 0),
    segment(10, false, 4)],
  siteSegments: new Uint8Array(6), smoothedNodes: 11, cost: 0, templateTextShare: 0, smoothMs: 0,
} as SmoothedPage;

const labelled = (entries: Array<[number, SegmentLabel]>) =>
  withHumanLabels(parent, smoothed, new Map(entries.map(([k, label]) => [k, { label }])));
const ones = (a: Uint8Array) => [...a.keys()].filter((i) => a[i] === 1);

describe('a person\'s labels on hide, highlight and the reader', () => {
  it('changes nothing without labels', () => {
    expect(labelled([])).toBe(smoothed);
  });

  it('shows and reads a segment labelled content, and no longer boxes it; its nested template part stays hidden', () => {
    const r = labelled([[4, 'content']]); // the footer
    expect(nodesToHide(parent, r.show)).toEqual([1, 6]); // nav and the aside: not the footer any more
    expect(ones(r.readerKeep)).toEqual([0, 3, 5, 8, 9, 10]);
    expect(r.segments[4].template).toBe(false);
    expect(drawnParts(parent, r.show, r.segments).map((p) => p.node)).toEqual([1, 6]);
    // The model's verdicts are not changed in place (inspect mode and the export read them).
    expect(smoothed.segments[4].template).toBe(true);
    expect(ones(smoothed.show)).toEqual([0, 3, 4, 5]);
    // A label on the nested segment wins over the enclosing one.
    expect(nodesToHide(parent, labelled([[4, 'content'], [5, 'template']]).show)).toEqual([1, 6, 10]);
  });

  it('hides and drops a segment labelled template, but not a nested segment nor the headline', () => {
    const r = labelled([[2, 'template'], [3, 'content']]); // main template; its aside content
    expect(nodesToHide(parent, r.show)).toEqual([1, 4, 5, 8]);
    // main is kept only as the aside's container; the headline is never body text.
    expect(ones(r.readerKeep)).toEqual([0, 3, 6, 7]);
    expect(r.segments[2].template).toBe(true);
    expect(r.segments[3].template).toBe(false);
  });
});
