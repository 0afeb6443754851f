import { join } from 'node:path';
import { analyzeFiles } from '../analyze/analyzeFiles.ts';
import { callPage } from '../browser/pageScript.ts';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../browser/readablePage.ts';
import { loadModel } from '../modelFile.ts';
import { readabilityFixtures } from '../datasets/dataPaths.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../pipeline/pipelineOptions.ts';
import { percentile } from '../evaluation/stats.ts';
import type { PageAnalysisJson } from '../../pipeline/pageAnalysis.ts';

/**
 * Capture + features + classify + smooth in the page, per stage, on the Readability fixture pages (the first `limit`
 * when given), each run twice: first and second run's median and p95. Returns whether every page ran.
 */
export async function benchPipeline(limit: number | undefined): Promise<boolean> {
  const { dir, slugs } = readabilityFixtures(limit || Infinity);
  const model = await loadModel();
  // The first run on a page pays for compiling Winnow's code (as a person's first click does); the second shows the
  // steady cost (the popup's re-runs, live re-runs after page changes).
  const warm: PageAnalysisJson[] = [];
  const outcomes = await analyzeFiles(
    slugs.map((s) => ({ file: s, path: join(dir, s, 'source.html') })),
    {
      weightsJson: model.json, pipeline: DEFAULT_PIPELINE_OPTIONS, timeoutMs: DEFAULT_PAGE_TIMEOUT_MS, concurrency: 1,
      onPage: async (page) => {
        warm.push(await callPage(page, 'analyze', model.json, DEFAULT_PIPELINE_OPTIONS));
      },
    },
  );
  const ok = outcomes.flatMap((o) => ('analysis' in o ? [o.analysis] : []));
  for (const o of outcomes) if ('error' in o) console.log(`  ${o.item.file}: error: ${o.error}`);
  console.log(`pages: ${ok.length} of ${outcomes.length}; nodes per page median ${percentile(ok.map((a) => a.nodes), 50)}, ` +
    `max ${Math.max(...ok.map((a) => a.nodes))}`);
  console.log('stage          first run: median ms   p95 ms   second run: median ms   p95 ms');
  for (const name of ['captureMs', 'featuresMs', 'classifyMs', 'smoothMs', 'segmentMs', 'totalMs'] as const) {
    const first = ok.map((a) => a.timingsMs[name]);
    const second = warm.map((a) => a.timingsMs[name]);
    console.log(`${name.padEnd(14)} ${percentile(first, 50).toFixed(2).padStart(20)} ${percentile(first, 95).toFixed(2).padStart(8)}` +
      ` ${percentile(second, 50).toFixed(2).padStart(22)} ${percentile(second, 95).toFixed(2).padStart(8)}`);
  }
  return !outcomes.some((o) => 'error' in o);
}
