import { describe, expect, it } from 'vitest';
import { penaltyGrid, sweepCsv, type SweepRow } from '../../src/cli/evaluation/segmentation/penaltySweep.ts';
import { parseMapping } from '../../src/cli/datasets/kreuzerPages.ts';
import { segmentationCsv } from '../../src/cli/evaluation/segmentation/segmentationReport.ts';
import type { SegmentationEvalResult } from '../../src/cli/evaluation/segmentation/segmentationEval.ts';

describe('penaltyGrid', () => {
  it('has 13 points from 1e-4 to 1 with every decade, the default 0.01 among them', () => {
    const grid = penaltyGrid(1e-4, 1, 3);
    expect(grid).toHaveLength(13);
    expect(grid[0]).toBe(0.0001);
    expect(grid[12]).toBe(1);
    for (const c of [0.001, 0.01, 0.1]) expect(grid).toContain(c);
    expect(grid[1]).toBe(0.000215);
    for (let k = 1; k < grid.length; k++) expect(grid[k]).toBeGreaterThan(grid[k - 1]);
  });
});

describe('kreuzer mapping.txt', () => {
  it('keys pages by folder, keeps commented lines as such and tolerates the stray quote', () => {
    const m = parseMapping([
      '# "http://www.whitehouse.gov/" : "/opt/dataset-popular/www.whitehouse.gov/www.whitehouse.gov/index.html",',
      '"http://www.un.org/en/" : "/opt/dataset-popular/www.un.org/www.un.org/en/index.html",',
      ':http://www.pandora.com/restricted" : "/opt/dataset-popular/www.pandora.com/www.pandora.com/restricted.html",',
    ].join('\n'));
    expect(m.get('www.whitehouse.gov/www.whitehouse.gov')).toEqual({ url: 'http://www.whitehouse.gov/', commented: true });
    expect(m.get('www.un.org/www.un.org/en')).toEqual({ url: 'http://www.un.org/en/', commented: false });
    expect(m.get('www.pandora.com/www.pandora.com')?.url).toBe('http://www.pandora.com/restricted');
  });
});

describe('CSV output', () => {
  it('writes one sweep row per c, blanks for undefined values', () => {
    const row: SweepRow = {
      c: 0.01, textP: 0.9, textR: 0.8, textF: 0.847058823, anchorTextF: 0.5, linksF: 0.7, ariInnermost: 0.6,
      nmiInnermost: 0.8, ariOutermost: NaN, nmiOutermost: 0.4, meanSegments: 12.5,
    };
    const lines = sweepCsv([row, { ...row, c: 0.1 }]).trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0].split(',')).toHaveLength(11);
    expect(lines[1]).toBe('0.01,0.9,0.8,0.847059,0.5,0.7,0.6,0.8,,0.4,12.5');
  });

  it('lists scored pages with their numbers and unscored ones with a quoted reason', () => {
    const agreement = { ari: 0.5, nmi: 0.75, leaves: 10, groups: 3, humanGroups: 4 };
    const both = { innermost: agreement, outermost: { ...agreement, humanGroups: 2 } };
    const result: SegmentationEvalResult = {
      penaltyFactor: 0.01,
      pages: [{ id: 'a/b', leaves: 12, humanBlocks: 5, winnowSegments: 6, winnow: both, basicMerge: both }],
      failed: [{ id: 'c/d', reason: 'timeout, "never loaded"' }],
      mean: {
        winnow: { innermost: { ari: 0.5, nmi: 0.75 }, outermost: { ari: 0.5, nmi: 0.75 } },
        basicMerge: { delta: 0.3, innermost: { ari: 0.5, nmi: 0.75 }, outermost: { ari: 0.5, nmi: 0.75 } },
      },
    };
    const lines = segmentationCsv(result).trim().split('\n');
    expect(lines).toHaveLength(3);
    const width = lines[0].split(',').length;
    expect(lines[1]).toBe('a/b,12,10,5,6,4,2,3,0.5,0.75,0.5,0.75,0.5,0.75,0.5,0.75,');
    expect(lines[1].split(',')).toHaveLength(width);
    expect(lines[2]).toBe(`c/d${','.repeat(width - 2)},"timeout, ""never loaded"""`);
  });
});
