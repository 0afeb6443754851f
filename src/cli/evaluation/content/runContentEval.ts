import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { launchBrowser } from '../../browser/chromium.ts';
import { mapWithConcurrency } from '../../browser/concurrency.ts';
import { pageScript } from '../../browser/pageScript.ts';
import { REPO_ROOT, sharedDataset } from '../../datasets/dataPaths.ts';
import { loadModel } from '../../modelFile.ts';
import type { PipelineOptions } from '../../../pipeline/pipelineOptions.ts';
import { EVAL_DATASETS } from './evalDatasets.ts';
import type { EvalSet } from './evalPage.ts';
import { runEvalPage, type PageOutcome } from './runEvalPage.ts';
import { scoreOutcomes } from './evalScores.ts';
import { formatPagesCsv, formatReport } from './evalReport.ts';
import { evalBreakdown } from './evalBreakdown.ts';
import { evalSummaryJson } from './evalSummaryJson.ts';
import {
  FOLDER_DEFAULT_SPLIT, scrapinghubEvalSet, setNameOf, WCXB_DEFAULT_SPLIT, type SplitName,
} from './scrapinghubEvalSet.ts';

/** wcxb-dev in the Scrapinghub format, its held-out sites by default: `--pages … --truth … --split held-out`. */
export const WCXB = 'wcxb';

/** Two pages at a time: the machines this runs on have two cores, and every page runs three extractors. */
const CONCURRENCY = 2;

/** Which content-extraction set: a named one, or a folder in the Scrapinghub format. */
export type ContentSetChoice =
  | { dataset: string; split?: SplitName }
  | { pagesDir: string; truthFile: string; split?: SplitName };

/** The set's pages and gold, and the name its report folder gets (with the split when it is not the default). */
export async function contentEvalSet(choice: ContentSetChoice): Promise<{ set: EvalSet; outName: string }> {
  if ('dataset' in choice && choice.dataset !== WCXB) {
    return { set: await EVAL_DATASETS[choice.dataset](), outName: choice.dataset };
  }
  const wcxb = 'dataset' in choice;
  const dir = wcxb ? sharedDataset('wcxb-dev') : '';
  const pagesDir = 'pagesDir' in choice ? choice.pagesDir : join(dir, 'pages');
  const truthFile = 'truthFile' in choice ? choice.truthFile : join(dir, 'ground-truth.json');
  const defaultSplit = wcxb ? WCXB_DEFAULT_SPLIT : FOLDER_DEFAULT_SPLIT;
  const split = choice.split ?? defaultSplit;
  const setName = wcxb ? WCXB : setNameOf(pagesDir);
  const set = await scrapinghubEvalSet({ name: setName, pagesDir, truthFile, split });
  return { set, outName: split === defaultSplit ? setName : `${setName}-${split}` };
}

export interface ContentEvalOptions {
  set: EvalSet;
  outDir: string;
  limit?: number;
  pipeline: PipelineOptions;
  timeoutMs: number;
  scripts: boolean;
  /** The command as typed, for the report. */
  command: string;
  /** Print the summary as one JSON line on stdout at the end. */
  json: boolean;
  log: (line: string) => void;
}

/**
 * Content extraction on a set's evaluation pages, Winnow against Readability.js and Defuddle in the same rendered
 * pages, scored as the Scrapinghub benchmark scores articles (plus snippet measures and a table per page type for
 * sets that have them). Writes report.md and pages.csv; failed pages are listed there, not fatal.
 */
export async function runContentEval(o: ContentEvalOptions): Promise<void> {
  const { set, scripts, log } = o;
  const pages = o.limit !== undefined ? set.pages.slice(0, Math.max(0, o.limit)) : set.pages;
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
      const r = await runEvalPage(browser, page, { weightsJson: model.json, pipeline: o.pipeline, timeoutMs: o.timeoutMs, scripts });
      if ('error' in r) log(`${page.id}: failed: ${r.error}`);
      else for (const w of r.warnings) log(`${page.id}: warning: ${w}`);
      if (++done % 25 === 0) log(`${done}/${pages.length} pages`);
      return r;
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
    command: o.command,
    chromium,
    versions: await peerVersions(),
    modelPath: relative(REPO_ROOT, model.path),
    pipeline: o.pipeline,
    scripts,
    seconds,
  }, scores, outcomes, breakdown);
  await mkdir(o.outDir, { recursive: true });
  await writeFile(join(o.outDir, 'report.md'), report);
  await writeFile(join(o.outDir, 'pages.csv'), formatPagesCsv(scores, outcomes, breakdown));
  for (const m of scores.methods) {
    const sn = breakdown.snippets?.[m.key];
    log(`${m.label.padEnd(15)} P ${m.precision.toFixed(3)}  R ${m.recall.toFixed(3)}  F1 ${m.f1.toFixed(3)}  ` +
      `median ${m.medianMs.toFixed(1)} ms  (${m.pages} pages, ${m.emptyPredictions} empty, ${m.errors} errors)` +
      `${sn ? `  with ${sn.withRecall.toFixed(3)}  without ${sn.withoutPrecision.toFixed(3)}` : ''}`);
  }
  log(`Winnow F1 < 0.5 while a peer > 0.8: ${breakdown.peerGap.length} page${breakdown.peerGap.length === 1 ? '' : 's'}; ` +
    `${seconds.toFixed(0)} s in all`);
  log(`wrote ${join(o.outDir, 'report.md')} and pages.csv`);
  if (o.json) {
    const failed = outcomes.filter((r) => 'error' in r).length;
    console.log(JSON.stringify(evalSummaryJson(set.name, scripts, failed, scores, breakdown)));
  }
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
