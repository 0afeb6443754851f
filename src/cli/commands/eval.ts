import { join } from 'node:path';
import { defineCommand } from '../options/commandSpec.ts';
import { numberOption, pipelineOptionValues, scriptsOption } from '../options/optionValues.ts';
import { UsageError } from '../options/usageError.ts';
import {
  LIMIT_OPTION, PENALTY_OPTION, SCRIPTS_OPTION, THRESHOLD_OPTION, TIMEOUT_OPTION,
} from '../options/commonOptions.ts';
import { REPO_ROOT } from '../datasets/dataPaths.ts';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../browser/readablePage.ts';
import { EVAL_DATASETS } from '../evaluation/content/evalDatasets.ts';
import {
  FOLDER_DEFAULT_SPLIT, SPLITS, WCXB_DEFAULT_SPLIT, type SplitName,
} from '../evaluation/content/scrapinghubEvalSet.ts';
import { contentEvalSet, runContentEval, WCXB } from '../evaluation/content/runContentEval.ts';
import { runSegmentationAndSweep } from '../evaluation/segmentation/runSegmentationAndSweep.ts';
import { runSiteEval } from '../evaluation/site/siteEvalRun.ts';
import { runDedupEval } from '../evaluation/dedup/runDedupEval.ts';

/** Not a content-extraction set: kreuzer-popular segmentation, the penalty sweep and §6.1 template detection. */
const SEGMENTATION = 'segmentation';
/** Not a content-extraction set either: site-level template terms against the number of sample pages. */
const SITE = 'site';
/** Near-duplicate pairs within a site under raw, content and gold text (000 §6.2, 003 §5.2). */
const DEDUP = 'dedup';
/** Every name --dataset takes. */
const DATASETS = [...Object.keys(EVAL_DATASETS), WCXB, SEGMENTATION, SITE, DEDUP];
/** Reports go to out/eval/NAME unless --out says otherwise. */
const OUT_DIR = 'out/eval';

/**
 * `winnow eval --dataset NAME` or `winnow eval --pages DIR --truth FILE`: content extraction against Readability.js
 * and Defuddle (evaluation/content), or `--dataset segmentation` (evaluation/segmentation) or `--dataset site`
 * (evaluation/site). Failed pages are listed in the report, not fatal (exit 1 only when the harness itself breaks).
 */
export const evalCommand = defineCommand({
  name: 'eval',
  summary: 'measure Winnow on a dataset: content F1 vs Readability.js and Defuddle, segmentation, site templates',
  usage: ['--dataset NAME [options]', '--pages DIR --truth FILE [options]'],
  details: [
    `Content extraction (--dataset ${Object.keys(EVAL_DATASETS).join(', ')} or ${WCXB}: the pages of sites no model ` +
      'was trained on; or --pages/--truth, any set in the Scrapinghub format): Winnow, Readability.js and Defuddle ' +
      'run in the same rendered pages, scored by shingle precision, recall and F1 against the gold text, with the ' +
      'snippet measures and a table per page type where the set has them. Writes report.md and pages.csv.',
    `--dataset ${SEGMENTATION}: GCuts, CClus (paper 003) and the isotonic segments against people's segments of ` +
      "kreuzer-popular (or --data), each page by models trained on the other sites' pages: adjusted Rand, NMI and " +
      'BCubed F over characters and DOM nodes; then the penalty sweep chart and §6.1 template ' +
      `F on held-out L3S pages, at the default penalty. --dataset ${SITE}: template terms against the number of ` +
      'sample pages a site memory saw, site methods against the page level with and without the site prior, with ' +
      'charts. Datasets come from ../shared/data.',
    `--dataset ${DEDUP}: near-duplicate pairs among the pages of one site (Dragnet, L3S-GN1) found by shingling the ` +
      "raw text, Winnow's content text, the page's largest GCuts segment (003 §5.2) and people's content, per " +
      'site and in total (papers 000 §6.2, 003 §5.2).',
  ],
  positionals: false,
  options: {
    dataset: { type: 'string', value: 'NAME', help: `which evaluation: ${DATASETS.join(', ')}` },
    pages: { type: 'string', value: 'DIR', help: 'a folder of pages (ID.html) in the Scrapinghub format, with --truth' },
    truth: { type: 'string', value: 'FILE', help: 'its ground-truth.json ({ID: {articleBody, url, with, without, page_type}})' },
    split: {
      type: 'string',
      value: SPLITS.join('|'),
      help: `which pages of a Scrapinghub-format set: the held-out or training sites of wcxb-dev's fixed split by ` +
        `site, or all; default ${WCXB_DEFAULT_SPLIT} for --dataset ${WCXB}, ${FOLDER_DEFAULT_SPLIT} for --pages`,
    },
    limit: { ...LIMIT_OPTION, help: `only the first N pages (${SEGMENTATION}: of kreuzer and of held-out L3S; ${SITE}, ${DEDUP}: the first N sites of each dataset)` },
    out: { type: 'string', value: 'DIR', help: 'where the report goes', default: `${OUT_DIR}/NAME` },
    json: { type: 'boolean', help: `also print the run's summary as one JSON object, the last line on stdout (content sets, ${SEGMENTATION}, ${DEDUP})` },
    data: { type: 'string', value: 'DIR', help: `${SEGMENTATION}: any folder (or .tar.gz) in the Kreuzer format instead of kreuzer-popular; skips the L3S parts` },
    scripts: { ...SCRIPTS_OPTION, help: `${SCRIPTS_OPTION.help} (content sets)` },
    timeout: { ...TIMEOUT_OPTION, help: `${TIMEOUT_OPTION.help} (content sets)` },
    penalty: { ...PENALTY_OPTION, help: `${PENALTY_OPTION.help} (content, ${SITE}, ${DEDUP})` },
    threshold: { ...THRESHOLD_OPTION, help: `${THRESHOLD_OPTION.help} (content, ${SITE}, ${DEDUP})` },
  },
  example: 'npx winnow eval --dataset wcxb --limit 20',
  async run(values, _positionals, args) {
    const name = values.dataset;
    const byFolder = values.pages !== undefined || values.truth !== undefined;
    if (byFolder && name) throw new UsageError('give either --dataset or --pages with --truth, not both');
    if (byFolder && (!values.pages || !values.truth)) throw new UsageError('--pages DIR and --truth FILE go together');
    if (!byFolder && (!name || !DATASETS.includes(name))) {
      throw new UsageError(`eval needs --dataset ${DATASETS.join('|')}, or --pages DIR --truth FILE`, true);
    }
    const scrapinghub = byFolder || name === WCXB;
    if (values.split !== undefined && !scrapinghub) {
      throw new UsageError('--split works with --pages/--truth and --dataset wcxb');
    }
    if (values.split !== undefined && !SPLITS.includes(values.split as SplitName)) {
      throw new UsageError(`--split needs ${SPLITS.join('|')}, got '${values.split}'`);
    }
    const scripts = scriptsOption(values.scripts);
    if ((name === SEGMENTATION || name === SITE) && values.scripts !== undefined) {
      throw new UsageError(`--scripts works with content-extraction sets, not --dataset ${name}`);
    }
    if (name === SITE && values.json) throw new UsageError(`--json does not apply to --dataset ${SITE}`);
    if (values.data !== undefined && name !== SEGMENTATION) throw new UsageError(`--data goes with --dataset ${SEGMENTATION}`);
    const limit = numberOption(values.limit, 'limit');
    const command = `npx winnow eval ${args.join(' ')}`.trim();
    if (name === SEGMENTATION) {
      const outDir = values.out ?? join(REPO_ROOT, OUT_DIR, name);
      const { summary } = await runSegmentationAndSweep({ outDir, limit, log, data: values.data });
      log(`wrote ${join(outDir, 'report.md')}`);
      if (values.json) console.log(JSON.stringify(summary));
      return 0;
    }
    const timeoutMs = numberOption(values.timeout, 'timeout') ?? DEFAULT_PAGE_TIMEOUT_MS;
    const pipeline = pipelineOptionValues(values);
    if (name === DEDUP) {
      if (values.scripts !== undefined) throw new UsageError(`--scripts does not apply to --dataset ${DEDUP}`);
      const outDir = values.out ?? join(REPO_ROOT, OUT_DIR, name);
      // --limit here keeps the first N sites of each dataset.
      await runDedupEval({ outDir, pipeline, limit, command, json: Boolean(values.json), log });
      return 0;
    }
    if (name === SITE) {
      const outDir = values.out ?? join(REPO_ROOT, OUT_DIR, name);
      // --limit here keeps the first N sites of each dataset.
      await runSiteEval({ outDir, pipeline, limit, command, log });
      log(`wrote ${join(outDir, 'report.md')}, site.csv and the charts`);
      return 0;
    }
    const split = values.split as SplitName | undefined;
    const { set, outName } = await contentEvalSet(byFolder
      ? { pagesDir: values.pages!, truthFile: values.truth!, split }
      : { dataset: name!, split });
    const outDir = values.out ?? join(REPO_ROOT, OUT_DIR, `${outName}${scripts ? '' : '-scripts-off'}`);
    await runContentEval({ set, outDir, limit, pipeline, timeoutMs, scripts, command, json: Boolean(values.json), log });
    return 0;
  },
});

function log(line: string): void {
  console.error(`eval: ${line}`);
}
