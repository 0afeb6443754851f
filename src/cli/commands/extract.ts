import { expandInputs } from '../inputFiles.ts';
import { analyzeFiles } from '../analyzeFiles.ts';
import { loadModel } from '../modelFile.ts';
import { numberOption, parseCommandArgs, scriptsOption, UsageError } from '../args.ts';
import { pipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { reportProblems } from './analyze.ts';
import { analyzeSite } from '../site/analyzeSite.ts';
import { siteExtractLine } from '../site/siteOutput.ts';
import { articleFields } from '../articleFields.ts';

/**
 * One JSON line per page: the article's title, byline and date, the reader text (visible text minus template
 * segments) and the in-page pipeline time. With --site the files are pages of one site, each cleaned with what the
 * pages before it taught the site memory; the line then also says how many of them were seen (`sitePagesSeen`), and
 * `ms` is capture in the page plus the rest of the pipeline in Node.
 *
 * --timeout bounds everything done for one page (loading, injecting, extracting); a page that never finishes
 * loading, tries to navigate away or whose scripts keep it busy is read from the document it has, with a warning.
 */
export async function runExtract(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    format: { type: 'string', default: 'jsonl' },
    penalty: { type: 'string' },
    threshold: { type: 'string' },
    timeout: { type: 'string' },
    model: { type: 'string' },
    site: { type: 'boolean' },
    scripts: { type: 'string' },
  });
  if (values.format !== 'jsonl') throw new UsageError(`unknown --format '${values.format}' (supported: jsonl)`);
  if (positionals.length === 0) throw new UsageError('extract needs at least one FILE');
  const scripts = scriptsOption(values.scripts);
  if (values.site && !scripts) throw new UsageError('--scripts off does not work with --site yet');
  const pipeline = pipelineOptions({
    penaltyFactor: numberOption(values.penalty, 'penalty'),
    threshold: numberOption(values.threshold, 'threshold'),
  });
  const timeoutMs = numberOption(values.timeout, 'timeout') ?? 20_000;
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
}
