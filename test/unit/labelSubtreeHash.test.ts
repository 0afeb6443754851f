// @vitest-environment happy-dom
// Issue 15: a person's label survives another penalty. A segment's own text leaves out the segments nested in it, so
// a penalty that nests other segments inside changes it; the hash of the root's whole subtree text does not. A label
// is found again by either hash (src/labels/labelMapping.ts), made by the core for every segment
// (src/segment/segments.ts), exported (extension/content/annotationExport.ts), read from files and kept in storage.
import { describe, expect, it } from 'vitest';
import { segmentsFromScores, type Segment } from '../../src/segment/segments.ts';
import { segmentTextHash } from '../../src/labels/segmentText.ts';
import { mapLabels, type SegmentIdentity } from '../../src/labels/labelMapping.ts';
import { labelsOfFile, mergeLabels, type SegmentLabelRecord } from '../../src/labels/pageLabels.ts';
import { validateAnnotationExport, type AnnotationExport } from '../../src/labels/annotationFile.ts';
import { readAnnotationFile } from '../../src/labels/annotationMigration.ts';
import { buildAnnotationExport } from '../../extension/content/annotationExport.ts';
import { mergePageLabels } from '../../extension/background/labelMerge.ts';
import { LabelStore } from '../../extension/background/labelStore.ts';
import type { PageLabels } from '../../extension/shared/labelsApi.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';
import { memoryArea } from './extensionFakeStorage.ts';

/** body > [nav, article > [p, aside (an ad slot)]]: node 2 is the labelled article, node 4 the ad inside it. */
const page = (ad: string) => buildSnapshot([
  { parent: -1, tag: 'body', rect: [0, 0, 1000, 1000] },
  { parent: 0, tag: 'nav', rect: [0, 0, 1000, 50], text: 'Home News' },
  { parent: 0, tag: 'article', rect: [0, 50, 1000, 800], text: 'Flood waters recede.' },
  { parent: 2, tag: 'p', rect: [0, 100, 600, 100], text: 'The river fell overnight.' },
  { parent: 2, tag: 'aside', rect: [700, 100, 300, 100], text: ad },
]);
const SELECTORS = ['body', 'nav', 'article', 'article > p', 'article > aside'];
const values = Float64Array.from([0.1, 0.9, 0.1, 0.1, 0.9]);

/** The run's segments as labels name them (what the content script hands mapLabels: the exported segments). */
function segmentsAt(ad: string, roots: number[]): { segments: Segment[]; ids: SegmentIdentity[] } {
  const segments = segmentsFromScores(page(ad), values, roots, 0.5);
  const ids = segments.map((g) => ({
    selector: SELECTORS[g.node], xpath: `/x/${SELECTORS[g.node]}`, textHash: segmentTextHash(g.text), subtreeHash: g.subtreeHash,
  }));
  return { segments, ids };
}

/** The label a person sets on the article at a run (as segmentLabels.ts builds it from the exported segment). */
function labelOnArticle(ids: SegmentIdentity[], withSubtree = true): SegmentLabelRecord {
  const id = ids.find((s) => s.selector === 'article')!;
  const { subtreeHash, ...rest } = id;
  return { ...rest, ...(withSubtree ? { subtreeHash } : {}), label: 'content', labelledAt: '2026-05-01T10:00:00.000Z' };
}

const articleIndex = (ids: SegmentIdentity[]) => ids.findIndex((s) => s.selector === 'article');

describe('the core gives each segment the hash of its whole subtree text', () => {
  it('the same at every nesting, and equal to the own text hash where nothing is nested', () => {
    const alone = segmentsAt('Buy shoes', [0, 2]).segments[1];
    const nested = segmentsAt('Buy shoes', [0, 2, 3, 4]).segments[1];
    expect(alone.node).toBe(2);
    expect(nested.node).toBe(2);
    expect(alone.subtreeHash).toBe(segmentTextHash('Flood waters recede.\nThe river fell overnight.\nBuy shoes'));
    expect(nested.subtreeHash).toBe(alone.subtreeHash);
    expect(segmentTextHash(nested.text)).not.toBe(segmentTextHash(alone.text)); // the own text changed
    expect(alone.subtreeHash).toBe(segmentTextHash(alone.text));
  });
});

describe('labels found again across nestings', () => {
  it('a label made at one nesting maps onto the same element at another (own text changed, subtree the same)', () => {
    const before = segmentsAt('Buy shoes', [0, 2]).ids;
    const after = segmentsAt('Buy shoes', [0, 2, 3]).ids;
    const label = labelOnArticle(before);
    expect(after[articleIndex(after)].textHash).not.toBe(label.textHash);
    const m = mapLabels([label], after);
    expect(m.applied.get(articleIndex(after))).toBe(label);
    expect(m.changed).toEqual([]);
    // And back: labelled while the paragraph was its own segment, found when the article holds it again.
    const labelAfter = labelOnArticle(after);
    const back = mapLabels([labelAfter], before);
    expect(back.applied.get(articleIndex(before))).toBe(labelAfter);
  });

  it('a rotating ad nested inside (subtree changed, own text the same) still maps', () => {
    const before = segmentsAt('Buy shoes', [0, 2, 4]).ids;
    const after = segmentsAt('Rent a car today', [0, 2, 4]).ids;
    const label = labelOnArticle(before);
    expect(after[articleIndex(after)].subtreeHash).not.toBe(label.subtreeHash);
    const m = mapLabels([label], after);
    expect(m.applied.get(articleIndex(after))).toBe(label);
  });

  it('an element moved (selector and XPath gone) is found by a subtree hash only it has', () => {
    const label = { ...labelOnArticle(segmentsAt('Buy shoes', [0, 2]).ids), selector: 'main > article', xpath: null };
    const after = segmentsAt('Buy shoes', [0, 2, 3]).ids;
    expect(mapLabels([label], after).applied.get(articleIndex(after))).toBe(label);
    // Not when two segments have it (a wrapper whose only text is its nested segment's): no guess.
    const twins = [...after, { ...after[articleIndex(after)], selector: 'div.wrap', xpath: '/x/div', textHash: 'ffffffff' }];
    const m = mapLabels([label], twins);
    expect(m.applied.size).toBe(0);
    expect(m.missing).toEqual([label]);
  });

  it('a label without a subtree hash maps as before: by its own text only', () => {
    const before = segmentsAt('Buy shoes', [0, 2]).ids;
    const after = segmentsAt('Buy shoes', [0, 2, 3]).ids;
    const old = labelOnArticle(before, false);
    const m = mapLabels([old], after);
    expect(m.applied.size).toBe(0);
    expect(m.changed).toEqual([old]);
    expect(mapLabels([old], before).applied.get(articleIndex(before))).toBe(old);
    // Segments without one are not matched to it through the missing hash either.
    const gone = { ...old, selector: 'main', xpath: null, textHash: 'ffffffff' };
    const bare = [{ selector: 'nav', xpath: null, textHash: '00000000' }];
    expect(mapLabels([gone], bare).missing).toEqual([gone]);
  });
});

describe('annotation files and kept labels carry the subtree hash', () => {
  /** The page exported at a nesting: its segments are how the content script names them for mapLabels. */
  const file = (roots = [0, 2, 3]): AnnotationExport => {
    document.body.innerHTML = '<nav>Home News</nav><article><p>Flood</p><aside>Buy shoes</aside></article>';
    const { segments } = segmentsAt('Buy shoes', roots);
    const elements = [document.body, document.querySelector('nav')!, document.querySelector('article')!,
      document.querySelector('p')!, document.querySelector('aside')!];
    return buildAnnotationExport({
      url: 'https://news.example/flood', title: 'Flood', viewport: { width: 1280, height: 800 }, modelVersion: 'm@v1',
      options: { penaltyFactor: 0.01, threshold: 0.5, minArea: 2000 }, segments, elements,
      now: new Date('2026-05-01T10:00:00Z'),
    });
  };
  /** The file with the article (its segment 1) labelled. */
  const labelledFile = (roots?: number[]) => {
    const f = file(roots);
    expect(f.segments[1].selector).toMatch(/article$/);
    Object.assign(f.segments[1], { humanLabel: 'template', labelledAt: '2026-05-01T10:00:00.000Z' });
    return f;
  };

  it('exported from the core\'s segments, validated when present, refused when not a hash', () => {
    const f = file();
    expect(f.segments.map((s) => s.subtreeHash)).toEqual(segmentsAt('Buy shoes', [0, 2, 3]).segments.map((g) => g.subtreeHash));
    expect(validateAnnotationExport(f)).toEqual([]);
    const broken = JSON.parse(JSON.stringify(f));
    broken.segments[1].subtreeHash = 42;
    broken.segments[2].subtreeHash = '';
    expect(validateAnnotationExport(broken)).toEqual([
      '$.segments[1].subtreeHash: expected a string',
      '$.segments[2].subtreeHash: expected at least 1 characters',
    ]);
  });

  it('a file\'s label keeps it and maps at another nesting; a v2 file without it reads and maps as before', () => {
    const [label] = labelsOfFile(labelledFile());
    expect(label.subtreeHash).toBe(file().segments[1].subtreeHash);
    const elsewhere = file([0, 2]).segments;
    expect(mapLabels([label], elsewhere).applied.get(1)).toBe(label);

    const f = labelledFile();
    for (const s of f.segments) delete s.subtreeHash;
    const read = readAnnotationFile(JSON.stringify(f));
    if (!('file' in read)) throw new Error(read.problems.join('; '));
    const [old] = labelsOfFile(read.file);
    expect('subtreeHash' in old).toBe(false);
    expect(mapLabels([old], file().segments).applied.get(1)).toBe(old);
    expect(mapLabels([old], elsewhere).changed).toEqual([old]);
  });

  it('one element labelled at two penalties is one segment, and the store keeps the hash', async () => {
    const f = labelledFile();
    const [label] = labelsOfFile(f);
    const other = { ...labelsOfFile(labelledFile([0, 2]))[0], label: 'content' as const, labelledAt: '2026-06-01T00:00:00.000Z' };
    expect(other.textHash).not.toBe(label.textHash);
    const merged = mergeLabels([label], [other], { replace: true });
    expect(merged).toMatchObject({ added: 0, labels: [other] });
    expect(merged.replaced).toHaveLength(1);

    const area = memoryArea().area;
    const store = new LabelStore(area);
    await store.importFiles([{ name: 'flood.json', text: JSON.stringify(f) }], false);
    const kept = (await store.load(f.page.url)).page!;
    expect(kept.segments[0].record.subtreeHash).toBe(label.subtreeHash);
    const [exported] = await store.exportAll({ createdAt: '2026-06-02T00:00:00.000Z', modelVersion: 'm@v1' });
    expect(labelsOfFile(exported)[0].subtreeHash).toBe(label.subtreeHash);

    // A newer label replacing a kept one brings its own subtree hash into the kept segment's annotation.
    const incoming: PageLabels = { ...kept, segments: [{ ...kept.segments[0],
      record: { ...kept.segments[0].record, subtreeHash: 'abcdef01', label: 'content', labelledAt: '2026-07-01T00:00:00.000Z' } }] };
    const page = mergePageLabels(kept, incoming, { replace: true }).page;
    expect(page.segments[0].annotation.subtreeHash).toBe('abcdef01');
  });
});

