/**
 * Times the personal model's fit (src/model/personalFit.ts) as "Improve the model with my labels" runs it in the
 * background: the bundled weights and their prior, N labelled segments of 12 rows each on pages of 5 sites, the
 * held-out folds included. The rows are the bucket's mean node moved at random along the model's coefficients, so
 * both labels occur in every bucket.
 *
 *   npx tsx src/cli/bench/benchPersonalFit.ts [segments=50] [runs=5]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../datasets/dataPaths.ts';
import { MODEL_FILE_NAME } from '../../model/modelFile.ts';
import { parseModelPrior, priorFileName, type StoredModelPrior } from '../../model/modelPrior.ts';
import { fitPersonalModel, type LabelledRows } from '../../model/personalFit.ts';
import type { StoredModelWeights } from '../../model/weights.ts';
import { seededRandom } from '../../util/seededRandom.ts';

const ROWS = 12;

function labelledSegments(bundled: StoredModelWeights, count: number): LabelledRows[] {
  const random = seededRandom(15);
  return Array.from({ length: count }, (_, s) => {
    const k = s % bundled.models.length;
    const m = bundled.models[k];
    const lower = k === 0 ? 0 : bundled.bucketBounds[k - 1];
    const upper = k === bundled.models.length - 1 ? 1 : bundled.bucketBounds[k];
    const along = random() * 2 - 1;
    return {
      page: `https://site${s % 5}.example/p${s % 10}`,
      label: along > 0 ? 'template' : 'content',
      features: Array.from({ length: ROWS }, () =>
        m.mean.map((mu, j) => mu + m.scale[j] * (along * Math.sign(m.coef[j]) * 0.5 + 0.1 * (random() - 0.5)))),
      areaFractions: Array.from({ length: ROWS }, () => lower + (upper - lower) * (0.2 + 0.6 * random())),
    };
  });
}

const [segments = 50, runs = 5] = process.argv.slice(2).map(Number);
const modelPath = join(REPO_ROOT, 'public/model', MODEL_FILE_NAME);
const bundled = JSON.parse(readFileSync(modelPath, 'utf8')) as StoredModelWeights;
const priorJson = JSON.parse(readFileSync(priorFileName(modelPath), 'utf8')) as StoredModelPrior;
const prior = parseModelPrior(priorJson, bundled);
const labelled = labelledSegments(bundled, segments);
const times: number[] = [];
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  const { info } = fitPersonalModel(bundled, prior, labelled);
  times.push(performance.now() - t0);
  console.log(`run ${r + 1}: ${times[r].toFixed(1)} ms, ${info.segments} segments, ${info.rows} rows, ` +
    `held out ${info.heldOut?.segments ?? 0} segments`);
}
times.sort((a, b) => a - b);
console.log(`median ${times[Math.floor(runs / 2)].toFixed(1)} ms over ${runs} runs (the first includes JIT warm-up)`);
