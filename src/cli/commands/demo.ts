import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { analyzeFiles } from '../analyze/analyzeFiles.ts';
import { loadModel } from '../modelFile.ts';
import { REPO_ROOT } from '../datasets/dataPaths.ts';
import { defineCommand } from '../options/commandSpec.ts';
import { formatSegmentTable } from '../analyze/segmentTable.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../pipeline/pipelineOptions.ts';
import { callPage } from '../browser/pageScript.ts';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../browser/readablePage.ts';

/** The bundled demo page, relative to the repository's root. */
const DEMO_FILE = 'public/demo/article.html';
/** Where the annotated screenshot goes, relative to the repository's root. */
const DEMO_SCREENSHOT = 'out/demo.png';

/** `npm start`: the bundled demo page, its segment table, and a screenshot with the segments drawn on it. */
export const demoCommand = defineCommand({
  name: 'demo',
  summary: 'analyse the bundled demo page and save a screenshot with its segments drawn',
  usage: ['[options]'],
  details: [
    `Renders ${DEMO_FILE} with the shipped model at the default penalty and threshold, prints its segment table ` +
      '(as `winnow analyze` does) and saves a full-page screenshot with template segments outlined red and content ' +
      'green. `npm start` runs it.',
  ],
  positionals: false,
  options: {
    out: { type: 'string', value: 'FILE.png', help: 'where the screenshot goes', default: DEMO_SCREENSHOT },
  },
  example: 'npx winnow demo --out /tmp/demo.png',
  async run(values) {
    const out = values.out ?? join(REPO_ROOT, DEMO_SCREENSHOT);
    const model = await loadModel();
    const [outcome] = await analyzeFiles([{ file: DEMO_FILE, path: join(REPO_ROOT, DEMO_FILE) }], {
      weightsJson: model.json,
      pipeline: DEFAULT_PIPELINE_OPTIONS,
      timeoutMs: DEFAULT_PAGE_TIMEOUT_MS,
      onPage: async (page, analysis) => {
        await callPage(page, 'drawSegments', analysis.segments);
        await mkdir(dirname(out), { recursive: true });
        await page.screenshot({ path: out, fullPage: true });
      },
    });
    if ('error' in outcome) {
      console.error(`demo: ${outcome.error}`);
      return 1;
    }
    console.log(formatSegmentTable(outcome.item.file, outcome.analysis));
    console.log(`\nannotated screenshot: ${out} (template segments red, content green)`);
    return 0;
  },
});
