import { describe, expect, it } from 'vitest';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';
import { seededRandom as rng } from '../../src/util/seededRandom.ts';
import { segmentationTree } from '../../src/segmentation/segmentationTree.ts';
import { visualNeighbours } from '../../src/segmentation/visualNeighbours.ts';
import { rectGap } from '../../src/segmentation/pairFeatures.ts';
import {
  compactSegments, segmentationFromRoots, segmentBoxes, splitDisconnected, type PageSegmentation,
} from '../../src/segmentation/pageSegmentation.ts';
import { labelPrototypes } from '../../src/segmentation/labelPrototypes.ts';
import { learnDiagonalMetric, type TrainingPage } from '../../src/segmentation/learnCosts.ts';
import { gcutsPage, gcutsPageProblem, nearestLabels } from '../../src/segmentation/gcutsPage.ts';
import { cclusPage } from '../../src/segmentation/cclusPage.ts';
import { gcutsEnergy } from '../../src/segmentation/gcutsEnergy.ts';
import { leafAgreement, trainSegmentation } from '../../src/segmentation/trainSegmentation.ts';
import { parseSegmentationModel } from '../../src/segmentation/segmentationModel.ts';

/**
 * A page of two columns: a navigation list of link items on the left and an article of paragraphs on the right, with
 * a header bar above both. Truth: header, navigation, article (their leaves), −1 for the wrappers.
 */
function twoColumnPage(random: () => number): { nodes: NodeSpec[]; truthOfNode: number[] } {
  const nodes: NodeSpec[] = [{ parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] }];
  const truthOfNode: number[] = [-1];
  const add = (spec: NodeSpec, truth: number) => {
    nodes.push(spec);
    truthOfNode.push(truth);
    return nodes.length - 1;
  };
  const header = add({ parent: 0, tag: 'header', rect: [0, 0, 1280, 100] }, 0);
  add({ parent: header, tag: 'h1', rect: [20, 20, 600, 60], text: 'Site name and slogan' }, 0);
  add({ parent: header, tag: 'form', rect: [900, 30, 300, 40], text: 'Search' }, 0);
  const nav = add({ parent: 0, tag: 'nav', rect: [0, 120, 220, 1200] }, 1);
  const items = 4 + Math.floor(random() * 6);
  for (let k = 0; k < items; k++) {
    add({ parent: nav, tag: 'a', link: 'intra', rect: [10, 130 + k * 50, 200, 40], text: `Section ${k}` }, 1);
  }
  const main = add({ parent: 0, tag: 'article', rect: [260, 120, 980, 2400] }, -1);
  const paragraphs = 3 + Math.floor(random() * 6);
  for (let k = 0; k < paragraphs; k++) {
    const words = Array.from({ length: 40 + Math.floor(random() * 60) }, (_, w) => `word${w}`).join(' ');
    add({ parent: main, tag: 'p', rect: [280, 140 + k * 220, 940, 200], text: words }, 2);
  }
  return { nodes, truthOfNode };
}

function trainingPage(seed: number): TrainingPage {
  const { nodes, truthOfNode } = twoColumnPage(rng(seed));
  const snapshot = buildSnapshot(nodes, { width: 1280, height: 3000 });
  const tree = segmentationTree(snapshot);
  return { snapshot, tree, truth: Int32Array.from(tree.nodeOf, (i) => truthOfNode[i]) };
}

describe('segmentationTree', () => {
  it('keeps the nodes the smoothing sees and links each to its nearest kept ancestor', () => {
    const s = buildSnapshot([
      { parent: -1, rect: [0, 0, 1000, 1000] },
      { parent: 0, rect: [0, 0, 1000, 500] },
      { parent: 1, rect: [0, 0, 10, 10] }, // 100 px²: hidden, rolled into node 1
      { parent: 0, rect: [0, 500, 1000, 500] },
    ]);
    const tree = segmentationTree(s);
    expect(Array.from(tree.nodeOf)).toEqual([0, 1, 3]);
    expect(Array.from(tree.parent)).toEqual([-1, 0, 0]);
    expect(Array.from(tree.leaves)).toEqual([1, 2]);
    expect(tree.problemIndexOf[2]).toBe(1);
  });
});

describe('visualNeighbours', () => {
  it('finds what a brute-force scan finds: each leaf its nearest within the gap, plus document neighbours', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const random = rng(seed);
      const n = 2 + Math.floor(random() * 40);
      const rect = Float32Array.from({ length: 4 * n }, (_, t) =>
        (t % 4 < 2 ? Math.round(random() * 1500) : 5 + Math.round(random() * 300)));
      const leaves = Array.from({ length: n }, (_, k) => k);
      const perLeaf = 1 + Math.floor(random() * 4);
      const maxGap = 50 + random() * 300;
      const got = visualNeighbours(rect, leaves, { perLeaf, maxGap });
      const expected = new Set<string>();
      for (let a = 0; a + 1 < n; a++) expected.add(`${a} ${a + 1}`);
      for (let a = 0; a < n; a++) {
        const near = leaves.filter((b) => b !== a).map((b) => ({ b, gap: rectGap(rect, a, b) }))
          .filter((x) => x.gap <= maxGap).sort((x, y) => x.gap - y.gap || x.b - y.b).slice(0, perLeaf);
        for (const { b } of near) expected.add(`${Math.min(a, b)} ${Math.max(a, b)}`);
      }
      const pairs = Array.from(got.p, (p, e) => `${p} ${got.q[e]}`);
      expect(new Set(pairs).size).toBe(pairs.length);
      expect(new Set(pairs)).toEqual(expected);
    }
  });
});

describe('page segmentations', () => {
  const tree = { nodeOf: Int32Array.from([0, 1, 2, 3, 4]), parent: Int32Array.from([-1, 0, 0, 2, 2]),
    problemIndexOf: Int32Array.from([0, 1, 2, 3, 4]), leaves: Int32Array.from([1, 3, 4]), minArea: 2000 };

  it('numbers segments in order of appearance and keeps −1', () => {
    expect(compactSegments(Int32Array.from([-1, 7, 3, 7, -1]))).toEqual({
      segmentOf: Int32Array.from([-1, 0, 1, 0, -1]), segmentCount: 2,
    });
  });

  it('splits a label that covers two regions with nothing joining them', () => {
    const seg: PageSegmentation = { method: 'gcuts', tree, segmentOf: Int32Array.from([-1, 0, -1, 0, 1]), segmentCount: 2 };
    expect(Array.from(splitDisconnected(seg, [], []).segmentOf)).toEqual([-1, 0, -1, 1, 2]);
    // Leaves 1 and 3 listed as visually close: one segment again.
    expect(Array.from(splitDisconnected(seg, [1], [3]).segmentOf)).toEqual([-1, 0, -1, 0, 1]);
  });

  it("puts each node in the smoothing's innermost segment root above it", () => {
    expect(Array.from(segmentationFromRoots(tree, [0, 2]).segmentOf)).toEqual([0, 0, 1, 1, 1]);
  });

  it('draws one box per segment around its parts, counting leaves and characters', () => {
    const s = buildSnapshot([
      { parent: -1, rect: [0, 0, 1000, 1000] },
      { parent: 0, rect: [0, 0, 100, 100], text: 'abc' },
      { parent: 0, rect: [0, 200, 1000, 800] },
      { parent: 2, rect: [500, 300, 100, 100], text: 'de' },
      { parent: 2, rect: [0, 600, 100, 100] },
    ]);
    const seg: PageSegmentation = { method: 'gcuts', tree, segmentOf: Int32Array.from([-1, 0, -1, 0, 1]), segmentCount: 2 };
    const boxes = segmentBoxes(s, seg);
    expect(boxes[0]).toMatchObject({ roots: [1, 3], leaves: 2, chars: 5, rect: { x: 0, y: 0, width: 600, height: 400 } });
    expect(boxes[1]).toMatchObject({ roots: [4], leaves: 1, rect: { x: 0, y: 600, width: 100, height: 100 } });
  });
});

describe('labelPrototypes', () => {
  it('draws its labels from every one of three well-separated groups, each label one of the rows', () => {
    const random = rng(3);
    const rows: number[] = [];
    const features: number[] = [];
    for (let k = 0; k < 60; k++) {
      const centre = k % 3;
      features.push(centre * 10 + random(), centre * -5 + random());
      rows.push(k);
    }
    const centres = labelPrototypes(Float64Array.from(features), 2, rows, 3);
    const found = Array.from({ length: 3 }, (_, c) => Math.round(centres[2 * c] / 10)).sort();
    expect(found).toEqual([0, 1, 2]);
  });
});

describe('learnDiagonalMetric', () => {
  it('weighs the feature that tells same from different and keeps every weight ≥ 0', () => {
    const random = rng(5);
    const x: number[] = [];
    const y: number[] = [];
    for (let r = 0; r < 2000; r++) {
      const same = random() < 0.5;
      // Feature 0: squared difference small for same-segment pairs; 1: noise; 2: larger for same pairs (misleading).
      x.push(same ? random() * 0.1 : 0.2 + random(), random(), same ? 0.5 + random() : random() * 0.5);
      y.push(same ? 1 : 0);
    }
    const w = learnDiagonalMetric({ width: 3, x, y, w: new Array(y.length).fill(1) });
    expect(w[0]).toBeGreaterThan(1);
    expect(w.every((v) => v >= 0)).toBe(true);
    expect(w[2]).toBe(0);
  });
});

describe('GCuts and CClus on pages', () => {
  const train = Array.from({ length: 8 }, (_, k) => trainingPage(100 + k));
  const trained = trainSegmentation(train, train, {
    grid: { lambda: [0.5, 2], invisibleCost: [0, 0.3], labelCount: [4, 8] },
  });
  const model = parseSegmentationModel(JSON.parse(JSON.stringify(trained.model)));

  it('starts α-expansion from a feasible labelling', () => {
    const page = trainingPage(7);
    const problem = gcutsPageProblem(page.snapshot, model, page);
    expect(gcutsEnergy(problem, nearestLabels(problem))).toBeLessThan(Infinity);
  });

  it('learns costs that recover the columns of unseen pages', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const page = trainingPage(seed);
      const g = gcutsPage(page.snapshot, model, page);
      expect(leafAgreement(g, page.truth).ari).toBeGreaterThan(0.9);
      const c = cclusPage(page.snapshot, model, page);
      expect(leafAgreement(c, page.truth).ari).toBeGreaterThan(0.5);
    }
  });

  it('reports every setting it tried, best first', () => {
    expect(trained.tried).toHaveLength(8);
    expect(trained.tried[0].ari).toBeGreaterThanOrEqual(trained.tried[7].ari);
    expect(trained.tried[0].ari - trained.tried.find((t) => t.lambda === trained.model.lambda && t.labelCount === trained.model.labelCount && t.invisibleCost === trained.model.invisibleCost)!.ari).toBeLessThanOrEqual(0.005);
  });

  it('refuses a model file that does not fit this build', () => {
    expect(() => parseSegmentationModel({ ...trained.model, metric: [1] })).toThrow(/metric/);
    expect(() => parseSegmentationModel({ ...trained.model, version: 2 })).toThrow(/version/);
    expect(() => parseSegmentationModel(null)).toThrow(/not an object/);
  });
});
