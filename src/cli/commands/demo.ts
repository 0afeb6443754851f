import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { analyzeFiles } from '../analyzeFiles.ts';
import { loadModel } from '../modelFile.ts';
import { REPO_ROOT } from '../datasets.ts';
import { parseCommandArgs } from '../args.ts';
import { formatSegmentTable } from '../segmentTable.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../pipeline/pipelineOptions.ts';
import { callPage } from '../pageScript.ts';

export const DEMO_PAGE = join(REPO_ROOT, 'public', 'demo', 'article.html');

/** `npm start`: the bundled demo page, its segment table, and a screenshot with the segments drawn on it. */
export async function runDemo(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, { out: { type: 'string', default: join(REPO_ROOT, 'out', 'demo.png') } });
  const model = await loadModel();
  const [outcome] = await analyzeFiles([{ file: 'public/demo/article.html', path: DEMO_PAGE }], {
    weightsJson: model.json,
    pipeline: DEFAULT_PIPELINE_OPTIONS,
    timeoutMs: 20_000,
    onPage: async (page, analysis) => {
      await callPage(page, 'drawSegments', analysis.segments);
      await mkdir(dirname(values.out), { recursive: true });
      await page.screenshot({ path: values.out, fullPage: true });
    },
  });
  if ('error' in outcome) {
    console.error(`demo: ${outcome.error}`);
    return 1;
  }
  console.log(formatSegmentTable(outcome.item.file, outcome.analysis));
  console.log(`\nannotated screenshot: ${values.out} (template segments red, content green)`);
  return 0;
}
