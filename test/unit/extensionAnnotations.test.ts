// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildAnnotationExport } from '../../extension/content/annotationExport.ts';
import { xpathOf } from '../../src/capture/xpathOf.ts';
import { ANNOTATION_SCHEMA_VERSION, validateAnnotationExport } from '../../src/labels/annotationFile.ts';
import type { Segment } from '../../src/segment/segments.ts';

function sample(siteSegments?: number[]) {
  document.body.innerHTML = '<nav id="menu"><a href="/">Home</a></nav><div><p>Story text.</p><p>More.</p></div>';
  const elements = [document.body, document.getElementById('menu')!, document.querySelectorAll('p')[1]];
  const rect = { x: 0, y: 0, width: 100, height: 20 };
  const segments: Segment[] = [
    { node: 0, score: 0.1, template: false, rect, text: 'Story text.', parentSegment: -1 },
    { node: 1, score: 0.9, template: true, rect, text: 'Home', parentSegment: 0 },
    { node: 2, score: 0.2, template: false, rect, text: 'More.', parentSegment: 0 },
  ];
  return buildAnnotationExport({
    url: 'https://example.org/story', title: 'Story', viewport: { width: 1280, height: 800 }, modelVersion: 'winnow-lr-buckets@v1',
    options: { penaltyFactor: 0.01, threshold: 0.5, minArea: 2000 }, segments, elements, siteSegments, now: new Date('2026-01-02T03:04:05Z'),
  });
}

describe('annotation export', () => {
  it('builds a file that validates, with selectors, XPaths, labels and an empty human label', () => {
    const file = sample();
    expect(validateAnnotationExport(file)).toEqual([]);
    expect(file.version).toBe(ANNOTATION_SCHEMA_VERSION);
    expect(file.segments.map((s) => s.label)).toEqual(['content', 'template', 'content']);
    expect(file.segments[1].selector).toBe('#menu');
    expect(file.segments[2].xpath).toBe('/html/body/div/p[2]');
    expect(file.segments.every((s) => s.humanLabel === null)).toBe(true);
    expect(file.createdAt).toBe('2026-01-02T03:04:05.000Z');
  });

  it('accepts a human label and rejects what breaks the schema, saying where', () => {
    const file = sample();
    file.segments[1].humanLabel = 'content';
    expect(validateAnnotationExport(file)).toEqual([]);
    const broken = JSON.parse(JSON.stringify(file));
    broken.version = 3;
    broken.segments[0].score = 1.5;
    broken.segments[1].label = 'maybe';
    broken.segments[2].parentSegment = 7;
    delete broken.page.url;
    expect(validateAnnotationExport(broken)).toEqual([
      '$.version: expected 2, got 3',
      '$.page.url: expected a string',
      '$.segments[0].score: expected a number in [0, 1], got 1.5',
      '$.segments[1].label: expected one of template, content',
      '$.segments[2].parentSegment: expected a number in [-1, 2], got 7',
    ]);
    expect(validateAnnotationExport(null)).toEqual(['$: expected an object']);
  });

  it('checks the options with the pipeline\'s own rules', () => {
    const file = sample();
    const odd = JSON.parse(JSON.stringify(file));
    odd.options = { penaltyFactor: 5, threshold: 1.2, minArea: -1 };
    expect(validateAnnotationExport(odd)).toEqual([
      '$.options.threshold: the threshold must be in [0, 1], got 1.2',
      '$.options.minArea: the minimum area must be a finite number ≥ 0, got -1',
    ]);
  });

  it('the published JSON Schema requires the same fields the validator checks', () => {
    const schema = JSON.parse(readFileSync('src/labels/annotations.schema.json', 'utf8'));
    const file = sample();
    expect([...schema.required].sort()).toEqual(Object.keys(file).sort());
    expect([...schema.properties.segments.items.required].sort()).toEqual(Object.keys(file.segments[0]).sort());
    expect(schema.properties.version.const).toBe(ANNOTATION_SCHEMA_VERSION);
  });

  it('marks site templates when the run had site memory, and leaves the field out when it had none', () => {
    const file = sample([0, 1, 0]);
    expect(file.segments.map((s) => s.siteTemplate)).toEqual([false, true, false]);
    expect(validateAnnotationExport(file)).toEqual([]);
    expect(sample().segments.some((s) => 'siteTemplate' in s)).toBe(false);
    const schema = JSON.parse(readFileSync('src/labels/annotations.schema.json', 'utf8'));
    expect(schema.properties.segments.items.properties.siteTemplate.type).toBe('boolean');
    const broken = JSON.parse(JSON.stringify(file));
    broken.segments[1].siteTemplate = 'yes';
    expect(validateAnnotationExport(broken)).toEqual(['$.segments[1].siteTemplate: expected a boolean']);
  });

  it('XPath finds the element again', () => {
    document.body.innerHTML = '<div><span>a</span><span>b</span></div><div><span>c</span></div>';
    const target = document.querySelectorAll('span')[1];
    const path = xpathOf(target)!;
    expect(path).toBe('/html/body/div[1]/span[2]');
  });
});
