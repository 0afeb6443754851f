import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { numberOption, parseCommandArgs, UsageError } from '../args.ts';
import { launchBrowser } from '../browser.ts';
import { mapWithConcurrency } from '../concurrency.ts';
import { REPO_ROOT } from '../datasets.ts';
import { loadModel } from '../modelFile.ts';
import { pageBundle } from '../pageBundle.ts';
import { pipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { EVAL_DATASETS } from '../evaluation/evalDatasets.ts';
import { evalPageBundle } from '../evaluation/evalPageBundle.ts';
import { runEvalPage, type PageOutcome } from '../evaluation/runEvalPage.ts';
import { scoreOutcomes } from '../evaluation/evalScores.ts';
import { formatPagesCsv, formatReport } from '../evaluation/evalReport.ts';
import { runSegmentationAndSweep } from '../evaluation/runSegmentationAndSweep.ts';
import { runSiteEval } from '../evaluation/siteEvalRun.ts';

/** Not a content-extraction set: kreuzer-popular segmentation, the penalty sweep and §6.1 template detection. */
const SEGMENTATION = 'segmentation';
/** Not a content-extraction set either: site-level template terms against the number of sample pages. */
const SITE = 'site';

/** Two pages at a time: the machines this runs on have two cores, and every page runs three extractors. */
const CONCURRENCY = 2;

/**
 * `winnow eval --dataset NAME`: content extraction on a dataset's evaluation pages, Winnow against Readability.js and
 * Defuddle in the same rendered pages, scored as the Scrapinghub benchmark scores articles. Writes report.md and
 * pages.csv; failed pages are listed there, not fatal (exit 1 only when the harness itself breaks).
 */
export async function runEval(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, {
    dataset: { type: 'string' },
    limit: { type: 'string' },
    out: { type: 'string' },
    timeout: { type: 'string' },
    penalty: { type: 'string' },
    threshold: { type: 'string' },
  });
  const name = values.dataset;
  if (!name || (!EVAL_DATASETS[name] && name !== SEGMENTATION && name !== SITE)) {
    throw new UsageError(`eval needs --dataset ${[...Object.keys(EVAL_DATASETS), SEGMENTATION, SITE].join('|')}`);
  }
  const limit = numberOption(values.limit, 'limit');
  if (name === SEGMENTATION) {
    const outDir = values.out ?? join(REPO_ROOT, 'out', 'eval', name);
    await runSegmentationAndSweep({ outDir, limit, log });
    log(`wrote ${join(outDir, 'report.md')}`);
    return 0;
  }
  const timeoutMs = numberOption(values.timeout, 'timeout') ?? 20_000;
  const pipeline = pipelineOptions({
    penaltyFactor: numberOption(values.penalty, 'penalty'),
    threshold: numberOption(values.threshold, 'threshold'),
  });
  const outDir = values.out ?? join(REPO_ROOT, 'out', 'eval', name);
  if (name === SITE) {
    // --limit here keeps the first N sites of each dataset.
    await runSiteEval({ outDir, pipeline, limit, command: `npx winnow eval ${args.join(' ')}`.trim(), log });
    log(`wrote ${join(outDir, 'report.md')}, site.csv and the charts`);
    return 0;
  }

  const set = await EVAL_DATASETS[name]();
  const pages = limit !== undefined ? set.pages.slice(0, Math.max(0, limit)) : set.pages;
  log(`${name}: ${set.pages.length} evaluation pages${set.skipped?.length ? ` (${set.skipped.length} skipped)` : ''}` +
    `${pages.length < set.pages.length ? `, running the first ${pages.length}` : ''}`);

  const model = await loadModel();
  const [, bundle] = await Promise.all([pageBundle(), evalPageBundle()]);
  const started = Date.now();
  const browser = await launchBrowser();
  const chromium = browser.version();
  let outcomes: PageOutcome[];
  try {
    let done = 0;
    outcomes = await mapWithConcurrency(pages, CONCURRENCY, async (page) => {
      const o = await runEvalPage(browser, page, { weightsJson: model.json, pipeline, timeoutMs, bundle });
      if ('error' in o) log(`${page.id}: failed: ${o.error}`);
      if (++done % 25 === 0) log(`${done}/${pages.length} pages`);
      return o;
    });
  } finally {
    await browser.close().catch(() => {});
  }
  const seconds = (Date.now() - started) / 1000;

  const scores = scoreOutcomes(outcomes);
  const report = formatReport({
    set,
    ran: pages.length,
    command: `npx winnow eval ${args.join(' ')}`.trim(),
    chromium,
    versions: await peerVersions(),
    modelPath: relative(REPO_ROOT, model.path),
    pipeline,
    seconds,
  }, scores, outcomes);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'report.md'), report);
  await writeFile(join(outDir, 'pages.csv'), formatPagesCsv(scores, outcomes));
  for (const m of scores.methods) {
    log(`${m.label.padEnd(15)} P ${m.precision.toFixed(3)}  R ${m.recall.toFixed(3)}  F1 ${m.f1.toFixed(3)}  ` +
      `median ${m.medianMs.toFixed(1)} ms  (${m.pages} pages, ${m.emptyPredictions} empty, ${m.errors} errors)`);
  }
  log(`wrote ${join(outDir, 'report.md')} and pages.csv`);
  return 0;
}

/** The installed peer versions, for the report (what was measured, not what package.json allows). */
async function peerVersions(): Promise<Record<string, string>> {
  // Read from node_modules directly: defuddle's package.json is not among its exports, so it cannot be resolved.
  const version = async (pkg: string) => {
    try {
      const file = join(REPO_ROOT, 'node_modules', pkg, 'package.json');
      return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
    } catch {
      return 'unknown';
    }
  };
  return { '@mozilla/readability': await version('@mozilla/readability'), defuddle: await version('defuddle') };
}

function log(line: string): void {
  console.error(`eval: ${line}`);
}
