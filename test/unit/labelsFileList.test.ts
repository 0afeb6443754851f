// Reading what "export all labels" writes: a JSON list of annotation files (v1 and v2 entries alike), read whole or
// refused whole with each bad entry named; a single file reads as a list of one.
import { describe, expect, it } from 'vitest';
import { readAnnotationFiles, MAX_ANNOTATION_FILE_BYTES } from '../../src/labels/annotationMigration.ts';

const file = (url: string, version: 1 | 2) => ({
  schema: 'winnow-annotations', version, page: { url, title: 'T', viewport: { width: 1280, height: 800 } },
  createdAt: '2026-05-01T10:00:00.000Z',
  model: { version: 'winnow-lr-buckets@v1', featureSchema: 'winnow-node-features', featureSchemaVersion: 3 },
  options: { penaltyFactor: 0.01, threshold: 0.5, minArea: 2000 },
  segments: [{ selector: '#nav', xpath: null, rect: { x: 0, y: 0, width: 10, height: 10 }, score: 0.9, label: 'template',
    humanLabel: 'content', parentSegment: -1, text: 'Home',
    ...(version === 2 ? { textHash: '0badc0de', labelledAt: '2026-05-01T10:00:00.000Z' } : {}) }],
});

describe('readAnnotationFiles', () => {
  it('reads a list of files of either version, and a single file as one', () => {
    const list = readAnnotationFiles(JSON.stringify([file('https://a.example/', 1), file('https://b.example/', 2)]));
    if ('problems' in list) throw new Error(list.problems.join('; '));
    expect(list.list).toBe(true);
    expect(list.files.map((f) => [f.file.page.url, f.file.version, f.migratedFrom])).toEqual([
      ['https://a.example/', 2, 1], ['https://b.example/', 2, null]]);
    const one = readAnnotationFiles(JSON.stringify(file('https://a.example/', 2)));
    expect('files' in one && one.files.length === 1 && !one.list).toBe(true);
  });

  it('refuses the whole list for one bad entry, naming it, and refuses an empty list or a huge text', () => {
    const bad = readAnnotationFiles(JSON.stringify([file('https://a.example/', 2), { ...file('https://b.example/', 2), schema: 'x' }]));
    expect(bad).toEqual({ problems: ['file 2 of 2: $.schema: expected "winnow-annotations", got "x"'] });
    expect(readAnnotationFiles('[]')).toEqual({ problems: ['an empty list: it holds no annotation files'] });
    expect(readAnnotationFiles(JSON.stringify([file('https://a.example/', 2)]).slice(0, 50))).toMatchObject(
      { problems: [expect.stringMatching(/^not JSON .*cut short\?$/)] });
    expect(readAnnotationFiles(`[${' '.repeat(MAX_ANNOTATION_FILE_BYTES)}]`)).toMatchObject(
      { problems: [expect.stringMatching(/at most 10 MB$/)] });
  });
});
