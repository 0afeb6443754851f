import { expandInputs } from '../inputFiles.ts';
import { analyzeFiles, type FileOutcome } from '../analyzeFiles.ts';
import { loadModel } from '../modelFile.ts';
import { numberOption, parseCommandArgs, UsageError } from '../args.ts';
import { pipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { formatSegmentTable } from '../segmentTable.ts';

export async function runAnalyze(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    penalty: { type: 'string' },
    threshold: { type: 'string' },
    timeout: { type: 'string' },
    json: { type: 'boolean' },
    model: { type: 'string' },
  });
  if (positionals.length === 0) throw new UsageError('analyze needs at least one FILE_OR_DIR');
  const pipeline = pipelineOptions({
    penaltyFactor: numberOption(values.penalty, 'penalty'),
    threshold: numberOption(values.threshold, 'threshold'),
  });
  const model = await loadModel(values.model);
  const items = await expandInputs(positionals);
  const outcomes = await analyzeFiles(items, {
    weightsJson: model.json,
    pipeline,
    timeoutMs: numberOption(values.timeout, 'timeout') ?? 20_000,
  });
  reportErrors(outcomes);
  if (values.json) {
    console.log(JSON.stringify(outcomes.map(toJson), null, 1));
  } else {
    for (const o of outcomes) if ('analysis' in o) console.log(formatSegmentTable(o.item.file, o.analysis));
  }
  return outcomes.some((o) => 'error' in o) ? 1 : 0;
}

export function reportErrors(outcomes: FileOutcome[]): void {
  for (const o of outcomes) if ('error' in o) console.error(`${o.item.file}: error: ${o.error}`);
}

function toJson(o: FileOutcome) {
  if ('error' in o) return { file: o.item.file, error: o.error };
  const a = o.analysis;
  return {
    file: o.item.file,
    url: a.url,
    title: a.title,
    nodes: a.nodes,
    smoothedNodes: a.smoothedNodes,
    cost: a.cost,
    segments: a.segments.map((s) => ({
      selector: s.selector, rect: s.rect, score: s.score, template: s.template, text: s.text,
      parentSegment: s.parentSegment,
    })),
    timingsMs: a.timingsMs,
  };
}
