import { expandInputs } from '../analyze/inputFiles.ts';
import { analyzeFiles } from '../analyze/analyzeFiles.ts';
import { loadModel } from '../modelFile.ts';
import { defineCommand } from '../options/commandSpec.ts';
import { numberOption, pipelineOptionValues, scriptsOption } from '../options/optionValues.ts';
import { UsageError } from '../options/usageError.ts';
import {
  MODEL_OPTION, PENALTY_OPTION, SCRIPTS_OPTION, SITE_OPTION, THRESHOLD_OPTION, TIMEOUT_OPTION,
} from '../options/commonOptions.ts';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../browser/readablePage.ts';
import { reportProblems } from '../analyze/reportProblems.ts';
import { analyzeSite } from '../analyze/analyzeSite.ts';
import { siteExtractLine } from '../analyze/siteOutput.ts';
import { articleFields } from '../analyze/articleFields.ts';

/** The one output format (`--format`): one JSON object per line. */
const FORMAT = 'jsonl';

/**
 * One JSON line per page: the article's title, byline and date, the reader text (visible text minus template
 * segments) and the in-page pipeline time. With --site the files are pages of one site, each cleaned with what the
 * pages before it taught the site memory; the line then also says how many of them were seen (`sitePagesSeen`), and
 * `ms` is capture in the page plus the rest of the pipeline in Node.
 *
 * --timeout bounds everything done for one page (loading, injecting, extracting); a page that never finishes
 * loading, tries to navigate away or whose scripts keep it busy is read from the document it has, with a warning.
 */
export const extractCommand = defineCommand({
  name: 'extract',
  summary: "print each page's reader text, title, byline and date as one JSON line",
  usage: ['FILE… [options]'],
  details: [
    'Per page, in input order: {"file", "title", "byline", "published", "text", "ms"}, where text is the reader ' +
      "text (the page's content without its template parts) and ms the in-page pipeline time. With --site a line " +
      'also says how many earlier pages of the site were seen (sitePagesSeen). A file that fails gets one line on ' +
      'stderr, the others still run, and the exit code is 1.',
  ],
  positionals: true,
  options: {
    format: { type: 'string', value: FORMAT, help: 'the output format; JSON lines is the only one', default: FORMAT },
    penalty: PENALTY_OPTION,
    threshold: THRESHOLD_OPTION,
    timeout: TIMEOUT_OPTION,
    scripts: SCRIPTS_OPTION,
    site: SITE_OPTION,
    model: MODEL_OPTION,
  },
  example: 'npx winnow extract public/demo/article.html --format jsonl',
  async run(values, positionals) {
    const format = values.format ?? FORMAT;
    if (format !== FORMAT) throw new UsageError(`unknown --format '${format}' (supported: ${FORMAT})`);
    if (positionals.length === 0) throw new UsageError('extract needs at least one FILE', true);
    const scripts = scriptsOption(values.scripts);
    if (values.site && !scripts) throw new UsageError('--scripts off does not work with --site yet');
    const pipeline = pipelineOptionValues(values);
    const timeoutMs = numberOption(values.timeout, 'timeout') ?? DEFAULT_PAGE_TIMEOUT_MS;
    if (timeoutMs <= 0) throw new UsageError(`--timeout needs a positive number of milliseconds, got '${values.timeout}'`);
    const model = await loadModel(values.model);
    const items = await expandInputs(positionals);
    if (values.site) {
      const site = await analyzeSite(items, { weights: model.weights, pipeline, timeoutMs });
      reportProblems(site);
      for (const o of site) if ('analysis' in o) console.log(siteExtractLine(o));
      return site.some((o) => 'error' in o) ? 1 : 0;
    }
    const outcomes = await analyzeFiles(items, { weightsJson: model.json, pipeline, timeoutMs, scripts });
    reportProblems(outcomes);
    for (const o of outcomes) {
      if ('analysis' in o) {
        const ms = Math.round(o.analysis.timingsMs.totalMs * 100) / 100;
        const { title, byline, published } = articleFields(o.analysis);
        console.log(JSON.stringify({ file: o.item.file, title, byline, published, text: o.analysis.readerText, ms }));
      }
    }
    return outcomes.some((o) => 'error' in o) ? 1 : 0;
  },
});
