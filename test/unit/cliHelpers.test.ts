import { describe, expect, it } from 'vitest';
import { numberOption } from '../../src/cli/options/optionValues.ts';
import { UsageError } from '../../src/cli/options/usageError.ts';
import { defineCommand } from '../../src/cli/options/commandSpec.ts';
import { parseCommandLine } from '../../src/cli/options/parseCommandLine.ts';
import { mapWithConcurrency } from '../../src/cli/browser/concurrency.ts';
import { mean, percentile } from '../../src/cli/evaluation/stats.ts';
import { siteOfUrl } from '../../src/cli/datasets/siteOfUrl.ts';
import { parseProblemLine } from '../../src/cli/commands/smooth.ts';
import { pipelineOptions, DEFAULT_PIPELINE_OPTIONS } from '../../src/pipeline/pipelineOptions.ts';
import { fnv1a, splitBySite } from '../../src/cli/datasets/siteSplit.ts';
import { rocAuc } from '../../src/cli/training/modelEvaluation.ts';
import { expandInputs } from '../../src/cli/analyze/inputFiles.ts';

describe('command-line arguments', () => {
  it('parses numbers and rejects what is not one', () => {
    expect(numberOption('0.02', 'penalty')).toBe(0.02);
    expect(numberOption(undefined, 'penalty')).toBeUndefined();
    expect(() => numberOption('abc', 'penalty')).toThrow(/--penalty needs a number, got 'abc'/);
    expect(() => numberOption('', 'penalty')).toThrow(UsageError);
  });

  it('turns unknown options into usage errors', () => {
    const spec = defineCommand({
      name: 'x', summary: 'x', usage: ['FILE'], positionals: true, example: 'x',
      options: { json: { type: 'boolean', help: 'JSON' } }, run: async () => 0,
    });
    expect(() => parseCommandLine(spec, ['--nope'])).toThrow(UsageError);
    expect(parseCommandLine(spec, ['a.html', '--json'])).toEqual({ help: false, values: { json: true }, positionals: ['a.html'] });
  });
});

describe('pipelineOptions', () => {
  it('defaults to the paper’s penalty and validates', () => {
    expect(pipelineOptions()).toEqual(DEFAULT_PIPELINE_OPTIONS);
    expect(pipelineOptions({ penaltyFactor: 0.1, threshold: undefined }).penaltyFactor).toBe(0.1);
    expect(() => pipelineOptions({ penaltyFactor: -1 })).toThrow(/penalty/);
    expect(() => pipelineOptions({ threshold: 2 })).toThrow(/threshold/);
    expect(() => pipelineOptions({ minArea: Number.NaN })).toThrow(/minimum area/);
  });
});

describe('smooth input lines', () => {
  it('accepts a problem and rejects malformed lines clearly', () => {
    expect(parseProblemLine('{"parents":[-1,0],"scores":[0.1,0.9],"penalties":[1,1]}').scores).toEqual([0.1, 0.9]);
    expect(() => parseProblemLine('{oops')).toThrow(/not valid JSON/);
    expect(() => parseProblemLine('[1,2]')).toThrow(/JSON object/);
    expect(() => parseProblemLine('{"parents":[-1],"scores":3,"penalties":[1]}')).toThrow(/"scores" must be an array/);
    expect(() => parseProblemLine('{"parents":[-1],"scores":[1],"penalties":[1],"weights":"x"}')).toThrow(/weights/);
  });
});

describe('small utilities', () => {
  it('maps with bounded concurrency in input order', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapWithConcurrency([5, 1, 3, 2], 2, async (v) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, v));
      inFlight--;
      return v * 10;
    });
    expect(out).toEqual([50, 10, 30, 20]);
    expect(most).toBe(2);
  });

  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([], 50)).toBeNaN();
  });

  it('takes means, NaN for no values', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBeNaN();
  });

  it('names the site of an address: host, lower case, without www', () => {
    expect(siteOfUrl('https://WWW.Example.org/a?b')).toBe('example.org');
    expect(siteOfUrl('http://www2.news.example.net/')).toBe('news.example.net');
    expect(siteOfUrl('not a url')).toBe('');
  });

  it('splits pages by site, never one site on both sides', () => {
    const pages = Array.from({ length: 200 }, (_, i) => ({ site: `site${i % 40}.example`, id: i }));
    const { train, test } = splitBySite(pages, 20);
    const trainSites = new Set(train.map((p) => p.site));
    expect(test.some((p) => trainSites.has(p.site))).toBe(false);
    expect(test.length).toBeGreaterThan(0);
    expect(train.length).toBeGreaterThan(test.length);
    expect(fnv1a('a')).toBe(0xe40c292c);
  });

  it('computes ROC AUC with ties', () => {
    expect(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBeCloseTo(0.75);
    expect(rocAuc([0.5, 0.5], [0, 1])).toBeCloseTo(0.5);
    expect(rocAuc([0.5, 0.5], [1, 1])).toBeNaN();
  });

  it('expands inputs and reports missing ones per item', async () => {
    const items = await expandInputs(['public/demo', 'no/such/file.html']);
    expect(items[0]).toMatchObject({ file: 'public/demo/article.html' });
    expect(items[1]).toEqual({ file: 'no/such/file.html', path: null, error: 'no such file or folder' });
  });
});

describe('page code hashes (capture cache keys)', () => {
  it('bundle the capture code and the human-block reader: a wrong path fails here, not in a long training run', async () => {
    const { captureCodeHash, humanBlocksCodeHash } = await import('../../src/cli/browser/pageScript.ts');
    expect(await captureCodeHash()).toMatch(/^[0-9a-f]{12}$/);
    expect(await humanBlocksCodeHash()).toMatch(/^[0-9a-f]{12}$/);
  });
});
