import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { loadModel } from '../modelFile.ts';
import { parseModelPrior, priorFileName } from '../../model/modelPrior.ts';
import { fitPersonalModel, type PersonalModelInfo } from '../../model/personalFit.ts';
import type { StoredModelWeights } from '../../model/weights.ts';
import { readAnnotatedPages } from './annotationInputs.ts';
import { labelRowsOfPages } from './annotationRows.ts';
import { heldOutUnit } from '../../model/labelFolds.ts';

export interface AnnotationTrainOptions {
  annotations: readonly string[];
  html: readonly string[];
  /** The weights to start from; their prior must sit beside them (x.json → x.prior.json). */
  model: string;
  out: string;
  userWeight?: number;
  timeoutMs: number;
}

/**
 * `winnow train --annotations`: a person's labels (annotation files, their pages re-captured from disk) fitted onto
 * the given weights through the prior beside them (src/model/personalFit.ts), the model the extension's "Improve the
 * model with my labels" makes. Writes the new weights and their own prior; reports each file's labels found again
 * and the agreement on pages held out from the fit.
 */
export async function trainOnAnnotations(o: AnnotationTrainOptions, log: (line: string) => void): Promise<PersonalModelInfo> {
  const pages = await readAnnotatedPages(o.annotations, o.html);
  const { json, weights } = await loadModel(o.model);
  const priorPath = priorFileName(o.model);
  if (!existsSync(priorPath)) {
    throw new Error(`${o.model} has no prior beside it (${priorPath}): a model written by 'winnow train' has one`);
  }
  let priorJson: unknown;
  try {
    priorJson = JSON.parse(await readFile(priorPath, 'utf8'));
  } catch (e) {
    throw new Error(`${priorPath} is not valid JSON: ${(e as Error).message}`);
  }
  const bundled = json as StoredModelWeights;
  const prior = parseModelPrior(priorJson, bundled);
  const t0 = performance.now();
  const perPage = await labelRowsOfPages(pages, weights, o.timeoutMs);
  for (const p of perPage) {
    log(`${p.source}: ${p.labels} labels, ${p.applied} applied, ${p.changed} changed, ${p.missing} missing`);
  }
  const labelled = perPage.flatMap((p) => p.labelled);
  if (labelled.length === 0) throw new Error('no label was found again on its page: nothing to train on');
  log(`captured ${pages.length} pages in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = performance.now();
  const { model, info, prior: ownPrior } = fitPersonalModel(bundled, prior, labelled, { userWeight: o.userWeight });
  log(`fitted ${info.segments} segments (${info.rows} rows) of ${info.pages} pages in ${(performance.now() - t1).toFixed(0)} ms`);
  const h = info.heldOut;
  // Folds hold whole sites when the labels come from several (src/model/labelFolds.ts), else whole pages.
  const unit = heldOutUnit(labelled.map((l) => l.page));
  log(h ? `held out by ${unit}: agreement with the labels on ${h.segments} segments of ${h.pages} pages: ` +
    `${h.before.toFixed(3)} (${o.model}) → ${h.after.toFixed(3)} (the new model)`
    : 'held out: fewer than 2 labelled pages, no agreement measured');
  await mkdir(dirname(o.out), { recursive: true });
  await writeFile(o.out, `${JSON.stringify(model, null, 1)}\n`);
  await writeFile(priorFileName(o.out), `${JSON.stringify(ownPrior)}\n`);
  log(`wrote ${o.out} (${info.version}) and ${priorFileName(o.out)}`);
  return info;
}
