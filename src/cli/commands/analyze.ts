import { expandInputs } from '../inputFiles.ts';
import { analyzeFiles, type FileOutcome } from '../analyzeFiles.ts';
import { analysisJson } from '../analysisJson.ts';
import { loadModel } from '../modelFile.ts';
import { numberOption, parseCommandArgs, scriptsOption, UsageError } from '../args.ts';
import { pipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { formatSegmentTable } from '../segmentTable.ts';
import { analyzeSite, type SiteFileOutcome } from '../site/analyzeSite.ts';
import { formatSiteSegmentTable, siteAnalysisJson } from '../site/siteOutput.ts';

export async function runAnalyze(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    penalty: { type: 'string' },
    threshold: { type: 'string' },
    timeout: { type: 'string' },
    json: { type: 'boolean' },
    model: { type: 'string' },
    site: { type: 'boolean' },
    scripts: { type: 'string' },
  });
  if (positionals.length === 0) throw new UsageError('analyze needs at least one FILE_OR_DIR');
  const scripts = scriptsOption(values.scripts);
  if (values.site && !scripts) throw new UsageError('--scripts off does not work with --site yet');
  const pipeline = pipelineOptions({
    penaltyFactor: numberOption(values.penalty, 'penalty'),
    threshold: numberOption(values.threshold, 'threshold'),
  });
  const model = await loadModel(values.model);
  const items = await expandInputs(positionals);
  const timeoutMs = numberOption(values.timeout, 'timeout') ?? 20_000;
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
}

/** One line on stderr per failed input and per warning about a page that was read anyway, in input order. */
export function reportProblems(outcomes: Array<FileOutcome | SiteFileOutcome>): void {
  for (const o of outcomes) {
    if ('error' in o) console.error(`${o.item.file}: error: ${o.error}`);
    else if ('warnings' in o) for (const w of o.warnings ?? []) console.error(`${o.item.file}: warning: ${w}`);
  }
}
