import { describe, expect, it } from 'vitest';
import { classifyPage, runPipeline, smoothPage } from '../../src/pipeline/runPipeline.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { parseModelWeights } from '../../src/model/weights.ts';
import { FEATURE_COUNT, FEATURE_INDEX, FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import { readerText } from '../../src/reader/readerText.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';

/** Hand-made weights: templateness rises with the share of anchor text, the same in all four buckets. */
function anchorTextWeights() {
  const coef = new Array(FEATURE_COUNT).fill(0);
  coef[FEATURE_INDEX.anchorTextFraction] = 8;
  const model = {
    mean: new Array(FEATURE_COUNT).fill(0), scale: new Array(FEATURE_COUNT).fill(1), coef, intercept: -4,
    trainedOn: { positives: 0, negatives: 0 },
  };
  return parseModelWeights({
    format: 'winnow-lr-buckets', formatVersion: 1,
    featureSchema: { ...FEATURE_SCHEMA, features: [...FEATURE_SCHEMA.features] },
    bucketBounds: [0.01, 0.05, 0.2], models: [model, model, model, model],
    training: { command: 'hand-made for a test', data: 'none', date: '2026-11-22' },
  }, FEATURE_SCHEMA);
}

// body > [nav (3 links), article (2 paragraphs, one tiny link inside), footer (links)]
const page = buildSnapshot([
  { parent: -1, tag: 'body', rect: [0, 0, 1000, 2000] },
  { parent: 0, tag: 'nav', rect: [0, 0, 1000, 100], hints: HintBit.NAV },
  { parent: 1, tag: 'a', rect: [0, 0, 300, 100], text: 'Home', link: 'intra' },
  { parent: 1, tag: 'a', rect: [300, 0, 300, 100], text: 'World', link: 'intra' },
  { parent: 1, tag: 'a', rect: [600, 0, 300, 100], text: 'Sport', link: 'intra' },
  { parent: 0, tag: 'article', rect: [0, 100, 1000, 1700] },
  { parent: 5, tag: 'p', rect: [0, 100, 1000, 800], text: 'A long paragraph of the story with many plain words in it.' },
  { parent: 5, tag: 'p', rect: [0, 900, 1000, 800], text: 'Another paragraph of the story, also plain words.' },
  { parent: 7, tag: 'a', rect: [10, 910, 20, 10], text: 'x', link: 'intra' }, // 200 px²: hidden, rolled into 7
  { parent: 0, tag: 'footer', rect: [0, 1800, 1000, 200] },
  { parent: 9, tag: 'a', rect: [0, 1800, 500, 200], text: 'Privacy', link: 'intra' },
  { parent: 9, tag: 'a', rect: [500, 1800, 500, 200], text: 'Terms', link: 'intra' },
]);

describe('pipeline on a hand-built page', () => {
  const weights = anchorTextWeights();

  it('classifies link lists as template and prose as content', () => {
    const { scores } = classifyPage(page, weights);
    expect(scores).toHaveLength(page.count);
    expect(scores[1]).toBeGreaterThan(0.9); // nav
    expect(scores[6]).toBeLessThan(0.1); // paragraph
  });

  it('smooths into template segments for nav and footer and keeps the article as content', () => {
    const result = runPipeline(page, weights, pipelineOptions());
    const template = result.segments.filter((s) => s.template).map((s) => s.node);
    expect(template).toEqual(expect.arrayContaining([1, 9]));
    expect(result.segments.find((s) => s.node === 0)?.template).toBe(false);
    for (let i = 1; i < page.count; i++) expect(result.values[i]).toBeGreaterThanOrEqual(result.values[page.parent[i]]);
    expect(result.values[8]).toBe(result.values[7]); // hidden node follows its owner
    expect(result.smoothedNodes).toBe(page.count - 1);
    const text = readerText(page, (i) => result.values[i] >= 0.5);
    expect(text).toContain('Another paragraph');
    expect(text).not.toMatch(/Home|Privacy/);
    expect(result.timingsMs.totalMs).toBeGreaterThanOrEqual(0);
  });

  it('a huge penalty leaves a single segment; re-smoothing reuses the classified page', () => {
    const classified = classifyPage(page, weights);
    const one = smoothPage(classified, pipelineOptions({ penaltyFactor: 1e6 }));
    expect(one.segments).toHaveLength(1);
    const many = smoothPage(classified, pipelineOptions({ penaltyFactor: 1e-6 }));
    expect(many.segments.length).toBeGreaterThan(one.segments.length);
  });
});
