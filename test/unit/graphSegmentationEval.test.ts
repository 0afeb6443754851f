import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';
import { foldsBySite, type KreuzerTrainingPage } from '../../src/cli/evaluation/segmentation/kreuzerTraining.ts';
import { scoreSegmentation, type GraphSegmentationEval } from '../../src/cli/evaluation/segmentation/graphSegmentationEval.ts';
import { graphSegmentationCsv, graphSegmentationMarkdown } from '../../src/cli/evaluation/segmentation/graphSegmentationReport.ts';
import { segmentationTree } from '../../src/segmentation/segmentationTree.ts';
import type { PageSegmentation } from '../../src/segmentation/pageSegmentation.ts';

describe('foldsBySite', () => {
  it("keeps a site's pages in one fold and uses every fold", () => {
    const pages = Array.from({ length: 30 }, (_, k) => ({ site: `site${k % 10}.org`, k }));
    const folds = foldsBySite(pages, (p) => p.site, 3);
    expect(folds.flat()).toHaveLength(30);
    expect(folds.every((f) => f.length > 0)).toBe(true);
    for (const fold of folds) {
      for (const other of folds) if (other !== fold) {
        expect(fold.some((p) => other.some((q) => q.site === p.site))).toBe(false);
      }
    }
  });
});

describe('scoreSegmentation', () => {
  // Two blocks of two leaves each, with the text in the leaves: a perfect segmentation and one that merges them.
  const s = buildSnapshot([
    { parent: -1, rect: [0, 0, 1000, 1000] },
    { parent: 0, rect: [0, 0, 1000, 400] },
    { parent: 1, rect: [0, 0, 500, 400], text: 'aaaa' },
    { parent: 1, rect: [500, 0, 500, 400], text: 'bb' },
    { parent: 0, rect: [0, 500, 1000, 400] },
    { parent: 4, rect: [0, 500, 500, 400], text: 'cccccc' },
    { parent: 4, rect: [500, 500, 500, 400], text: 'd' },
  ]);
  const tree = segmentationTree(s);
  const human = Int32Array.from([-1, 0, 0, 0, 1, 1, 1]);
  const page = {
    snapshot: s, tree, truth: Int32Array.from(tree.nodeOf, (i) => human[i]), granularity: 'innermost',
    source: { truth: { innermost: human, outermost: human } },
  } as unknown as KreuzerTrainingPage;
  const seg = (segmentOf: number[]): PageSegmentation =>
    ({ method: 'gcuts', tree, segmentOf: Int32Array.from(segmentOf), segmentCount: new Set(segmentOf.filter((x) => x >= 0)).size });

  it('gives a perfect segmentation 1 on every measure', () => {
    expect(scoreSegmentation(seg([-1, 0, 0, 0, 1, 1, 1]), page)).toEqual({
      ari: 1, nmi: 1, bcubedChars: 1, bcubedNodes: 1, segments: 2,
    });
  });

  it('weighs BCubed by characters or by nodes', () => {
    // Everything in one segment.
    const merged = scoreSegmentation(seg([0, 0, 0, 0, 0, 0, 0]), page);
    expect(merged.ari).toBe(0);
    // Chars: block 0 has 6, block 1 has 7 of 13; the root node owns none. Precision Σ w·(w_T/13)/13, recall 1.
    const p = (6 * 6 + 7 * 7) / (13 * 13);
    expect(merged.bcubedChars).toBeCloseTo((2 * p) / (1 + p), 10);
    // Nodes: all 7 in one predicted segment; the 6 judged ones share it with 3 of their block (3/7 each), the root
    // with none of a block: precision 6·(3/7)/7, recall 1.
    const pn = (6 * 3) / (7 * 7);
    expect(merged.bcubedNodes).toBeCloseTo((2 * pn) / (1 + pn), 10);
  });
});

describe('the report', () => {
  const scores = (ari: number) => ({ ari, nmi: ari, bcubedChars: ari, bcubedNodes: ari, segments: 3 });
  const result: GraphSegmentationEval = {
    granularity: 'innermost', folds: 2,
    pages: [
      { id: 'a', site: 'a.org', fold: 0, leaves: 10, humanSegments: 3, gcutsMs: 5, cclusMs: 2,
        methods: { gcuts: scores(0.9), cclus: scores(0.5), smooth: scores(0.7) } },
      { id: 'b', site: 'b.org', fold: 1, leaves: 10, humanSegments: 3, gcutsMs: 7, cclusMs: 2,
        methods: { gcuts: scores(0.4), cclus: scores(0.5), smooth: scores(0.6) } },
    ],
    mean: { gcuts: scores(0.65), cclus: scores(0.5), smooth: scores(0.65) },
    models: [{ lambda: 1, invisibleCost: 0.3, labelCount: 32, trainPages: 1 }, { lambda: 2, invisibleCost: 1, labelCount: 64, trainPages: 1 }],
  };

  it('counts the pages each method wins and lists one CSV row per page', () => {
    const md = graphSegmentationMarkdown(result, 12);
    expect(md).toContain('| gcuts | 0.650 | 0.650 | 0.650 | 0.650 | 3.0 | 1 |');
    expect(md).toContain('| smooth | 0.650 | 0.650 | 0.650 | 0.650 | 3.0 | 1 |');
    expect(md).toContain('| cclus | 0.500 | 0.500 | 0.500 | 0.500 | 3.0 | 0 |');
    expect(md).toContain('fold 2: λ 2, Dp(ξ) 1, 64 labels');
    const csv = graphSegmentationCsv(result).trim().split('\n');
    expect(csv).toHaveLength(3);
    expect(csv[1].startsWith('a,a.org,0,10,3,5,2,0.9,')).toBe(true);
  });
});
