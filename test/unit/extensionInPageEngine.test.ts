// The in-page engine (small pages first, and the fallback when no worker starts): the same pipeline in the page's thread, with a turn for the page before and after
// each stage, and the same results the worker gives.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inPageEngine } from '../../extension/content/inPageEngine.ts';
import { PageSession } from '../../src/session/pageSession.ts';
import { parseModelWeights } from '../../src/model/weights.ts';
import { FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { loadModel } from '../../src/cli/modelFile.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';

const page = () => buildSnapshot([
  { parent: -1, tag: 'body', rect: [0, 0, 1000, 2000] },
  { parent: 0, tag: 'nav', rect: [0, 0, 1000, 100], hints: HintBit.NAV },
  { parent: 1, tag: 'a', rect: [0, 0, 300, 100], text: 'Home', link: 'intra' },
  { parent: 1, tag: 'a', rect: [300, 0, 300, 100], text: 'World', link: 'intra' },
  { parent: 0, tag: 'article', rect: [0, 100, 1000, 1700] },
  { parent: 4, tag: 'p', rect: [0, 100, 1000, 800], text: 'A long paragraph of the story with many plain words in it.' },
  { parent: 0, tag: 'footer', rect: [0, 1800, 1000, 200], hints: HintBit.FOOTER },
  { parent: 6, tag: 'a', rect: [0, 1800, 500, 200], text: 'Privacy', link: 'intra' },
]);

afterEach(() => vi.restoreAllMocks());

describe('in-page engine', () => {
  it('gives the page a turn around each stage and answers like the core page session', async () => {
    const { json } = await loadModel();
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    const engine = inPageEngine();
    expect(engine.kind).toBe('in-page');
    const classified = await engine.classify(page(), json);
    const smoothed = await engine.smooth(pipelineOptions());
    expect(timeouts.mock.calls.length).toBeGreaterThanOrEqual(4); // before and after each of the two stages
    const session = PageSession.classify(page(), parseModelWeights(json, FEATURE_SCHEMA));
    const expectedSmoothed = session.smooth(pipelineOptions());
    expect(classified.nodes).toBe(session.snapshot.count);
    expect(Array.from(smoothed.readerKeep)).toEqual(Array.from(expectedSmoothed.decision.keep));
    expect(Array.from(smoothed.values)).toEqual(Array.from(expectedSmoothed.values));
    expect(smoothed.segments.map((s) => [s.node, s.template])).toEqual(expectedSmoothed.segments.map((s) => [s.node, s.template]));
  });

  it('decides among what the document declares, as readerDecision is given it by winnowExtract', async () => {
    const { json } = await loadModel();
    const declared = {
      metadata: { jsonLd: ['{"@type":"NewsArticle","headline":"Flood waters recede","author":{"name":"Ana Lima"}}'],
        meta: {}, itemprop: {}, times: [], authorLinks: [], documentTitle: 'Flood | Daily', headings: [], lang: 'en' },
      authorNodes: [5],
    };
    const engine = inPageEngine();
    expect((await engine.classify(page(), json, false, declared)).declared)
      .toEqual({ title: 'Flood waters recede', byline: 'Ana Lima' });
    // The decision each smooth makes uses them: the same as a page session given the decided hints.
    const smoothed = await engine.smooth(pipelineOptions());
    const session = PageSession.classify(page(), parseModelWeights(json, FEATURE_SCHEMA),
      { hints: { title: 'Flood waters recede', byline: 'Ana Lima', authorNodes: [5] } });
    const expected = session.smooth(pipelineOptions()).decision;
    expect([smoothed.headline, smoothed.byline]).toEqual([expected.headline, expected.byline]);
    expect((await inPageEngine().classify(page(), json)).declared).toBeNull();
  });

  it('refuses to smooth before anything was classified, with a clear message', async () => {
    await expect(inPageEngine().smooth(pipelineOptions())).rejects.toThrow(/not classified yet/);
  });
});
