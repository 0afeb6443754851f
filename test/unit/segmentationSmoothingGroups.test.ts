import { describe, expect, it } from 'vitest';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';
import { segmentationTree } from '../../src/segmentation/segmentationTree.ts';
import { smoothingGroups } from '../../src/segmentation/smoothingGroups.ts';
import { segmentationFromRoots } from '../../src/segmentation/pageSegmentation.ts';
import { PAIR_FEATURE_COUNT, PAIR_FEATURES, writePairFeatures } from '../../src/segmentation/pairFeatures.ts';
import { nodeFeatures } from '../../src/segmentation/nodeFeatures.ts';
import { smoothPage } from '../../src/pipeline/runPipeline.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';

/** A header, a navigation column and an article, with template-like scores on the first two and content-like below. */
function page(random: () => number) {
  const nodes: NodeSpec[] = [{ parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] }];
  const scores = [0.5];
  const add = (spec: NodeSpec, score: number) => {
    nodes.push(spec);
    scores.push(Math.min(1, Math.max(0, score + (random() - 0.5) * 0.3)));
    return nodes.length - 1;
  };
  const header = add({ parent: 0, tag: 'header', rect: [0, 0, 1280, 100] }, 0.9);
  add({ parent: header, tag: 'h1', rect: [20, 20, 600, 60], text: 'Site' }, 0.8);
  const nav = add({ parent: 0, tag: 'nav', rect: [0, 120, 220, 1200] }, 0.9);
  for (let k = 0; k < 6; k++) add({ parent: nav, tag: 'a', rect: [10, 130 + k * 50, 200, 40], text: `S${k}` }, 0.85);
  const main = add({ parent: 0, tag: 'article', rect: [260, 120, 980, 2400] }, 0.1);
  for (let k = 0; k < 5; k++) add({ parent: main, tag: 'p', rect: [280, 140 + k * 220, 940, 200], text: 'words' }, 0.1);
  add({ parent: main, tag: 'img', rect: [280, 10, 5, 5] }, 0.9); // under the minimum area: rolled into the article
  return { snapshot: buildSnapshot(nodes, { width: 1280, height: 3000 }), scores: Float64Array.from(scores) };
}

describe('smoothingGroups (the smoothing segments GCuts and CClus see as a pair feature)', () => {
  it('are the pipeline\'s own segments at the default penalty, node for node on the segmentation tree', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { snapshot, scores } = page(seededRandom(seed));
      const tree = segmentationTree(snapshot);
      const smoothed = smoothPage({ snapshot, scores, timings: { featuresMs: 0, classifyMs: 0 } }, pipelineOptions());
      const expected = segmentationFromRoots(tree, smoothed.segments.map((segment) => segment.node)).segmentOf;
      expect(Array.from(smoothingGroups(snapshot, tree, scores))).toEqual(Array.from(expected));
    }
  });

  it('follow the tree\'s minimum area, not the pipeline default', () => {
    const { snapshot, scores } = page(seededRandom(3));
    const tree = segmentationTree(snapshot, 0);
    expect(tree.nodeOf.length).toBe(snapshot.count); // the 25 px² image is a node of its own now
    expect(smoothingGroups(snapshot, tree, scores).length).toBe(snapshot.count);
  });

  it('give the pair feature 1 inside one smoothing segment, 0 across two, 0.5 without scores', () => {
    const { snapshot, scores } = page(seededRandom(5));
    const tree = segmentationTree(snapshot);
    const groups = smoothingGroups(snapshot, tree, scores);
    const features = nodeFeatures(snapshot, tree.nodeOf, scores);
    const at = PAIR_FEATURES.indexOf('sameSmoothSegment');
    const row = new Float64Array(PAIR_FEATURE_COUNT);
    const value = (a: number, b: number, g?: Int32Array) => {
      writePairFeatures(snapshot, features, tree.nodeOf[a], a, tree.nodeOf[b], b, row, 0, g);
      return row[at];
    };
    const leaves = Array.from(tree.leaves);
    const same = leaves.flatMap((a) => leaves.filter((b) => b !== a && groups[a] === groups[b]).map((b) => [a, b]));
    const apart = leaves.flatMap((a) => leaves.filter((b) => groups[a] !== groups[b]).map((b) => [a, b]));
    expect(same.length).toBeGreaterThan(0);
    expect(apart.length).toBeGreaterThan(0);
    for (const [a, b] of same) expect(value(a, b, groups)).toBe(1);
    for (const [a, b] of apart) expect(value(a, b, groups)).toBe(0);
    expect(value(same[0][0], same[0][1])).toBe(0.5);
  });
});
