import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { numberOption, parseCommandArgs, scriptsOption, UsageError } from '../args.ts';
import { launchBrowser } from '../browser.ts';
import { mapWithConcurrency } from '../concurrency.ts';
import { REPO_ROOT, sharedDataset } from '../datasets.ts';
import { loadModel } from '../modelFile.ts';
import { pageScript } from '../pageScript.ts';
import { pipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { EVAL_DATASETS } from '../evaluation/evalDatasets.ts';
import { runEvalPage, type PageOutcome } from '../evaluation/runEvalPage.ts';
import { scoreOutcomes } from '../evaluation/evalScores.ts';
import { formatPagesCsv, formatReport } from '../evaluation/evalReport.ts';
import { evalBreakdown } from '../evaluation/evalBreakdown.ts';
import { evalSummaryJson } from '../evaluation/evalSummaryJson.ts';
import { scrapinghubEvalSet, setNameOf, SPLITS, type SplitName } from '../evaluation/scrapinghubEvalSet.ts';
import type { EvalSet } from '../evaluation/evalPage.ts';
import { runSegmentationAndSweep } from '../evaluation/runSegmentationAndSweep.ts';
import { runSiteEval } from '../evaluation/siteEvalRun.ts';

/** Not a content-extraction set: kreuzer-popular segmentation, the penalty sweep and §6.1 template detection. */
const SEGMENTATION = 'segmentation';
/** Not a content-extraction set either: site-level template terms against the number of sample pages. */
const SITE = 'site';
/** wcxb-dev in the Scrapinghub format, its held-out sites by default: `--pages … --truth … --split held-out`. */
const WCXB = 'wcxb';

/** Two pages at a time: the machines this runs on have two cores, and every page runs three extractors. */
const CONCURRENCY = 2;

/**
 * `winnow eval --dataset NAME` or `winnow eval --pages DIR --truth FILE`: content extraction on a set's evaluation
 * pages, Winnow against Readability.js and Defuddle in the same rendered pages, scored as the Scrapinghub benchmark
 * scores articles (plus snippet measures and a table per page type for sets that have them). Writes report.md and
 * pages.csv; failed pages are listed there, not fatal (exit 1 only when the harness itself breaks). With --json the
 * last line on stdout is the summary as JSON.
 */
export async function runEval(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, {
    dataset: { type: 'string' },
    pages: { type: 'string' },
    truth: { type: 'string' },
    split: { type: 'string' },
    scripts: { type: 'string' },
    json: { type: 'boolean' },
    limit: { type: 'string' },
    out: { type: 'string' },
    timeout: { type: 'string' },
    penalty: { type: 'string' },
    threshold: { type: 'string' },
  });
  const name = values.dataset;
  const known = [...Object.keys(EVAL_DATASETS), WCXB, SEGMENTATION, SITE];
  const byFolder = values.pages !== undefined || values.truth !== undefined;
  if (byFolder && name) throw new UsageError('give either --dataset or --pages with --truth, not both');
  if (byFolder && (!values.pages || !values.truth)) throw new UsageError('--pages DIR and --truth FILE go together');
  if (!byFolder && (!name || !known.includes(name))) {
    throw new UsageError(`eval needs --dataset ${known.join('|')}, or --pages DIR --truth FILE`);
  }
  const scrapinghub = byFolder || name === WCXB;
  if (values.split !== undefined && !scrapinghub) {
    throw new UsageError('--split works with --pages/--truth and --dataset wcxb');
  }
  if (values.split !== undefined && !SPLITS.includes(values.split as SplitName)) {
    throw new UsageError(`--split needs ${SPLITS.join('|')}, got '${values.split}'`);
  }
  const scripts = scriptsOption(values.scripts);
  if ((name === SEGMENTATION || name === SITE) && (values.scripts !== undefined || values.json)) {
    throw new UsageError(`--scripts and --json work with content-extraction sets, not --dataset ${name}`);
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
  if (name === SITE) {
    const outDir = values.out ?? join(REPO_ROOT, 'out', 'eval', name);
    // --limit here keeps the first N sites of each dataset.
    await runSiteEval({ outDir, pipeline, limit, command: `npx winnow eval ${args.join(' ')}`.trim(), log });
    log(`wrote ${join(outDir, 'report.md')}, site.csv and the charts`);
    return 0;
  }

  let set: EvalSet;
  let outName: string;
  if (scrapinghub) {
    const dir = name === WCXB ? sharedDataset('wcxb-dev') : '';
    const pagesDir = name === WCXB ? join(dir, 'pages') : values.pages!;
    const truthFile = name === WCXB ? join(dir, 'ground-truth.json') : values.truth!;
    const split = (values.split as SplitName | undefined) ?? (name === WCXB ? 'held-out' : 'all');
    const setName = name === WCXB ? WCXB : setNameOf(pagesDir);
    set = await scrapinghubEvalSet({ name: setName, pagesDir, truthFile, split });
    outName = split === (name === WCXB ? 'held-out' : 'all') ? setName : `${setName}-${split}`;
  } else {
    set = await EVAL_DATASETS[name!]();
    outName = name!;
  }
  const outDir = values.out ?? join(REPO_ROOT, 'out', 'eval', `${outName}${scripts ? '' : '-scripts-off'}`);
  const pages = limit !== undefined ? set.pages.slice(0, Math.max(0, limit)) : set.pages;
  log(`${set.name}: ${set.pages.length} evaluation pages${set.skipped?.length ? ` (${set.skipped.length} skipped)` : ''}` +
    `${pages.length < set.pages.length ? `, running the first ${pages.length}` : ''}${scripts ? '' : ', page scripts off'}`);

  const model = await loadModel();
  await pageScript();
  const started = Date.now();
  const browser = await launchBrowser();
  const chromium = browser.version();
  let outcomes: PageOutcome[];
  try {
    let done = 0;
    outcomes = await mapWithConcurrency(pages, CONCURRENCY, async (page) => {
      const o = await runEvalPage(browser, page, { weightsJson: model.json, pipeline, timeoutMs, scripts });
      if ('error' in o) log(`${page.id}: failed: ${o.error}`);
      else for (const w of o.warnings) log(`${page.id}: warning: ${w}`);
      if (++done % 25 === 0) log(`${done}/${pages.length} pages`);
      return o;
    });
  } finally {
    await browser.close().catch(() => {});
  }
  const seconds = (Date.now() - started) / 1000;

  const scores = scoreOutcomes(outcomes);
  const breakdown = evalBreakdown(scores, outcomes);
  const report = formatReport({
    set,
    ran: pages.length,
    command: `npx winnow eval ${args.join(' ')}`.trim(),
    chromium,
    versions: await peerVersions(),
    modelPath: relative(REPO_ROOT, model.path),
    pipeline,
    scripts,
    seconds,
  }, scores, outcomes, breakdown);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'report.md'), report);
  await writeFile(join(outDir, 'pages.csv'), formatPagesCsv(scores, outcomes, breakdown));
  for (const m of scores.methods) {
    const sn = breakdown.snippets?.[m.key];
    log(`${m.label.padEnd(15)} P ${m.precision.toFixed(3)}  R ${m.recall.toFixed(3)}  F1 ${m.f1.toFixed(3)}  ` +
      `median ${m.medianMs.toFixed(1)} ms  (${m.pages} pages, ${m.emptyPredictions} empty, ${m.errors} errors)` +
      `${sn ? `  with ${sn.withRecall.toFixed(3)}  without ${sn.withoutPrecision.toFixed(3)}` : ''}`);
  }
  log(`Winnow F1 < 0.5 while a peer > 0.8: ${breakdown.peerGap.length} page${breakdown.peerGap.length === 1 ? '' : 's'}; ` +
    `${seconds.toFixed(0)} s in all`);
  log(`wrote ${join(outDir, 'report.md')} and pages.csv`);
  if (values.json) {
    const failed = outcomes.filter((o) => 'error' in o).length;
    console.log(JSON.stringify(evalSummaryJson(set.name, scripts, failed, scores, breakdown)));
  }
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
