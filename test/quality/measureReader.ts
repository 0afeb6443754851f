import type { Browser } from 'playwright-core';
import { analyzeFiles } from '../../src/cli/analyze/analyzeFiles.ts';
import { callPage } from '../../src/cli/browser/pageScript.ts';
import { loadModel } from '../../src/cli/modelFile.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { scorePage } from '../../src/eval/shingles.ts';
import { pageF1 } from '../../src/cli/evaluation/content/evalScores.ts';
import type { QualityPage } from './readerSample.ts';

/** One sampled page's reader score: numbers only, never the page's text. */
export interface ReaderQuality {
  id: string;
  set: QualityPage['set'];
  pageType: string;
  /** Shingle F1 of the reader text against the gold; 0 for an empty answer or a page that could not be read. */
  f1: number;
  precision: number | null;
  recall: number | null;
  /** Why the page gave no reader text at all (it did not open, extraction threw or timed out). */
  error?: string;
  /** How the page was read when not as asked (scripts off after a busy page, a blocked navigation, …). */
  warnings?: string[];
}

/** `winnow extract`'s own per-page time limit (its --timeout default). */
const EXTRACT_TIMEOUT_MS = 20_000;

/**
 * Reads each page exactly as `winnow extract FILE` does (analyzeFiles: the page rendered offline with its scripts on,
 * the shipped model, default penalty and threshold, the page API's `analyze(weights, options).readerText`), two pages at a
 * time, and scores the reader text with the Scrapinghub shingle measure. An L3S page's gold is read from its spans in
 * the same rendered page, after the extraction, as `winnow eval` reads it.
 */
export async function measureReaderQuality(pages: QualityPage[], options: { browser?: Browser; concurrency?: number } = {}):
  Promise<ReaderQuality[]> {
  const model = await loadModel();
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const spanGold = new Map<string, string>();
  const outcomes = await analyzeFiles(pages.map((p) => ({ file: p.id, path: p.path })), {
    weightsJson: model.json,
    pipeline: pipelineOptions(),
    timeoutMs: EXTRACT_TIMEOUT_MS,
    scripts: true,
    concurrency: options.concurrency ?? 2,
    onPage: async (page, _analysis, item) => {
      const p = byPath.get(item.path!)!;
      if (!('l3sClasses' in p.gold)) return;
      spanGold.set(p.id, await callPage(page, 'goldText', p.gold.l3sClasses));
    },
  }, options.browser);
  return outcomes.map((o, i): ReaderQuality => {
    const p = pages[i];
    const base = { id: p.id, set: p.set, pageType: p.pageType };
    if ('error' in o) return { ...base, f1: 0, precision: null, recall: null, error: o.error };
    const gold = 'text' in p.gold ? p.gold.text : spanGold.get(p.id) ?? '';
    const score = scorePage(gold, o.analysis.readerText);
    return {
      ...base, f1: pageF1(score), precision: score.precision, recall: score.recall,
      ...(o.warnings && o.warnings.length > 0 ? { warnings: o.warnings } : {}),
    };
  });
}
