/**
 * How much one labelled segment should weigh in a personal fit (docs/decisions/personal-model.md): on Dragnet's
 * held-out sites (cached captures, never trained on), a person "contradicts" the model on one site — every segment
 * the bundled model calls template on the site's first two pages is labelled content — and the personal model is
 * measured on that site's other pages (share of the same segments, by text hash, now on the content side) and on
 * every other site (node accuracy against the gold-aligned labels, and share of segments that changed side).
 *
 *   npx tsx src/cli/training/personalWeightStudy.ts [WEIGHT…]
 * With PER_PAGE=N in the environment, only the N template segments with the most rows on each of the two pages are
 * labelled (a handful of labels, as a person gives them), not every one.
 */
import { readFile } from 'node:fs/promises';
import { dragnetGoldPages } from '../datasets/goldPages.ts';
import { captureLabelledPages } from '../datasets/captureLabelled.ts';
import { sharedDataset } from '../datasets/dataPaths.ts';
import { labelGoldPages, type GoldLabelledPage } from './goldLabelling.ts';
import { buildTrainingRows } from './trainingRows.ts';
import { DEFAULT_MODEL_PATH, loadModel } from '../modelFile.ts';
import { PageSession } from '../../session/pageSession.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../pipeline/pipelineOptions.ts';
import { segmentTextHash } from '../../labels/segmentText.ts';
import { parseModelPrior, priorFileName } from '../../model/modelPrior.ts';
import { fitPersonalModel, segmentScore, type LabelledRows } from '../../model/personalFit.ts';
import { classifyNodes } from '../../model/bucketedModel.ts';
import { parseModelWeights, type StoredModelWeights } from '../../model/weights.ts';
import { FEATURE_SCHEMA } from '../../features/featureSchema.ts';

interface StudySegment extends LabelledRows { textHash: string; bundledTemplate: boolean }
interface StudyPage { site: string; gold: GoldLabelledPage; segments: StudySegment[] }

const weightsToTry = process.argv.slice(2).map(Number);
const WEIGHTS = weightsToTry.length ? weightsToTry : [30, 100, 300, 1000, 3000, 10000];
const PER_PAGE = Number(process.env.PER_PAGE ?? Infinity);
const t0 = performance.now();
const log = (s: string) => console.error(`[${((performance.now() - t0) / 1000).toFixed(0)} s] ${s}`);

const { json } = await loadModel();
const bundled = json as StoredModelWeights;
const prior = parseModelPrior(JSON.parse(await readFile(priorFileName(DEFAULT_MODEL_PATH), 'utf8')), bundled);
const split = await dragnetGoldPages(sharedDataset('dragnet'));
const captured = await captureLabelledPages(split.test, { useCache: true, log: () => {} });
const ok = captured.flatMap((c) => ('snapshot' in c ? [{ page: split.test.find((p) => p.id === c.page.id)!, snapshot: c.snapshot }] : []));
const gold = labelGoldPages(ok).labelled;
const weights = parseModelWeights(bundled, FEATURE_SCHEMA);
const pages: StudyPage[] = gold.map((g) => {
  const session = PageSession.classify(g.snapshot, weights);
  const { segments } = session.smooth(DEFAULT_PIPELINE_OPTIONS);
  return {
    site: g.page.site,
    gold: g,
    segments: segments.map((s) => ({
      page: g.page.id, label: 'content' as const, textHash: segmentTextHash(s.text), bundledTemplate: s.template,
      ...session.trainingRows(s.node, DEFAULT_PIPELINE_OPTIONS),
    })),
  };
});
log(`${pages.length} gold-labelled pages of ${new Set(pages.map((p) => p.site)).size} held-out Dragnet sites`);

const bySite = new Map<string, StudyPage[]>();
for (const p of pages) bySite.set(p.site, [...(bySite.get(p.site) ?? []), p]);
const targets = [...bySite].filter(([, ps]) => ps.length >= 3).map(([s]) => s).sort();
log(`target sites (≥ 3 pages): ${targets.length}`);

/** Node accuracy at 0.5 against the gold-aligned labels. */
function accuracy(model: StoredModelWeights, rows: ReturnType<typeof buildTrainingRows>): number {
  const p = classifyNodes(parseModelWeights(model, FEATURE_SCHEMA), rows.features, rows.areaFractions);
  let right = 0;
  p.forEach((v, r) => (right += Number((v >= 0.5) === (rows.labels[r] === 1))));
  return right / p.length;
}

for (const w of WEIGHTS) {
  let flipped = 0;
  let sameSegments = 0;
  let accBefore = 0;
  let accAfter = 0;
  let changed = 0;
  let otherSegments = 0;
  let labelledSegments = 0;
  let ms = 0;
  for (const site of targets) {
    const sitePages = bySite.get(site)!;
    const labelled = sitePages.slice(0, 2).flatMap((p) => p.segments.filter((s) => s.bundledTemplate && s.features.length)
      .sort((a, b) => b.features.length - a.features.length).slice(0, PER_PAGE));
    if (labelled.length === 0) continue;
    labelledSegments += labelled.length;
    const t = performance.now();
    const { model } = fitPersonalModel(bundled, prior, labelled, { userWeight: w, heldOutFolds: 2 });
    ms += performance.now() - t;
    const hashes = new Set(labelled.map((s) => s.textHash));
    for (const p of sitePages.slice(2)) {
      for (const s of p.segments) {
        if (!hashes.has(s.textHash) || !s.features.length || segmentScore(bundled, s) < 0.5) continue;
        sameSegments++;
        if (segmentScore(model, s) < 0.5) flipped++;
      }
    }
    const others = pages.filter((p) => p.site !== site);
    const rows = buildTrainingRows(others.map((p) => p.gold));
    accBefore += accuracy(bundled, rows);
    accAfter += accuracy(model, rows);
    for (const p of others) {
      for (const s of p.segments) {
        if (!s.features.length) continue;
        otherSegments++;
        if ((segmentScore(bundled, s) >= 0.5) !== (segmentScore(model, s) >= 0.5)) changed++;
      }
    }
  }
  const n = targets.length;
  console.log(`user weight ${w}: ${labelledSegments} labelled segments over ${n} sites (fit ${(ms / n).toFixed(0)} ms a site, ` +
    `held-out folds included); same segments on the site's other pages flipped to content: ${flipped}/${sameSegments} ` +
    `(${(flipped / sameSegments).toFixed(3)}); other sites: node accuracy vs gold ${(accBefore / n).toFixed(4)} → ` +
    `${(accAfter / n).toFixed(4)}, segments that changed side ${(changed / otherSegments).toFixed(4)}`);
}
