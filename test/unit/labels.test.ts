// People's labels (src/labels/): the annotation file's v1 → v2 migration and its refusals, merge rules, and labels
// found again on a page that changed.
import { describe, expect, it } from 'vitest';
import { readAnnotationFile, MAX_ANNOTATION_FILE_BYTES } from '../../src/labels/annotationMigration.ts';
import { validateAnnotationExport, type AnnotationExport } from '../../src/labels/annotationFile.ts';
import { labelsOfFile, mergeLabels, type SegmentLabelRecord } from '../../src/labels/pageLabels.ts';
import { mapLabels, type SegmentIdentity } from '../../src/labels/labelMapping.ts';
import { segmentTextHash } from '../../src/labels/segmentText.ts';

const rect = { x: 0, y: 0, width: 100, height: 20 };
const v1File = () => ({
  schema: 'winnow-annotations', version: 1, page: { url: 'https://news.example/a', title: 'A', viewport: { width: 1280, height: 800 } },
  createdAt: '2026-05-01T10:00:00.000Z',
  model: { version: 'winnow-lr-buckets@v1', featureSchema: 'winnow-features', featureSchemaVersion: 3 },
  options: { penaltyFactor: 0.01, threshold: 0.5, minArea: 2000 },
  segments: [
    { selector: 'body', xpath: '/html/body', rect, score: 0.1, label: 'content', humanLabel: null, parentSegment: -1, text: 'Story' },
    { selector: '#menu', xpath: '/html/body/nav', rect, score: 0.9, label: 'template', humanLabel: 'content', parentSegment: 0, text: ' Home  News ' },
  ],
});

const record = (over: Partial<SegmentLabelRecord>): SegmentLabelRecord => ({
  selector: '#menu', xpath: '/html/body/nav', textHash: segmentTextHash('Home News'), label: 'template',
  labelledAt: '2026-05-01T10:00:00.000Z', ...over,
});

describe('annotation files', () => {
  it('reads version 1 as version 2: text hashes from the text, a human label dated by the file', () => {
    const read = readAnnotationFile(JSON.stringify(v1File()));
    if (!('file' in read)) throw new Error(read.problems.join('; '));
    expect(read.migratedFrom).toBe(1);
    expect(read.file.version).toBe(2);
    expect(validateAnnotationExport(read.file)).toEqual([]);
    expect(read.file.segments[1]).toMatchObject({ textHash: segmentTextHash('Home News'), labelledAt: '2026-05-01T10:00:00.000Z' });
    expect(read.file.segments[0].labelledAt).toBeNull();
    // A version 2 file is read as it is.
    const again = readAnnotationFile(JSON.stringify(read.file));
    expect('file' in again && again.migratedFrom).toBeNull();
  });

  it('refuses, with a reason each, a cut-off file, another format, an unknown version, a huge file and bad entries', () => {
    const text = JSON.stringify(v1File());
    const problems = (t: string) => ('problems' in readAnnotationFile(t) ? (readAnnotationFile(t) as { problems: string[] }).problems : []);
    expect(problems(text.slice(0, text.length / 2))[0]).toMatch(/^not JSON .*cut short/);
    expect(problems(JSON.stringify({ ...v1File(), schema: 'other' }))).toContain('$.schema: expected "winnow-annotations", got "other"');
    expect(problems(JSON.stringify({ ...v1File(), version: 7 }))).toContain('$.version: expected 2, got 7');
    expect(problems(' '.repeat(MAX_ANNOTATION_FILE_BYTES + 1))[0]).toMatch(/at most 10 MB/);
    const bad = v1File();
    (bad.segments[1] as Record<string, unknown>).humanLabel = 'maybe';
    expect(problems(JSON.stringify(bad))).toEqual(['$.segments[1].humanLabel: expected one of template, content']);
    const v2 = (readAnnotationFile(text) as { file: AnnotationExport }).file;
    const undated = JSON.parse(JSON.stringify(v2));
    undated.segments[0].labelledAt = '2026-05-02T00:00:00Z';
    expect(problems(JSON.stringify(undated))).toEqual(['$.segments[0].labelledAt: set without a human label']);
  });

  it('hashes a segment\'s text with its white space collapsed', () => {
    expect(segmentTextHash(' Home\n News ')).toBe(segmentTextHash('Home News'));
    expect(segmentTextHash('Home News')).not.toBe(segmentTextHash('Home  Newz'));
    expect(segmentTextHash('')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('keeps the human labels of a file', () => {
    const file = (readAnnotationFile(JSON.stringify(v1File())) as { file: AnnotationExport }).file;
    expect(labelsOfFile(file)).toEqual([record({ label: 'content' })]);
  });
});

describe('merging labels', () => {
  it('adds labels for new segments, lets a newer label win, and replaces a different label only when confirmed', () => {
    const existing = [record({ label: 'template' })];
    const newer = record({ label: 'content', labelledAt: '2026-06-01T00:00:00.000Z' });
    const other = record({ selector: '#foot', xpath: '/html/body/footer', textHash: segmentTextHash('Imprint') });
    const asked = mergeLabels(existing, [newer, other], { replace: false });
    expect(asked.added).toBe(1);
    expect(asked.replaced).toEqual([{ existing: existing[0], incoming: newer }]);
    expect(asked.labels.map((l) => l.label)).toEqual(['template', 'template']); // nothing lost unasked
    const confirmed = mergeLabels(existing, [newer, other], { replace: true });
    expect(confirmed.labels.map((l) => [l.selector, l.label])).toEqual([['#menu', 'content'], ['#foot', 'template']]);
    expect(existing[0].label).toBe('template'); // the input is not changed
  });

  it('leaves an older or identical label out', () => {
    const existing = [record({ label: 'template', labelledAt: '2026-06-01T00:00:00.000Z' })];
    const older = mergeLabels(existing, [record({ label: 'content' })], { replace: true });
    expect(older).toMatchObject({ added: 0, unchanged: 1, replaced: [] });
    expect(older.labels[0].label).toBe('template');
    const same = mergeLabels(existing, [record({ labelledAt: '2026-07-01T00:00:00.000Z' })], { replace: false });
    expect(same.labels[0].labelledAt).toBe('2026-07-01T00:00:00.000Z');
  });
});

describe('labels found again on a changed page', () => {
  const seg = (selector: string, xpath: string | null, text: string): SegmentIdentity =>
    ({ selector, xpath, textHash: segmentTextHash(text) });

  it('by selector, else XPath, else a unique text; a changed text or a gone element is reported, not applied', () => {
    const labels = [
      record({ selector: '#menu', xpath: '/html/body/nav', textHash: segmentTextHash('Home News') }),
      record({ selector: 'div.ad', xpath: '/html/body/div[3]', textHash: segmentTextHash('Buy now') }),
      record({ selector: 'aside', xpath: '/html/body/aside', textHash: segmentTextHash('Related stories') }),
      record({ selector: '#cookie', xpath: '/html/body/div[9]', textHash: segmentTextHash('We use cookies') }),
      record({ selector: 'footer', xpath: '/html/body/footer', textHash: segmentTextHash('Imprint') }),
    ];
    const segments = [
      seg('body', '/html/body', 'Story'),
      seg('#menu', '/html/body/nav', 'Home News'),                 // same element, same text
      seg('div.ad-slot', '/html/body/div[3]', 'Buy now'),          // renamed class: found by XPath
      seg('section > aside', '/html/body/main/aside', 'Related stories'), // moved: found by its text alone
      seg('footer', '/html/body/footer', 'Imprint and privacy'),   // text changed
    ];
    const m = mapLabels(labels, segments);
    expect([...m.applied.keys()].sort()).toEqual([1, 2, 3]);
    expect(m.changed.map((l) => l.selector)).toEqual(['footer']);
    expect(m.missing.map((l) => l.selector)).toEqual(['#cookie']);
  });

  it('does not guess when several segments share the text', () => {
    const labels = [record({ selector: 'li.gone', xpath: null, textHash: segmentTextHash('More') })];
    const m = mapLabels(labels, [seg('li:nth-child(1)', null, 'More'), seg('li:nth-child(2)', null, 'More')]);
    expect(m.applied.size).toBe(0);
    expect(m.missing).toHaveLength(1);
  });
});

describe('Webis-WebSeg-20 export', () => {
  it('writes every segment but the root as a closed rectangle inside the page, template ones apart', async () => {
    const { webisSegmentationOf } = await import('../../src/labels/webisSegmentation.ts');
    const file = (readAnnotationFile(JSON.stringify(v1File())) as { file: AnnotationExport }).file;
    file.segments[0].rect = { x: 0, y: 0, width: 1280, height: 3000 };
    file.segments[1].rect = { x: 10.4, y: -5, width: 300, height: 40.6 };
    file.segments.push({ ...file.segments[1], selector: '#off', rect: { x: 2000, y: 10, width: 50, height: 50 }, humanLabel: null, labelledAt: null });
    const w = webisSegmentationOf(file, '000042');
    expect(w).toMatchObject({ id: '000042', width: 1280, height: 3000 });
    // The menu's human label (content) overrides the model's (template).
    expect(w.segmentations['winnow-template']).toEqual([]);
    expect(w.segmentations.winnow).toEqual([[[[[10, 0], [10, 36], [310, 36], [310, 0], [10, 0]]]]]);
    for (const ring of w.segmentations.winnow.flat(2)) {
      expect(ring[0]).toEqual(ring.at(-1));
      for (const [x, y] of ring) {
        expect(x >= 0 && x <= w.width && y >= 0 && y <= w.height).toBe(true);
        expect(Number.isInteger(x) && Number.isInteger(y)).toBe(true);
      }
    }
  });
});
