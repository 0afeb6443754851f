import { expandInputs } from '../analyze/inputFiles.ts';
import { analyzeFiles } from '../analyze/analyzeFiles.ts';
import { analysisJson } from '../analyze/analysisJson.ts';
import { loadModel } from '../modelFile.ts';
import { defineCommand } from '../options/commandSpec.ts';
import { numberOption, pipelineOptionValues, scriptsOption } from '../options/optionValues.ts';
import { UsageError } from '../options/usageError.ts';
import {
  MODEL_OPTION, PENALTY_OPTION, SCRIPTS_OPTION, SITE_OPTION, THRESHOLD_OPTION, TIMEOUT_OPTION,
} from '../options/commonOptions.ts';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../browser/readablePage.ts';
import { formatSegmentTable } from '../analyze/segmentTable.ts';
import { analyzeSite } from '../analyze/analyzeSite.ts';
import { formatSiteSegmentTable, siteAnalysisJson } from '../analyze/siteOutput.ts';
import { reportProblems } from '../analyze/reportProblems.ts';

export const analyzeCommand = defineCommand({
  name: 'analyze',
  summary: "render pages in headless Chromium and print each page's segments, template or content",
  usage: ['FILE_OR_DIR… [options]'],
  details: [
    'Folders give their .html/.htm files, recursively, in sorted order. Pages are rendered at 1280×800 from disk; ' +
      'every request that is not a file: URL is aborted. Per page: a table of its segments (score, template or ' +
      'content, box, selector, text). A file that fails gets one line on stderr, the others still run, and the ' +
      'exit code is 1.',
  ],
  positionals: true,
  options: {
    penalty: PENALTY_OPTION,
    threshold: THRESHOLD_OPTION,
    json: {
      type: 'boolean',
      help: 'print one JSON array instead of the tables: per page its node counts, segments (selector, rect, score, ' +
        'template, text, parent segment) and timings; with --site, each segment\'s site evidence and the site too',
    },
    timeout: TIMEOUT_OPTION,
    scripts: SCRIPTS_OPTION,
    site: SITE_OPTION,
    model: MODEL_OPTION,
  },
  example: 'npx winnow analyze public/demo/article.html --penalty 0.05 --json',
  async run(values, positionals) {
    if (positionals.length === 0) throw new UsageError('analyze needs at least one FILE_OR_DIR', true);
    const scripts = scriptsOption(values.scripts);
    if (values.site && !scripts) throw new UsageError('--scripts off does not work with --site yet');
    const pipeline = pipelineOptionValues(values);
    const model = await loadModel(values.model);
    const items = await expandInputs(positionals);
    const timeoutMs = numberOption(values.timeout, 'timeout') ?? DEFAULT_PAGE_TIMEOUT_MS;
    if (values.site) {
      const site = await analyzeSite(items, { weights: model.weights, pipeline, timeoutMs });
      reportProblems(site);
      if (values.json) console.log(JSON.stringify(site.map(siteAnalysisJson), null, 1));
      else for (const o of site) if ('analysis' in o) console.log(formatSiteSegmentTable(o));
      return site.some((o) => 'error' in o) ? 1 : 0;
    }
    const outcomes = await analyzeFiles(items, { weightsJson: model.json, pipeline, timeoutMs, scripts });
    reportProblems(outcomes);
    if (values.json) {
      console.log(JSON.stringify(outcomes.map(analysisJson), null, 1));
    } else {
      for (const o of outcomes) if ('analysis' in o) console.log(formatSegmentTable(o.item.file, o.analysis));
    }
    return outcomes.some((o) => 'error' in o) ? 1 : 0;
  },
});
