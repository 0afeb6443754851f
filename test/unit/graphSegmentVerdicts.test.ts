// The verdict of a graph segment (src/session/graphSegmentVerdicts.ts) and the page session's graph segmentation
// (PageSession.graphSegments): the smoothing names each GCuts segment template or content by the area-weighted mean of
// its leaves' smoothed values, and the segmentation is made once per snapshot while the verdicts follow the options.
import { describe, expect, it } from 'vitest';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';
import { sitePage } from '../fixtures/sitePages.ts';
import { graphSegmentVerdicts } from '../../src/session/graphSegmentVerdicts.ts';
import { PageSession } from '../../src/session/pageSession.ts';
import { segmentationTree } from '../../src/segmentation/segmentationTree.ts';
import { compactSegments, segmentBoxes, type PageSegmentation } from '../../src/segmentation/pageSegmentation.ts';
import { parseSegmentationModel, type PairLogistic } from '../../src/segmentation/segmentationModel.ts';
import { NODE_FEATURES } from '../../src/segmentation/nodeFeatures.ts';
import { PAIR_FEATURES } from '../../src/segmentation/pairFeatures.ts';
import { segmentPage } from '../../src/segmentation/segmentPage.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { loadModel } from '../../src/cli/modelFile.ts';

/**
 * body → a sidebar (a wrapper holding a big link block and a small one) and an article (a big paragraph and a small
 * caption). Areas: link blocks 300×100 and 100×100, paragraph 600×300, caption 200×50.
 */
const NODES: NodeSpec[] = [
  { parent: -1, tag: 'body', rect: [0, 0, 1280, 1000] },
  { parent: 0, tag: 'aside', rect: [0, 0, 400, 300] },
  { parent: 1, tag: 'ul', rect: [0, 0, 300, 100], text: 'Home News Sport', link: 'intra' },
  { parent: 1, tag: 'ul', rect: [0, 150, 100, 100], text: 'About', link: 'intra' },
  { parent: 0, tag: 'article', rect: [400, 0, 800, 600] },
  { parent: 4, tag: 'p', rect: [400, 0, 600, 300], text: 'The story itself, told at length.' },
  { parent: 4, tag: 'p', rect: [400, 400, 200, 50], text: 'A caption' },
];

/**
 * A page with blocks of its own (GCuts' labels are the page's inner nodes, paper 003 §4.3): a header with a menu and
 * a search form, an article with headline, text and photo, and a footer with two columns of links.
 */
const PORTAL: NodeSpec[] = [
  { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
  { parent: 0, tag: 'header', rect: [0, 0, 1280, 100] },
  { parent: 1, tag: 'ul', rect: [20, 20, 700, 60], text: 'Home News Sport Weather Culture', link: 'intra' },
  { parent: 1, tag: 'form', rect: [900, 20, 360, 60], text: 'Search' },
  { parent: 0, tag: 'article', rect: [240, 140, 800, 1600] },
  { parent: 4, tag: 'h1', rect: [240, 140, 800, 80], text: 'Harbour cranes idle as gusts top ninety kilometres' },
  { parent: 4, tag: 'p', rect: [240, 240, 800, 900], text: 'Dockworkers paused unloading near berth seven. '.repeat(30) },
  { parent: 4, tag: 'img', rect: [240, 1160, 800, 500] },
  { parent: 0, tag: 'footer', rect: [0, 1800, 1280, 200] },
  { parent: 8, tag: 'ul', rect: [20, 1820, 500, 160], text: 'About us Contact Careers Press', link: 'intra' },
  { parent: 8, tag: 'ul', rect: [700, 1820, 500, 160], text: 'Privacy Terms Cookies Accessibility', link: 'intra' },
];

/** The page cut into the sidebar (with its wrapper) and the article's two paragraphs (without their wrapper). */
function sidebarAndArticle(): { snapshot: ReturnType<typeof buildSnapshot>; seg: PageSegmentation } {
  const snapshot = buildSnapshot(NODES);
  const tree = segmentationTree(snapshot, 0);
  const ofNode = [-1, 0, 0, 0, -1, 1, 1];
  const raw = Int32Array.from(tree.nodeOf, (node) => ofNode[node]);
  return { snapshot, seg: { method: 'gcuts', tree, ...compactSegments(raw) } };
}

describe('graphSegmentVerdicts', () => {
  it('weights each leaf by its area: a big content paragraph outweighs a small template caption', () => {
    const { snapshot, seg } = sidebarAndArticle();
    const values = [0, 0.2, 0.9, 0.9, 0, 0.1, 0.9];
    const [sidebar, article] = graphSegmentVerdicts(snapshot, seg, values, 0.5);
    // (180000·0.1 + 10000·0.9) / 190000 ≈ 0.142, where the plain mean of the two leaves would be 0.5 (template).
    expect(article.score).toBeCloseTo((180_000 * 0.1 + 10_000 * 0.9) / 190_000, 9);
    expect(article.template).toBe(false);
    expect(sidebar).toEqual({ score: 0.9, template: true });
  });

  it('takes the leaves, not the root: a wrapper the smoothing calls content does not make its link lists content', () => {
    const { snapshot, seg } = sidebarAndArticle();
    // The sidebar's wrapper (node 1, its root) is at 0.1; monotone smoothing lets its leaves be higher, never lower.
    const values = [0, 0.1, 0.8, 0.6, 0, 0.1, 0.1];
    const [sidebar] = graphSegmentVerdicts(snapshot, seg, values, 0.5);
    expect(sidebar.score).toBeCloseTo((30_000 * 0.8 + 10_000 * 0.6) / 40_000, 9);
    expect(sidebar.template).toBe(true);
  });

  it('calls a segment template at the threshold, as the smoothing does for a node, and content just under it', () => {
    const { snapshot, seg } = sidebarAndArticle();
    const values = [0, 0.5, 0.5, 0.5, 0, 0.2, 0.2];
    expect(graphSegmentVerdicts(snapshot, seg, values, 0.5).map((v) => v.template)).toEqual([true, false]);
    expect(graphSegmentVerdicts(snapshot, seg, values, 0.5 + 1e-9).map((v) => v.template)).toEqual([false, false]);
    expect(graphSegmentVerdicts(snapshot, seg, values, 0.2).map((v) => v.template)).toEqual([true, true]);
  });

  it('scores leaves without area of their own by the plain mean, not NaN', () => {
    const snapshot = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 1280, 1000] },
      { parent: 0, tag: 'span', rect: [0, 0, 0, 0], text: 'x' },
      { parent: 0, tag: 'span', rect: [0, 0, 0, 0], text: 'y' },
    ]);
    const tree = segmentationTree(snapshot, 0);
    const seg: PageSegmentation = { method: 'gcuts', tree, ...compactSegments(Int32Array.from(tree.nodeOf, (n) => (n ? 0 : -1))) };
    expect(graphSegmentVerdicts(snapshot, seg, [0, 0.2, 0.6], 0.5)).toEqual([{ score: 0.4, template: false }]);
  });
});

const logistic = (intercept: number): PairLogistic => ({
  mean: PAIR_FEATURES.map(() => 0), scale: PAIR_FEATURES.map(() => 1), coef: PAIR_FEATURES.map(() => 0), intercept,
});

/** A hand-made segmentation model (the learned one is not needed to check the session's bookkeeping). */
const SEGMENTATION_MODEL = parseSegmentationModel({
  version: 1, nodeFeatures: [...NODE_FEATURES], pairFeatures: [...PAIR_FEATURES], metric: NODE_FEATURES.map(() => 1),
  adjacent: logistic(0), parentChild: logistic(0), anyPair: logistic(0), lambda: 0.01, invisibleCost: 0.1, labelCount: 4,
  trainedOn: { pages: 0, sites: 0, dataset: 'hand-made' },
});

describe('PageSession.graphSegments', () => {
  it('segments the snapshot with GCuts once; a new threshold or penalty only changes the verdicts', async () => {
    const { weights } = await loadModel();
    const page = { ...buildSnapshot(PORTAL), url: 'https://example.org/story' };
    const session = PageSession.classify(page, weights);
    const first = session.graphSegments(SEGMENTATION_MODEL, pipelineOptions());
    expect(first).toMatchObject({ method: 'gcuts', cached: false });
    expect(first.segments.length).toBeGreaterThan(1);
    expect(first.segmentMs).toBeGreaterThanOrEqual(0);
    // GCuts' phases, each timed, within the whole.
    expect(Object.keys(first.phasesMs ?? {}).sort()).toEqual(['features', 'graph', 'labels', 'maxFlow', 'pairCosts', 'unary']);
    const phased = Object.values(first.phasesMs!).reduce((a, b) => a + b, 0);
    expect(Object.values(first.phasesMs!).every((ms) => ms >= 0)).toBe(true);
    expect(phased).toBeLessThanOrEqual(first.segmentMs);

    // The same cut as the core's own entry, fed the classifier's page-level scores.
    const byHand = segmentPage(page, SEGMENTATION_MODEL, 'gcuts', { scores: session.classified.pageScores });
    const boxes = segmentBoxes(page, byHand);
    expect(first.segments.map((g) => g.parts.map((p) => p.node))).toEqual(boxes.map((b) => b.roots));
    expect(first.segments.map((g) => g.rect)).toEqual(boxes.map((b) => b.rect));

    // Verdicts by the rule, on the smoothing at these options.
    const strict = pipelineOptions({ threshold: 0.9, penaltyFactor: 0.1 });
    const again = session.graphSegments(SEGMENTATION_MODEL, strict);
    expect(again.cached).toBe(true);
    expect(again.segmentMs).toBe(first.segmentMs);
    expect(again.phasesMs).toEqual(first.phasesMs);
    expect(again.segments.map((g) => g.parts)).toEqual(first.segments.map((g) => g.parts));
    const verdicts = graphSegmentVerdicts(page, byHand, session.smooth(strict).values, 0.9);
    expect(again.segments.map(({ score, template }) => ({ score, template }))).toEqual(verdicts);
    expect(again.segments.every((g) => g.template === g.score >= 0.9)).toBe(true);

    // CClus is a segmentation of its own, kept beside GCuts'.
    expect(session.graphSegments(SEGMENTATION_MODEL, strict, 'cclus')).toMatchObject({ method: 'cclus', cached: false, phasesMs: null });
    expect(session.graphSegments(SEGMENTATION_MODEL, strict).cached).toBe(true);
  });

  it('gives each part its root node and box, the segment its union box', async () => {
    const { weights } = await loadModel();
    const page = sitePage(1, { repeat: 6 });
    const { segments } = PageSession.classify(page, weights).graphSegments(SEGMENTATION_MODEL, pipelineOptions());
    for (const g of segments) {
      for (const { node, rect } of g.parts) {
        expect([rect.x, rect.y, rect.width, rect.height]).toEqual(Array.from(page.rect.subarray(4 * node, 4 * node + 4)));
        expect(rect.x).toBeGreaterThanOrEqual(g.rect.x);
        expect(rect.x + rect.width).toBeLessThanOrEqual(g.rect.x + g.rect.width + 1e-3);
      }
    }
    // Every root heads a part of one segment only.
    const roots = segments.flatMap((g) => g.parts.map((p) => p.node));
    expect(new Set(roots).size).toBe(roots.length);
  });
});
