import { join } from 'node:path';
import { readdirSync, existsSync } from 'node:fs';
import { benchSmoothing } from '../benchSmoothing.ts';
import { analyzeFiles } from '../analyzeFiles.ts';
import { loadModel } from '../modelFile.ts';
import { sharedDataset } from '../datasets.ts';
import { parseCommandArgs, numberOption } from '../args.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../pipeline/pipelineOptions.ts';
import { percentile } from '../stats.ts';

/** Prints the figures the issues ask for: smoothing speed and memory, and in-page pipeline time per real page. */
export async function runBench(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, { pages: { type: 'string' }, 'skip-smoothing': { type: 'boolean' } });
  if (!values['skip-smoothing']) {
    console.log('## Smoothing (exact), DOM-like random trees');
    await benchSmoothing((line) => console.log(line));
  }
  console.log('\n## Capture + features + classify + smooth in the page, Readability fixture pages (1280×800)');
  const dir = sharedDataset('readability');
  let slugs = readdirSync(dir).filter((s) => existsSync(join(dir, s, 'source.html'))).sort();
  const limit = numberOption(values.pages, 'pages');
  if (limit) slugs = slugs.slice(0, limit);
  const model = await loadModel();
  const outcomes = await analyzeFiles(
    slugs.map((s) => ({ file: s, path: join(dir, s, 'source.html') })),
    { weightsJson: model.json, pipeline: DEFAULT_PIPELINE_OPTIONS, timeoutMs: 20_000, concurrency: 1 },
  );
  const ok = outcomes.flatMap((o) => ('analysis' in o ? [o.analysis] : []));
  for (const o of outcomes) if ('error' in o) console.log(`  ${o.item.file}: error: ${o.error}`);
  const stage = (name: string) => ok.map((a) => a.timingsMs[name]);
  console.log(`pages: ${ok.length} of ${outcomes.length}; nodes per page median ${percentile(ok.map((a) => a.nodes), 50)}, ` +
    `max ${Math.max(...ok.map((a) => a.nodes))}`);
  console.log('stage          median ms   p95 ms');
  for (const name of ['captureMs', 'featuresMs', 'classifyMs', 'smoothMs', 'segmentMs', 'totalMs']) {
    const v = stage(name);
    console.log(`${name.padEnd(14)} ${percentile(v, 50).toFixed(2).padStart(9)} ${percentile(v, 95).toFixed(2).padStart(8)}`);
  }
  return outcomes.some((o) => 'error' in o) ? 1 : 0;
}
