import { expandInputs } from '../analyze/inputFiles.ts';
import { loadModel } from '../modelFile.ts';
import { defineCommand } from '../options/commandSpec.ts';
import { choiceOption, numberOption, pipelineOptionValues } from '../options/optionValues.ts';
import { UsageError } from '../options/usageError.ts';
import { MODEL_OPTION, PENALTY_OPTION, TIMEOUT_OPTION } from '../options/commonOptions.ts';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../browser/readablePage.ts';
import { SEGMENTATION_METHODS } from '../../segmentation/pageSegmentation.ts';
import { segmentFiles, type SegmentedPageJson } from '../segment/segmentFiles.ts';
import { DEFAULT_SEGMENTATION_MODEL_FILE, loadSegmentationModel } from '../segment/segmentationModelFile.ts';

/** `winnow segment FILE… --method gcuts|cclus|smooth [--json]`: a page's segments, whatever made them (paper 003). */
export const segmentCommand = defineCommand({
  name: 'segment',
  summary: 'segment pages by graph cuts (GCuts), correlation clustering (CClus) or the isotonic smoothing',
  usage: ['FILE_OR_DIR… [--method gcuts|cclus|smooth] [options]'],
  details: [
    'Each page is rendered at 1280×800 from disk (no network), captured, classified, and segmented in Node: GCuts ' +
      "and CClus with the learned model of paper 003 (§4), or the smoothing's segments (paper 000). Per page: each " +
      'segment with its box, leaves, characters, the start of its text, and its parts (a segment can cover several ' +
      'disjoint subtrees) as CSS selector and XPath. A file that fails gets one line on stderr, the others still ' +
      'run, and the exit code is 1.',
  ],
  positionals: true,
  options: {
    method: { type: 'string', value: SEGMENTATION_METHODS.join('|'), help: 'which segmenter', default: 'gcuts' },
    json: { type: 'boolean', help: 'print one JSON array (one object per page) instead of the tables' },
    'segmentation-model': {
      type: 'string', value: 'FILE', help: 'the GCuts/CClus model (winnow train --segmentation)',
      default: DEFAULT_SEGMENTATION_MODEL_FILE,
    },
    model: MODEL_OPTION,
    penalty: PENALTY_OPTION,
    timeout: TIMEOUT_OPTION,
  },
  example: 'npx winnow segment public/demo/article.html --method gcuts --json',
  async run(values, positionals) {
    if (positionals.length === 0) throw new UsageError('segment needs at least one FILE_OR_DIR', true);
    const method = choiceOption(values.method, 'method', SEGMENTATION_METHODS) ?? 'gcuts';
    const [weights, model] = await Promise.all([
      loadModel(values.model), loadSegmentationModel(values['segmentation-model']),
    ]);
    const outcomes = await segmentFiles(await expandInputs(positionals), {
      method, weights: weights.weights, model, pipeline: pipelineOptionValues(values),
      timeoutMs: numberOption(values.timeout, 'timeout') ?? DEFAULT_PAGE_TIMEOUT_MS,
    });
    for (const o of outcomes) if ('error' in o) console.error(`${o.item.file}: error: ${o.error}`);
    const pages = outcomes.flatMap((o) => ('page' in o ? [o.page] : []));
    if (values.json) console.log(JSON.stringify(pages, null, 1));
    else for (const page of pages) console.log(segmentTable(page));
    return outcomes.some((o) => 'error' in o) ? 1 : 0;
  },
});

function segmentTable(page: SegmentedPageJson): string {
  const lines = [`${page.file}: ${page.segments.length} segments by ${page.method} (${page.leaves} leaves of ` +
    `${page.treeNodes} visible nodes, ${page.nodes} nodes; ${page.ms.toFixed(0)} ms)`,
  '   #  parts      x      y      w      h  selector / text'];
  for (const s of page.segments) {
    const r = s.rect;
    lines.push(`${String(s.segment).padStart(4)} ${String(s.parts.length).padStart(6)} ${[r.x, r.y, r.width, r.height]
      .map((v) => String(Math.round(v)).padStart(6)).join(' ')}  ${s.parts[0]?.selector ?? ''}`);
    if (s.text) lines.push(`${' '.repeat(41)}${s.text.slice(0, 80)}`);
  }
  return lines.join('\n');
}
