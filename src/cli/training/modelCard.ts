import { templateEvalTable } from '../evaluation/segmentation/heldOutTemplateEval.ts';
import { FEATURE_SCHEMA } from '../../features/featureSchema.ts';
import type { TrainingRows } from './trainingRows.ts';
import type { HeldOutSet, VariantResult } from './variantFit.ts';
import type { LabelAgreement } from './siteLevelAgreement.ts';
import type { SiteLevelSettings } from './siteLevelTraining.ts';
import { VARIANT_DESCRIPTIONS, type SiteLevelRun } from './labelVariants.ts';
import { WEIGHTING_DESCRIPTIONS } from './rowWeights.ts';
import {
  fitName, goldLabelSection, heldOutSourcesSection, type ComparedModel, type GoldLabelSummary,
} from './modelCardSources.ts';

export interface ModelCardInput {
  /** The variant whose weights sit next to this card. */
  chosen: VariantResult;
  /** Every variant fitted on the same split (with --ablation), the chosen one among them. */
  ablation?: VariantResult[];
  /** Models in the per-source tables: the shipped weights, the L3S-only fit (old labels) and the chosen one. */
  compared: ComparedModel[];
  heldOutSets: HeldOutSet[];
  gold?: GoldLabelSummary;
  testRows: TrainingRows;
  ianaRows?: TrainingRows;
  split: string[];
  siteLevel?: { settings: SiteLevelSettings; run: SiteLevelRun; agreement: LabelAgreement };
  failed: number;
  /** Wall-clock minutes of the whole command, capture included. */
  minutes: number;
  captureStats: { rendered: number; cached: number };
  captureMinutes: number;
}

export function formatModelCard(o: ModelCardInput): string {
  const { chosen } = o;
  const w = chosen.weights;
  const e = chosen.evaluation;
  const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '–');
  const sections = [`# Winnow templateness model (feature schema ${FEATURE_SCHEMA.name} v${FEATURE_SCHEMA.version})

Four logistic-regression models, one per node-area bucket (Chakrabarti et al. 2007, §5.2), fitted by Newton's method
with L2 regularisation and balanced classes. The scores feed the isotonic smoothing of §4.

- Reproduce: \`${w.training.command}\` (no random sampling anywhere: a fixed split by site hash, pages in id
  order, Newton's method from zero, so the same captures give the same weights; captures are cached per capture-code
  hash in .cache/capture, and a fresh render can lay out a few pages differently, e.g. late fonts or scripts)
- Labels (\`--labels ${chosen.variant}\`): ${VARIANT_DESCRIPTIONS[chosen.variant]}
- Weighting (\`--weighting ${chosen.weighting}\`): ${WEIGHTING_DESCRIPTIONS[chosen.weighting]}; within each area bucket
  both classes then carry equal weight
- Data: ${w.training.data}
- Training rows: ${chosen.trainRows.labels.length} nodes (${count(chosen.trainRows.labels, 1)} template) from ` +
    `${chosen.trainRows.pages} pages; held out: ${o.testRows.labels.length} nodes from ${o.testRows.pages} L3S pages; ` +
    `pages that failed to capture: ${o.failed}
- Only nodes the pipeline classifies are used (≥ 2000 px², not inside a smaller hidden node), with a label ≥ 0.
- Area-fraction bucket bounds: ${w.bucketBounds.map((b) => b.toPrecision(3)).join(', ')}
- Trained on: ${w.models.map((m) => JSON.stringify(m.trainedOn)).join('; ')}
- Time: ${o.minutes.toFixed(1)} min for the whole command on 2 cores, of which ${o.captureMinutes.toFixed(1)} min ` +
    `capture (${o.captureStats.rendered} pages rendered in Chromium, ${o.captureStats.cached} captures read from ` +
    `.cache/capture); ${chosen.fitSeconds.toFixed(1)} s to fit these weights
- Date: ${w.training.date}

## Data split

${o.split.map((line) => `- ${line}`).join('\n')}`];

  if (o.siteLevel) {
    const { settings: st, run, agreement: a } = o.siteLevel;
    const list = (sites: Array<{ site: string; pages: number }>) =>
      sites.length ? sites.map((s) => `${s.site} (${s.pages})`).join(', ') : 'none';
    sections.push(`## SiteLevel(θ) labels (000 §3 step 1, §5.1)

Per site, every node gets a 53-bit hash of its subtree (tag, link flag, class/id hints, own text ` +
    `${st.anchorText ? 'including' : 'except'} link text, and its children's hashes in order; no geometry or style: ` +
    `src/site/nodeHash.ts). A node whose hash occurs on at least max(${st.minPages}, ⌈θ·n⌉) of the site's n pages, ` +
    `θ = ${st.theta}, is a site-level template, with its whole subtree; an internal node with more than ` +
    `${Math.round(st.innerShare * 100)}% of its ${st.shareOf === 'html' ? 'HTML' : 'visible text'} inside site-level ` +
    `templates is template too; every other node is not. Text-free subtrees are never evidence on their own (their ` +
    `hash is a bare tag shape), and a text-free node SiteLevel calls non-template is left unlabelled. Only sites with ` +
    `at least ${st.minSitePages} captured pages are labelled, and each dataset's sites on their own (options: ` +
    `\`--theta ${st.theta} --min-site-pages ${st.minSitePages} --share-of ${st.shareOf} --anchor-text ` +
    `${st.anchorText ? 'hash' : 'shape'}\`).

- Dragnet training sites labelled: ${list(run.dragnetSites)}
- L3S training sites labelled: ${list(run.l3sSites)}
- Agreement with people on the ${a.nodes} classified nodes of those L3S pages (${a.pages}) that carry both labels:
  ${f3(a.agreement)}; of the nodes SiteLevel calls template, ${f3(a.precision)} are template to people; of the
  nodes people call template, SiteLevel finds ${f3(a.recall)}.`);
  }

  if (o.gold) sections.push(goldLabelSection(o.gold));
  if (o.heldOutSets.length > 1 || o.compared.length > 1) sections.push(heldOutSourcesSection(o.heldOutSets, o.compared));

  sections.push(`## Held-out L3S sites, classifier alone (threshold 0.5)

| nodes | ROC AUC | precision | recall | F1 | accuracy |
| --- | --- | --- | --- | --- | --- |
| ${e.rows} | ${f3(e.auc)} | ${f3(e.precision)} | ${f3(e.recall)} | ${f3(e.f1)} | ${f3(e.accuracy)} |

## Held-out L3S sites, template detection as in §6.1 (c = 0.01, threshold 0.5)

Precision / recall / f-measure of the annotated words (Text), anchor-text characters (AT) and links that lie in
template regions (L3S classes 0 and 4; each counted once, under the innermost annotated span around it),
micro-averaged over the held-out pages.

${templateEvalTable(chosen.templateEval)}`);

  if (chosen.iana && o.ianaRows) {
    const i = chosen.iana;
    sections.push(`## iana (one held-out site rendered with its own CSS), against its SiteLevel labels

${o.ianaRows.pages} pages, ${i.rows} classified nodes (${count(o.ianaRows.labels, 1)} template by SiteLevel): ROC AUC
${f3(i.auc)}, precision ${f3(i.precision)}, recall ${f3(i.recall)}, F1 ${f3(i.f1)}. The reference here is SiteLevel
itself, so this favours models trained on SiteLevel labels; it is the only styled page layout in the evaluation.`);
  }

  if (o.ablation?.length) {
    sections.push(`## Ablation: where the training labels come from

Every fit uses the same split and settings and is measured on the same held-out L3S sites with their human labels (node AUC and F1 of the classifier alone; §6.1 f-measures of Basic and Smooth); the iana column
is the node AUC against iana's SiteLevel labels.

| labels (weighting) | training rows (template) | node AUC | node F1 | Basic Text F | Basic AT F | Basic Links F | Smooth Text F | Smooth AT F | Smooth Links F | iana AUC | fit s |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${o.ablation.map((r) => {
    const basic = r.templateEval.find((t) => t.method === 'PageLevel Basic')!;
    const smooth = r.templateEval.find((t) => t.method === 'PageLevel Smooth')!;
    return `| ${fitName(r)}${r === chosen ? ' (these weights)' : ''} | ${r.trainRows.labels.length} ` +
      `(${count(r.trainRows.labels, 1)}) | ${f3(r.evaluation.auc)} | ${f3(r.evaluation.f1)} | ${f3(basic.text.f)} | ` +
      `${f3(basic.anchorText.f)} | ${f3(basic.links.f)} | ${f3(smooth.text.f)} | ${f3(smooth.anchorText.f)} | ` +
      `${f3(smooth.links.f)} | ${r.iana ? f3(r.iana.auc) : '–'} | ${r.fitSeconds.toFixed(1)} |`;
  }).join('\n')}

${Object.entries(VARIANT_DESCRIPTIONS).map(([k, v]) => `- \`${k}\`: ${v}`).join('\n')}`);
  }
  return `${sections.join('\n\n')}\n`;
}

function count(labels: Uint8Array, v: number): number {
  let n = 0;
  for (const l of labels) if (l === v) n++;
  return n;
}
