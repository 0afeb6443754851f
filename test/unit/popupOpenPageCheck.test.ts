// The popup's check before an import (extension/popup/openPageCheck.ts): a file about the open page whose labels find
// no segment there is refused whole with one line; from a list of pages only the open page's entry is left out; files
// about other pages, and files that do not read, go on.
import { describe, expect, it } from 'vitest';
import { refuseUnmatchedOnOpenPage } from '../../extension/popup/openPageCheck.ts';
import type { SegmentLabelRecord } from '../../src/labels/pageLabels.ts';
import { segmentTextHash } from '../../src/labels/segmentText.ts';

const OPEN = 'https://news.example/story';

function file(url: string, selectors: string[]): string {
  return JSON.stringify({
    schema: 'winnow-annotations', version: 2, page: { url, title: 't', viewport: { width: 1280, height: 800 } },
    createdAt: '2026-05-01T10:00:00.000Z',
    model: { version: 'm', featureSchema: 'winnow-node-features', featureSchemaVersion: 3 },
    options: { penaltyFactor: 0.01, threshold: 0.5, minArea: 2000 },
    segments: selectors.map((selector) => ({
      selector, xpath: null, rect: { x: 0, y: 0, width: 10, height: 10 }, score: 0.9, label: 'template',
      humanLabel: 'content', parentSegment: -1, text: selector, textHash: segmentTextHash(selector),
      labelledAt: '2026-05-01T10:00:00.000Z',
    })),
  });
}

/** The open page has segments `#nav` and `#story`; '#story' has other text now. */
const page = (asked: SegmentLabelRecord[][]) => ({
  url: `${OPEN}#comments`,
  check: async (labels: SegmentLabelRecord[]) => {
    asked.push(labels);
    return { unmatched: labels.filter((l) => l.selector !== '#nav').map((l) => ({
      selector: l.selector, reason: l.selector === '#story' ? 'changed' as const : 'missing' as const })) };
  },
});

describe('the popup checks an import against the open page', () => {
  it('refuses a file for the open page whose labels find no segment there, naming them, and keeps the rest', async () => {
    const asked: SegmentLabelRecord[][] = [];
    const files = [
      { name: 'fits.json', text: file(OPEN, ['#nav']) },
      { name: 'stale.json', text: file(OPEN, ['#nav', '#story', '#gone']) },
      { name: 'elsewhere.json', text: file('https://news.example/other', ['#gone']) },
      { name: 'broken.json', text: '{"schema": "winn' },
    ];
    const r = await refuseUnmatchedOnOpenPage(files, page(asked));
    expect(r.files.map((f) => f.name)).toEqual(['fits.json', 'elsewhere.json', 'broken.json']);
    expect(r.rejected).toEqual(['stale.json: labels for the open page that find no segment there: 2 of 3 (1 not on ' +
      'the page, 1 with other text: #story, #gone); nothing imported from it']);
    // Only the open page's labels were asked about; the other page's file was not.
    expect(asked.map((labels) => labels.map((l) => l.selector))).toEqual([['#nav'], ['#nav', '#story', '#gone']]);
  });

  it('leaves only the open page out of a list of pages ("Export all labels") whose open page does not match', async () => {
    const asked: SegmentLabelRecord[][] = [];
    const list = `[${file('https://news.example/other', ['#gone'])}, ${file(`${OPEN}#top`, ['#nav', '#gone'])}, ` +
      `${file('https://news.example/third', ['#x'])}]`;
    const fitting = `[${file(OPEN, ['#nav'])}, ${file('https://news.example/other', ['#gone'])}]`;
    const onlyOpen = `[${file(OPEN, ['#gone'])}]`;
    const r = await refuseUnmatchedOnOpenPage([{ name: 'all.json', text: list }, { name: 'fits.json', text: fitting },
      { name: 'only.json', text: onlyOpen }], page(asked));
    expect(r.rejected).toEqual([
      'all.json: the labels for the open page find no segment there (1 of 2: 1 not on the page, 0 with other text: ' +
        '#gone); the other 2 pages were imported',
      'only.json: labels for the open page that find no segment there: 1 of 1 (1 not on the page, 0 with other text: ' +
        '#gone); nothing imported from it',
    ]);
    expect(r.files.map((f) => f.name)).toEqual(['all.json', 'fits.json']);
    const sent = JSON.parse(r.files[0].text) as Array<{ page: { url: string }; segments: unknown[] }>;
    expect(sent.map((f) => f.page.url)).toEqual(['https://news.example/other', 'https://news.example/third']);
    expect(sent).toEqual([JSON.parse(list)[0], JSON.parse(list)[2]]); // the other entries as the file had them
    expect(r.files[1].text).toBe(fitting);
  });

  it('checks nothing when Winnow has not run on the tab', async () => {
    const asked: SegmentLabelRecord[][] = [];
    const files = [{ name: 'stale.json', text: file(OPEN, ['#gone']) }];
    const r = await refuseUnmatchedOnOpenPage(files, { ...page(asked), url: null });
    expect(r).toEqual({ files, rejected: [] });
    expect(asked).toEqual([]);
  });
});
