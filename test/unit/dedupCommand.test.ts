import { afterEach, describe, expect, it, vi } from 'vitest';
import { dedupJson, pairLines, summaryLine, type DedupRun } from '../../src/cli/evaluation/dedup/dedupPairsOutput.ts';
import { dedupOptions } from '../../src/dedup/dedupOptions.ts';
import { winnow } from './winnowInProcess.ts';

afterEach(() => vi.restoreAllMocks());

describe('winnow dedup: usage errors, before any page is rendered', () => {
  it('needs an input', async () => {
    const r = await winnow('dedup');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('dedup needs at least one DIR_OR_FILE');
  });

  it('refuses shingling parameters that cannot work, with the reason', async () => {
    const shared = await winnow('dedup', 'x', '--min-shared', '9');
    expect(shared.code).toBe(2);
    expect(shared.stderr).toBe('winnow dedup: the shared minimum must be a whole number from 1 to the number of ' +
      'min-hashes (8), got 9');
    expect((await winnow('dedup', 'x', '--shingle', '0')).stderr).toContain('shingle size must be a whole number');
    expect((await winnow('dedup', 'x', '--hashes', 'many')).stderr).toContain("--hashes needs a number, got 'many'");
    expect((await winnow('dedup', 'x', '--hashes', '16', '--min-shared', '9', '--penalty=-1')).stderr)
      .toContain('the penalty must be a finite number ≥ 0');
  });

  it('takes one text to shingle: --raw or --largest-segment, not both; a segmentation model only with the latter',
    async () => {
      const both = await winnow('dedup', 'x', '--raw', '--largest-segment');
      expect(both.code).toBe(2);
      expect(both.stderr).toBe('winnow dedup: --raw and --largest-segment each choose the text to shingle: give one ' +
        'of them');
      const model = await winnow('dedup', 'x', '--segmentation-model', 'seg.json');
      expect(model.code).toBe(2);
      expect(model.stderr).toBe('winnow dedup: --segmentation-model applies only with --largest-segment');
    });

  it('eval --dataset dedup refuses --scripts, which it does not use', async () => {
    const r = await winnow('eval', '--dataset', 'dedup', '--scripts', 'off');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--scripts does not apply to --dataset dedup');
  });
});

describe("winnow dedup's output", () => {
  const run: DedupRun = {
    text: 'content',
    options: dedupOptions(),
    files: ['site/a.html', 'site/b.html', 'other/c.html'],
    empty: [false, false, true],
    pairs: [{ a: 0, b: 1, shared: 5, jaccard: 0.6251 }],
    failed: [{ file: 'broken.html', error: 'navigation timed out' }],
  };

  it('names the text and the rule, then one line per pair with shared/total', () => {
    expect(pairLines(run)).toEqual([
      "near-duplicate pairs of Winnow's content text (6-word shingles, 8 min-hashes, ≥ 4 shared):",
      '  site/a.html  site/b.html  5/8  J≈0.63',
    ]);
    expect(pairLines({ ...run, text: 'raw', pairs: [] })).toEqual([
      'near-duplicate pairs of the whole visible text (6-word shingles, 8 min-hashes, ≥ 4 shared):', '  none',
    ]);
    expect(pairLines({ ...run, text: 'segment' })[0]).toBe("near-duplicate pairs of each page's largest GCuts " +
      'segment (6-word shingles, 8 min-hashes, ≥ 4 shared):');
    expect(summaryLine(run)).toBe('3 pages compared (1 failed, 1 without words), 3 pairs, 1 near-duplicate');
  });

  it('gives the same run as one JSON object', () => {
    expect(JSON.parse(dedupJson(run))).toEqual({
      text: 'content', shingle: 6, hashes: 8, minShared: 4, pages: 3,
      failed: [{ file: 'broken.html', error: 'navigation timed out' }], empty: ['other/c.html'], pairsCompared: 3,
      nearDuplicates: 1, pairs: [{ a: 'site/a.html', b: 'site/b.html', shared: 5, total: 8, jaccard: 0.6251 }],
    });
  });
});
