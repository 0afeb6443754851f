/**
 * `winnow train --segmentation PATH`: the GCuts/CClus model (paper 003 §4.3) learned from every page of a
 * Kreuzer-format set (people's blocks on rendered pages), written as JSON. How well the procedure does on sites it
 * did not learn from is `winnow eval --dataset segmentation`'s job (it trains the same way, fold by fold).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ModelWeights } from '../../model/weights.ts';
import { trainSegmentationByFolds } from '../../segmentation/trainSegmentation.ts';
import { foldsBySite, kreuzerTrainingPage, type Granularity } from '../evaluation/segmentation/kreuzerTraining.ts';
import { prepareKreuzerPages } from '../evaluation/segmentation/segmentationEval.ts';


export interface SegmentationTrainingOptions {
  data: string;
  out: string;
  granularity: Granularity;
  /** The templateness classifier whose scores are a node feature. */
  weights: ModelWeights;
  useCache: boolean;
  log: (line: string) => void;
}

export async function trainSegmentationModel(o: SegmentationTrainingOptions): Promise<void> {
  const set = await prepareKreuzerPages(o.weights, { data: o.data, log: o.log, useCache: o.useCache });
  for (const f of set.failed) o.log(`segmentation: not used ${f.id}: ${f.reason}`);
  if (set.pages.length < 2) throw new Error(`segmentation: ${set.pages.length} usable pages in ${o.data}, need at least 2`);
  const pages = set.pages.map((p) => kreuzerTrainingPage(p, o.granularity));
  const sites = new Set(set.pages.map((p) => p.page.siteHost)).size;
  const { model, tried } = trainSegmentationByFolds(foldsBySite(pages, (p) => p.source.page.siteHost, 2),
    { sites, dataset: o.data });
  o.log(`segmentation: learned from ${pages.length} pages of ${sites} sites; λ ${model.lambda}, Dp(ξ) ` +
    `${model.invisibleCost}, ${model.labelCount} labels (mean ARI ${tried[0].ari.toFixed(3)} on held-out halves)`);
  await mkdir(dirname(o.out), { recursive: true });
  await writeFile(o.out, `${JSON.stringify(model, roundedNumbers, 1)}\n`);
  o.log(`segmentation: wrote ${o.out}`);
}

/** Six significant digits are plenty for the coefficients and keep the bundled file small. */
function roundedNumbers(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isInteger(value) ? Number(value.toPrecision(6)) : value;
}
