import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseCommandArgs, numberOption, UsageError } from '../args.ts';
import { DEFAULT_MODEL_PATH } from '../modelFile.ts';
import { loadL3sPages, splitBySite, type LabelledPage } from '../training/l3sPages.ts';
import { captureLabelledPages } from '../training/captureLabelled.ts';
import { buildTrainingRows } from '../training/trainingRows.ts';
import { trainBucketedModel } from '../../model/bucketedModel.ts';
import { evaluateModel, formatModelCard } from '../training/modelCard.ts';
import { FEATURE_SCHEMA } from '../../features/featureSchema.ts';
import { parseModelWeights } from '../../model/weights.ts';
import { heldOutTemplateEval } from '../training/heldOutTemplateEval.ts';

/**
 * Fits the four area-bucket logistic models on human labels (L3S-GN1) captured through the same capture code the
 * extension uses, holding out whole sites for evaluation, and writes the weights plus a model card beside them.
 */
export async function runTrain(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, {
    l3s: { type: 'string' },
    out: { type: 'string', default: DEFAULT_MODEL_PATH },
    limit: { type: 'string' },
    l2: { type: 'string' },
    'holdout-percent': { type: 'string' },
    'no-cache': { type: 'boolean' },
  });
  if (!values.l3s) throw new UsageError('train needs --l3s PATH (l3s-gn1.tar.gz or its unpacked folder)');
  const holdoutPercent = numberOption(values['holdout-percent'], 'holdout-percent') ?? 20;
  const l2 = numberOption(values.l2, 'l2') ?? 1;
  const limit = numberOption(values.limit, 'limit');

  const all = await loadL3sPages(values.l3s);
  const pages = limit ? all.slice(0, limit) : all;
  const { train, test } = splitBySite(pages, holdoutPercent);
  log(`l3s: ${pages.length} pages, ${train.length} for training, ${test.length} held out (by site)`);

  const captured = await captureLabelledPages([...train, ...test], { useCache: !values['no-cache'], log });
  const failed = captured.filter((c) => 'error' in c);
  for (const f of failed) log(`skipped ${f.page.id}: ${'error' in f ? f.error : ''}`);
  const ok = (set: LabelledPage[]) => captured.filter((c) => 'snapshot' in c && set.includes(c.page)) as
    Array<Extract<(typeof captured)[number], { snapshot: unknown }>>;

  const trainRows = buildTrainingRows(ok(train));
  const testRows = buildTrainingRows(ok(test));
  log(`rows: ${trainRows.labels.length} training (${count(trainRows.labels, 1)} template), ` +
    `${testRows.labels.length} held out (${count(testRows.labels, 1)} template)`);

  const t0 = Date.now();
  const fitted = trainBucketedModel(trainRows.features, trainRows.labels, trainRows.areaFractions, { l2, balanceClasses: true });
  log(`trained in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const command = `npx winnow train ${args.join(' ')}`.trim();
  const weights = {
    format: 'winnow-lr-buckets',
    formatVersion: 1,
    featureSchema: { ...FEATURE_SCHEMA, features: [...FEATURE_SCHEMA.features] },
    bucketBounds: fitted.bounds,
    models: fitted.models,
    training: {
      command,
      data: `L3S-GN1 annotated pages (x-nc-sel0/4 template, 1/2/3/5 content), ${train.length} pages for training, ` +
        `${test.length} held out by site (${holdoutPercent}% of sites by hash)`,
      date: new Date().toISOString().slice(0, 10),
    },
  };
  const evaluation = evaluateModel(weights, testRows);
  const templateEval = heldOutTemplateEval(ok(test), parseModelWeights(weights, FEATURE_SCHEMA));
  await mkdir(dirname(values.out), { recursive: true });
  await writeFile(values.out, `${JSON.stringify(weights, null, 1)}\n`);
  const cardPath = values.out.replace(/\.json$/, '.md');
  await writeFile(cardPath, formatModelCard({ weights, evaluation, templateEval, trainRows, testRows, failed: failed.length }));
  log(`held-out nodes: ${evaluation.summary}`);
  for (const r of templateEval) {
    log(`held-out ${r.method}${r.delta === undefined ? '' : ` (δ ${r.delta})`}: text F ${r.text.f.toFixed(3)}, anchor text F ${r.anchorText.f.toFixed(3)}, ` +
      `links F ${r.links.f.toFixed(3)}`);
  }
  log(`wrote ${values.out} and ${cardPath}`);
  return 0;
}

function count(labels: Uint8Array, v: number): number {
  let n = 0;
  for (const l of labels) if (l === v) n++;
  return n;
}

function log(line: string): void {
  console.error(`train: ${line}`);
}
