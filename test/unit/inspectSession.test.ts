// Inspect mode's computations as hosts reach them: PageSession.inspect / trainingRows on small synthetic snapshots,
// and the worker's messages (pipelineHandlers, over a real MessagePort as the frame worker uses it, and the in-page
// engine).
import { describe, expect, it } from 'vitest';
import { PageSession } from '../../src/session/pageSession.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { computeFeatures } from '../../src/features/computeFeatures.ts';
import { FEATURE_INDEX, FEATURE_NAMES } from '../../src/features/featureSchema.ts';
import { sigmoid } from '../../src/model/logisticRegression.ts';
import { SiteMemory } from '../../src/site/memory/siteMemory.ts';
import { MAX_ROWS_PER_SEGMENT } from '../../src/inspect/segmentTrainingRows.ts';
import { loadModel } from '../../src/cli/modelFile.ts';
import { pipelineHandlers } from '../../extension/shared/pipelineHandlers.ts';
import { messagePortLink, PortClient, servePort } from '../../extension/shared/portRpc.ts';
import type { WorkerApi } from '../../extension/shared/workerApi.ts';
import { inPageEngine } from '../../extension/content/inPageEngine.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';
import { SITE_PAGE, sitePage as sitePageOf } from '../fixtures/sitePages.ts';

const sitePage = (k: number) => sitePageOf(k, { repeat: 6 });

/** Nodes of `navAndParagraphs`. */
const PAGE = { NAV: 1, LINKS: [2, 3, 4], ARTICLE: 5, FIRST_PARAGRAPH: 6, PARAGRAPHS: 20 } as const;

/**
 * A navigation of three links (larger than any paragraph) and an article of 20 paragraphs, the first holding a 10×10 span (hidden from the
 * smoothing: under 2000 px²). Scored by hand: the navigation 0.9, the rest 0.1, so the smoothing makes two segments.
 */
function navAndParagraphs(paragraphs: number = PAGE.PARAGRAPHS) {
  const nodes: NodeSpec[] = [
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 4000] },
    { parent: 0, tag: 'nav', rect: [0, 0, 1280, 200], hints: HintBit.NAV },
    { parent: 1, tag: 'a', rect: [0, 10, 80, 30], text: 'Home', link: 'intra' },
    { parent: 1, tag: 'a', rect: [100, 10, 80, 30], text: 'News', link: 'intra' },
    { parent: 1, tag: 'a', rect: [200, 10, 80, 30], text: 'About', link: 'intra' },
    { parent: 0, tag: 'article', rect: [140, 100, 1000, 3600] },
  ];
  for (let k = 0; k < paragraphs; k++) {
    // Heights differ so "the largest" has one answer; the paragraphs after the first are the taller ones.
    nodes.push({ parent: PAGE.ARTICLE, tag: 'p', rect: [140, 100 + 170 * k, 1000, 100 + k], text: `Paragraph ${k} of the story.` });
    if (k === 0) nodes.push({ parent: nodes.length - 1, tag: 'span', rect: [140, 100, 10, 10], text: 'x' });
  }
  return buildSnapshot(nodes, { width: 1280, height: 4000 });
}

async function handScoredSession(paragraphs: number = PAGE.PARAGRAPHS) {
  const { weights } = await loadModel();
  const snapshot = navAndParagraphs(paragraphs);
  const scores = Float64Array.from({ length: snapshot.count }, (_, i) => (i >= PAGE.NAV && i < PAGE.ARTICLE ? 0.9 : 0.1));
  const features = computeFeatures(snapshot);
  const session = new PageSession({ snapshot, scores, timings: { featuresMs: 0, classifyMs: 0 }, classifier: { features, weights } });
  return { session, snapshot, features };
}

const rowOf = (features: ReturnType<typeof computeFeatures>, i: number) =>
  Array.from(features.data.subarray(i * features.cols, (i + 1) * features.cols));

describe('PageSession.trainingRows', () => {
  it('gives the segment root first, then the largest nodes the segment owns, never a nested segment\'s, at most 12', async () => {
    const { session, snapshot, features } = await handScoredSession();
    const options = pipelineOptions();
    const run = session.smooth(options);
    expect(run.segments.map((g) => g.node)).toEqual([0, PAGE.NAV]);
    const page = session.trainingRows(0, options);
    expect(page.features).toHaveLength(MAX_ROWS_PER_SEGMENT);
    // The article, then paragraphs tallest first; the hidden span and the navigation's nodes are not rows.
    // Paragraph k ≥ 1 is node FIRST_PARAGRAPH + 1 + k (the span comes after paragraph 0).
    const paragraphs = Array.from({ length: PAGE.PARAGRAPHS - 1 }, (_, k) => PAGE.FIRST_PARAGRAPH + 2 + k).reverse();
    const expected = [0, PAGE.ARTICLE, ...paragraphs].slice(0, MAX_ROWS_PER_SEGMENT);
    expect(page.features).toHaveLength(expected.length);
    page.features.forEach((row, k) => {
      const exact = rowOf(features, expected[k]);
      expect(row).toHaveLength(FEATURE_NAMES.length);
      row.forEach((v, j) => {
        expect(Number(v.toPrecision(4))).toBe(v); // rounded to 4 significant digits
        expect(Math.abs(v - exact[j])).toBeLessThanOrEqual(5e-4 * Math.abs(exact[j]));
      });
      expect(page.areaFractions[k]).toBe(row[FEATURE_INDEX.areaFraction]);
    });
    expect(page.areaFractions[0]).toBe(1);

    const nav = session.trainingRows(PAGE.NAV, options);
    expect(nav.features).toHaveLength(4);
    expect(nav.features[0]).toEqual(rowOf(features, PAGE.NAV).map((v) => Number(v.toPrecision(4))));
    // A node that is not a segment root of this smoothing still gives its own row and what lies under it.
    expect(session.trainingRows(PAGE.LINKS[0], options).features).toHaveLength(1);
    expect(session.trainingRows(PAGE.ARTICLE, options).features[0]).toEqual(page.features[1]);
    expect(() => session.trainingRows(snapshot.count, options)).toThrow(new RegExp(`no node ${snapshot.count} on this page`));
  });

  it('takes every visible node the segment owns when they are fewer than the cap', async () => {
    const { session, features } = await handScoredSession(2);
    const options = pipelineOptions();
    const rounded = (i: number) => rowOf(features, i).map((v) => Number(v.toPrecision(4)));
    // Body, article, paragraph 1 (the taller), paragraph 0; not the hidden span (7), not the navigation (1–4).
    expect(session.trainingRows(0, options).features).toEqual([0, PAGE.ARTICLE, 8, 6].map(rounded));
    expect(session.trainingRows(PAGE.NAV, options).features).toEqual([PAGE.NAV, ...PAGE.LINKS].map(rounded));
  });

  it('follows the smoothing of the options it is given', async () => {
    const { session } = await handScoredSession();
    // A penalty so high the navigation is no segment of its own: the page root's segment owns its nodes too.
    const coarse = pipelineOptions({ penaltyFactor: 10 });
    expect(session.smooth(coarse).segments).toHaveLength(1);
    session.smooth(pipelineOptions());
    const navRow = session.trainingRows(PAGE.NAV, coarse).features[0];
    expect(session.trainingRows(0, coarse).features[2]).toEqual(navRow); // after the root and the article
    expect(session.trainingRows(0, pipelineOptions()).features).not.toContainEqual(navRow);
  });
});

describe('PageSession.inspect', () => {
  it('explains the classifier\'s score, and shows the smoothing on screen and each segment\'s merge penalty', async () => {
    const { weights } = await loadModel();
    const session = PageSession.classify(sitePage(0), weights);
    const options = pipelineOptions();
    const run = session.smooth(options);
    const values = run.values.slice();
    // Hosts transfer the answer's buffers to another thread: what inspect shows must not depend on them.
    structuredClone(run.values, { transfer: [run.values.buffer] });
    expect(run.values.length).toBe(0);
    for (let node = 0; node < session.snapshot.count; node++) {
      const card = session.inspect(node, options, FEATURE_NAMES.length);
      expect(card.node).toBe(node);
      expect(card.rawScore).toBe(session.classified.pageScores[node]);
      expect(card.priorScore).toBe(card.rawScore); // no site memory
      expect(sigmoid(card.logit)).toBe(card.rawScore);
      const sum = card.contributions.reduce((s, c) => s + c.contribution, card.baseLogit);
      expect(sum).toBeCloseTo(card.logit, 9);
      expect(card.smoothed).toBe(values[node]);
      expect(card.site).toBeNull();
      expect(card.merge.current).toBe(options.penaltyFactor);
    }
    for (const g of run.segments) {
      const merge = session.inspect(g.node, options).merge.penaltyFactor;
      if (g.parentSegment < 0) expect(merge).toBeNull();
      else expect(merge!).toBeGreaterThanOrEqual(options.penaltyFactor);
    }
    expect(run.segments.length).toBeGreaterThan(1);
    expect(session.inspect(SITE_PAGE.NAV, options).contributions).toHaveLength(6);
    expect(session.inspect(SITE_PAGE.NAV, options, 2).contributions).toHaveLength(2);
    expect(() => session.inspect(-1, options)).toThrow(/no node -1 on this page/);
    expect(() => session.inspect(1.5, options)).toThrow(/no node 1.5/);
  });

  it('re-smooths for other options, and a node\'s merge penalty is its segment\'s', async () => {
    const { session } = await handScoredSession();
    const options = pipelineOptions();
    session.smooth(options);
    const nav = session.inspect(PAGE.NAV, options);
    expect(nav.smoothed).toBe(0.9);
    // Links lie in the navigation's segment; the hidden span in the page root's.
    expect(session.inspect(PAGE.LINKS[1], options).merge).toEqual(nav.merge);
    expect(session.inspect(PAGE.FIRST_PARAGRAPH + 1, options).merge.penaltyFactor).toBeNull();
    // The navigation's four nodes (weight 1 each) move 0.8 to merge; its penalty is A/A_nav per unit of c.
    expect(nav.merge.penaltyFactor).toBeCloseTo((4 * 0.8) / (4000 / 200), 12);
    const coarse = pipelineOptions({ penaltyFactor: nav.merge.penaltyFactor! * 1.01 });
    const merged = session.inspect(PAGE.NAV, coarse);
    expect(merged.smoothed).toBe(0.1);
    expect(merged.merge).toEqual({ penaltyFactor: null, current: coarse.penaltyFactor });
    expect(session.inspect(PAGE.NAV, pipelineOptions({ penaltyFactor: nav.merge.penaltyFactor! * 0.99 })).smoothed).toBe(0.9);
  });

  it('shows the site memory\'s evidence and the score before and after its prior', async () => {
    const { weights } = await loadModel();
    const memory = SiteMemory.create();
    for (const k of [1, 2, 3]) PageSession.classify(sitePage(k), weights, { siteMemory: memory }).remember();
    const session = PageSession.classify(sitePage(4), weights, { siteMemory: memory });
    const options = pipelineOptions();
    const footer = session.inspect(SITE_PAGE.FOOTER, options);
    expect(footer.site).toEqual({ template: true, pagesSeen: 3, methods: session.siteEvidence!.evidence.available });
    expect(footer.priorScore).toBeGreaterThan(footer.rawScore);
    expect(footer.rawScore).toBe(PageSession.classify(sitePage(4), weights).classified.scores[SITE_PAGE.FOOTER]);
    expect(session.inspect(SITE_PAGE.PARA, options).site!.template).toBe(false);
    session.dropSiteEvidence();
    const after = session.inspect(SITE_PAGE.FOOTER, options);
    expect(after.site).toBeNull();
    expect(after.priorScore).toBe(after.rawScore);
  });

  it('says so when the page was classified without its features', () => {
    const snapshot = navAndParagraphs();
    const session = new PageSession({ snapshot, scores: new Float64Array(snapshot.count), timings: { featuresMs: 0, classifyMs: 0 } });
    expect(() => session.inspect(0, pipelineOptions())).toThrow(/without keeping its features/);
  });
});

describe('inspect and trainingRows messages', () => {
  it('answer over the worker\'s port what the page session answers, after the smooth\'s buffers moved', async () => {
    const { json, weights } = await loadModel();
    const channel = new MessageChannel();
    servePort<WorkerApi>(messagePortLink(channel.port2), 'winnow/worker', pipelineHandlers());
    const client = new PortClient<WorkerApi>(messagePortLink(channel.port1), 'winnow/worker');
    const options = pipelineOptions();
    await expect(client.call('inspect', { node: 0, options })).rejects.toThrow(/not classified/);
    await client.call('classify', { snapshot: sitePage(0), weightsJson: json });
    await client.call('smooth', { options });
    const session = PageSession.classify(sitePage(0), weights);
    session.smooth(options);
    for (const node of [0, SITE_PAGE.NAV, SITE_PAGE.ARTICLE, SITE_PAGE.IMG]) {
      expect(await client.call('inspect', { node, options })).toEqual(session.inspect(node, options));
      expect(await client.call('inspect', { node, options, top: 3 })).toEqual(session.inspect(node, options, 3));
      expect(await client.call('trainingRows', { node, options })).toEqual(session.trainingRows(node, options));
    }
    await expect(client.call('inspect', { node: 99, options })).rejects.toThrow(/no node 99 on this page: it has 10 nodes/);
    await expect(client.call('trainingRows', { node: -3, options })).rejects.toThrow(/no node -3/);
    await expect(client.call('inspect', { node: 0, options: { ...options, penaltyFactor: -1 } })).rejects.toThrow(/penalty/);
    client.close();
    channel.port2.close();
  });

  it('are answered by the in-page engine the same way', async () => {
    const { json, weights } = await loadModel();
    const engine = inPageEngine();
    const options = pipelineOptions({ penaltyFactor: 0.05 });
    await engine.classify(sitePage(0), json);
    const session = PageSession.classify(sitePage(0), weights);
    expect(await engine.inspect(SITE_PAGE.NAV, options, 4)).toEqual(session.inspect(SITE_PAGE.NAV, options, 4));
    expect(await engine.trainingRows(0, options)).toEqual(session.trainingRows(0, options));
    await expect(engine.inspect(10, options)).rejects.toThrow(/no node 10/);
  });
});
