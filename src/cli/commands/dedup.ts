import { expandInputs } from '../analyze/inputFiles.ts';
import { analyzeFiles } from '../analyze/analyzeFiles.ts';
import { reportProblems } from '../analyze/reportProblems.ts';
import { loadModel } from '../modelFile.ts';
import { defineCommand } from '../options/commandSpec.ts';
import { numberOption, pipelineOptionValues, scriptsOption } from '../options/optionValues.ts';
import { UsageError } from '../options/usageError.ts';
import {
  MODEL_OPTION, PENALTY_OPTION, SCRIPTS_OPTION, THRESHOLD_OPTION, TIMEOUT_OPTION,
} from '../options/commonOptions.ts';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../browser/readablePage.ts';
import { callPage } from '../browser/pageScript.ts';
import {
  dedupJson, pairLines, summaryLine, type DedupRun, type DedupTextKind,
} from '../evaluation/dedup/dedupPairsOutput.ts';
import { dedupOptions, PAPER_DEDUP_OPTIONS, type DedupOptions } from '../../dedup/dedupOptions.ts';
import { nearDuplicateTexts } from '../../dedup/nearDuplicateTexts.ts';
import { shingleWords } from '../../dedup/shingleSet.ts';
import { snapshotFromJson } from '../../snapshot/snapshotJson.ts';
import { readerText } from '../../reader/readerText.ts';
import { classifyPage } from '../../pipeline/runPipeline.ts';
import { largestGcutsSegmentText } from '../../segmentation/largestSegmentText.ts';
import { DEFAULT_SEGMENTATION_MODEL_FILE, loadSegmentationModel } from '../segment/segmentationModelFile.ts';

/**
 * `winnow dedup DIR…`: near-duplicate pairs among pages by shingling, as papers 000 (§6.2) and 003 (§5.2) use it to
 * show what template removal does for duplicate detection. Each page is rendered and run exactly as `winnow extract`
 * runs it, and its content text is the text extract prints; `--raw` shingles the whole visible text instead, and
 * `--largest-segment` the text of the page's largest GCuts segment, the variant paper 003 §5.2 measures.
 */
export const dedupCommand = defineCommand({
  name: 'dedup',
  summary: 'find near-duplicate pages by shingling their content text (or all their text, or their largest segment)',
  usage: ['DIR_OR_FILE… [options]'],
  details: [
    'Folders give their .html/.htm files, recursively. Each page is rendered in headless Chromium as extract does; ' +
      "its text is Winnow's content text (the page without its template parts, what extract prints); with --raw, " +
      'its whole visible text; with --largest-segment, the text of its largest GCuts segment by characters (as ' +
      '`winnow segment` cuts it), paper 003 §5.2\'s "content that is contained within the largest segment found on ' +
      'the webpage"; --raw and --largest-segment exclude each other. Texts are lower-cased, stripped of ' +
      'non-alphanumeric characters and cut into shingles of N words; the K smallest shingle hashes are a page\'s ' +
      'signature, and two pages are near-duplicates when their signatures share at least M values (paper 003 §5.2: ' +
      '6 words, 8 hashes, 4 shared). Prints each pair (file A, file B, shared/K, the Jaccard estimate) and a ' +
      'summary. A file that fails gets one line on stderr, the others still run, and the exit code is 1.',
  ],
  positionals: true,
  options: {
    raw: { type: 'boolean', help: "shingle each page's whole visible text instead of its content text" },
    'largest-segment': {
      type: 'boolean',
      help: "shingle the text of each page's largest GCuts segment (by characters) instead of its content text",
    },
    'segmentation-model': {
      type: 'string', value: 'FILE', help: 'the GCuts model for --largest-segment (winnow train --segmentation)',
      default: DEFAULT_SEGMENTATION_MODEL_FILE,
    },
    json: {
      type: 'boolean',
      help: 'also print the run as one JSON object, the last line on stdout: {text, shingle, hashes, minShared, ' +
        'pages, failed, empty, pairsCompared, nearDuplicates, pairs: [{a, b, shared, total, jaccard}]}',
    },
    shingle: { type: 'string', value: 'N', help: 'words per shingle', default: PAPER_DEDUP_OPTIONS.shingle },
    hashes: {
      type: 'string', value: 'K', help: "min-hashes per page: the K smallest shingle hashes are its signature",
      default: PAPER_DEDUP_OPTIONS.hashes,
    },
    'min-shared': {
      type: 'string', value: 'M', help: 'signature values two pages must share to be near-duplicates (1 to K)',
      default: PAPER_DEDUP_OPTIONS.minShared,
    },
    penalty: PENALTY_OPTION,
    threshold: THRESHOLD_OPTION,
    timeout: TIMEOUT_OPTION,
    scripts: SCRIPTS_OPTION,
    model: MODEL_OPTION,
  },
  example: 'npx winnow dedup public/demo --raw --json',
  async run(values, positionals) {
    if (positionals.length === 0) throw new UsageError('dedup needs at least one DIR_OR_FILE', true);
    if (values.raw && values['largest-segment']) {
      throw new UsageError('--raw and --largest-segment each choose the text to shingle: give one of them');
    }
    if (values['segmentation-model'] !== undefined && !values['largest-segment']) {
      throw new UsageError('--segmentation-model applies only with --largest-segment');
    }
    let options: DedupOptions;
    try {
      options = dedupOptions({
        shingle: numberOption(values.shingle, 'shingle'),
        hashes: numberOption(values.hashes, 'hashes'),
        minShared: numberOption(values['min-shared'], 'min-shared'),
      });
    } catch (e) {
      throw e instanceof UsageError ? e : new UsageError((e as Error).message);
    }
    const scripts = scriptsOption(values.scripts);
    const pipeline = pipelineOptionValues(values);
    const timeoutMs = numberOption(values.timeout, 'timeout') ?? DEFAULT_PAGE_TIMEOUT_MS;
    if (timeoutMs <= 0) throw new UsageError(`--timeout needs a positive number of milliseconds, got '${values.timeout}'`);
    const text: DedupTextKind = values.raw ? 'raw' : values['largest-segment'] ? 'segment' : 'content';
    const [model, segmentation] = await Promise.all([loadModel(values.model),
      text === 'segment' ? loadSegmentationModel(values['segmentation-model']) : undefined]);
    const items = await expandInputs(positionals);

    // --raw and --largest-segment read a second capture of the same rendered page (the analysis carries only the
    // content text); both texts are tidied as the content text is, so the three differ only by what they leave out.
    const otherText = new Map<string, string>();
    const outcomes = await analyzeFiles(items, {
      weightsJson: model.json, pipeline, timeoutMs, scripts,
      onPage: text === 'content' ? undefined : async (page, _analysis, item) => {
        const s = snapshotFromJson(await callPage(page, 'capture'));
        otherText.set(item.file, text === 'raw' ? readerText(s, () => false)
          : largestGcutsSegmentText(s, segmentation!, classifyPage(s, model.weights).scores, pipeline.minArea));
      },
    });
    reportProblems(outcomes);
    const read = outcomes.flatMap((o) => ('analysis' in o ? [{ file: o.item.file, text: text === 'content'
      ? o.analysis.readerText : otherText.get(o.item.file) ?? '' }] : []));
    const failed = outcomes.flatMap((o) => ('error' in o ? [{ file: o.item.file, error: o.error }] : []));
    if (read.length === 0) console.error('dedup: no page could be read, so there is nothing to compare');
    else if (read.length === 1) console.error('dedup: only one page could be read, so there is no pair to compare');

    const { pairs } = nearDuplicateTexts(read.map((r) => r.text), options);
    const run: DedupRun = {
      text, options, files: read.map((r) => r.file),
      empty: read.map((r) => shingleWords(r.text).length === 0), pairs, failed,
    };
    for (const line of pairLines(run)) console.log(line);
    console.log(summaryLine(run));
    if (values.json) console.log(dedupJson(run));
    return failed.length > 0 || read.length === 0 ? 1 : 0;
  },
});

