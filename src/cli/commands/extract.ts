import { expandInputs } from '../inputFiles.ts';
import { analyzeFiles } from '../analyzeFiles.ts';
import { loadModel } from '../modelFile.ts';
import { numberOption, parseCommandArgs, UsageError } from '../args.ts';
import { pipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { reportErrors } from './analyze.ts';

/** One JSON line per page: the reader text (visible text minus template segments) and the in-page pipeline time. */
export async function runExtract(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    format: { type: 'string', default: 'jsonl' },
    penalty: { type: 'string' },
    threshold: { type: 'string' },
    timeout: { type: 'string' },
    model: { type: 'string' },
  });
  if (values.format !== 'jsonl') throw new UsageError(`unknown --format '${values.format}' (supported: jsonl)`);
  if (positionals.length === 0) throw new UsageError('extract needs at least one FILE');
  const pipeline = pipelineOptions({
    penaltyFactor: numberOption(values.penalty, 'penalty'),
    threshold: numberOption(values.threshold, 'threshold'),
  });
  const model = await loadModel(values.model);
  const outcomes = await analyzeFiles(await expandInputs(positionals), {
    weightsJson: model.json,
    pipeline,
    timeoutMs: numberOption(values.timeout, 'timeout') ?? 20_000,
  });
  reportErrors(outcomes);
  for (const o of outcomes) {
    if ('analysis' in o) {
      const ms = Math.round(o.analysis.timingsMs.totalMs * 100) / 100;
      console.log(JSON.stringify({ file: o.item.file, text: o.analysis.readerText, ms }));
    }
  }
  return outcomes.some((o) => 'error' in o) ? 1 : 0;
}
