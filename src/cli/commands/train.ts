import { defineCommand } from '../options/commandSpec.ts';
import { choiceOption, numberOption } from '../options/optionValues.ts';
import { UsageError } from '../options/usageError.ts';
import { LIMIT_OPTION, MODEL_OPTION, TIMEOUT_OPTION } from '../options/commonOptions.ts';
import { DEFAULT_MODEL_FILE, DEFAULT_MODEL_PATH, loadModel } from '../modelFile.ts';
import { L3S_HOLDOUT_PERCENT } from '../datasets/l3sPages.ts';
import { DEFAULT_SITE_LEVEL_SETTINGS, type SiteLevelSettings } from '../training/siteLevelTraining.ts';
import { BEST_LABEL_VARIANT, isLabelVariant, LABEL_VARIANTS, usesGoldLabels } from '../training/labelVariants.ts';
import { DEFAULT_WEIGHTING, isWeighting, WEIGHTINGS } from '../training/rowWeights.ts';
import { DEFAULT_L2 } from '../training/weightedBucketFit.ts';
import { trainModel } from '../training/trainModel.ts';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../browser/readablePage.ts';
import { listOptionFiles } from '../training/annotationInputs.ts';
import { trainOnAnnotations } from '../training/trainOnAnnotations.ts';
import { DEFAULT_USER_WEIGHT } from '../../model/personalFit.ts';
import { trainSegmentationModel } from '../training/trainSegmentationModel.ts';
import { DEFAULT_SEGMENTATION_MODEL_FILE } from '../segment/segmentationModelFile.ts';

const GRANULARITIES = ['innermost', 'outermost'] as const;

const SHARE_OF = ['html', 'text'] as const;
const ANCHOR_TEXT = ['hash', 'shape'] as const;
const DEFAULT_ANCHOR_TEXT = DEFAULT_SITE_LEVEL_SETTINGS.anchorText ? 'hash' : 'shape';

export const trainCommand = defineCommand({
  name: 'train',
  summary: 'refit the model weights on labelled pages and write them with their model card',
  usage: [
    '--l3s PATH [--dragnet PATH] [--wcxb PATH] [--iana PATH] [options]',
    '--annotations FILE… [--html FILE…] [--model IN] --out OUT.json',
    '--segmentation PATH [--granularity innermost|outermost] [--out OUT.json]',
  ],
  details: [
    'Captures every page through the capture code the extension uses (cached under .cache/capture), labels its ' +
      "nodes (people's L3S labels, SiteLevel(θ) labels over many pages of a site, or gold main texts aligned with " +
      'the page), fits the four area-bucket logistic models, measures every fit and the current weights on the ' +
      'held-out sites of every dataset given, and writes the weights plus a model card (.md) beside them. Datasets ' +
      'are .tar.gz archives of ../shared/data or their unpacked folders. The weights\' prior (the Laplace ' +
      'approximation of the training objective, what personal models start from) goes beside them as .prior.json.',
    'With --annotations: a person\'s labels instead. Each annotation file (v1, v2, or a JSON list of them as the ' +
      'extension\'s "export all" writes) is captured again from its page on disk (its page.url when that is a file ' +
      'or a file: address, else the --html file with the same base name or at the same place in the list), its ' +
      'labels are found again on the page\'s segments, and the --model weights are fitted again on them through ' +
      'their prior, as the extension\'s "Improve the model with my labels" does. Prints per file the labels applied, ' +
      'changed and missing, and the agreement with the labels on pages held out from the fit, before and after.',
    "With --segmentation: the graph-cut segmenter's model (paper 003 §4.3: node metric, pair and parent–child costs, " +
      "trade-offs) from people's segments in a Kreuzer-format set (kreuzer-popular.tar.gz or a folder like it), " +
      `written to ${DEFAULT_SEGMENTATION_MODEL_FILE} unless --out says otherwise.`,
  ],
  positionals: true,
  options: {
    l3s: { type: 'string', value: 'PATH', help: "L3S-GN1 (people's node labels): always needed" },
    dragnet: { type: 'string', value: 'PATH', help: 'Dragnet: gold-aligned and SiteLevel labels on its training sites' },
    wcxb: { type: 'string', value: 'PATH', help: 'wcxb-dev: gold-aligned labels on its training sites, measured on the others' },
    iana: { type: 'string', value: 'PATH', help: 'iana: one unseen site with its CSS, measured against its own SiteLevel labels' },
    labels: {
      type: 'string',
      value: LABEL_VARIANTS.join('|'),
      help: 'where the training labels come from: people (l3s), SiteLevel (sitelevel), both, gold texts aligned ' +
        'with the page (gold), or people and gold (all; needs --dragnet or --wcxb)',
      default: BEST_LABEL_VARIANT,
    },
    weighting: {
      type: 'string',
      value: WEIGHTINGS.join('|'),
      help: 'how rows are weighted when sources are pooled: every labelled node alike, every page alike, or every ' +
        'source alike',
      default: DEFAULT_WEIGHTING,
    },
    baseline: {
      type: 'string', value: 'PATH', help: 'weights the model card compares the new fit with', default: DEFAULT_MODEL_FILE,
    },
    ablation: { type: 'boolean', help: 'also fit every label variant and every weighting, for a table in the model card' },
    out: { type: 'string', value: 'FILE', help: 'where the weights go; the model card goes beside them', default: DEFAULT_MODEL_FILE },
    limit: LIMIT_OPTION,
    l2: { type: 'string', value: 'L', help: 'the logistic regression\'s L2 penalty', default: DEFAULT_L2 },
    'holdout-percent': {
      type: 'string', value: 'P', help: "percent of L3S-GN1's sites held out by hash (never trained on)",
      default: L3S_HOLDOUT_PERCENT,
    },
    theta: {
      type: 'string', value: 'θ', help: "SiteLevel: the fraction of a site's pages a subtree's hash must occur on to be template (the paper's θ)",
      default: DEFAULT_SITE_LEVEL_SETTINGS.theta,
    },
    'min-site-pages': {
      type: 'string', value: 'N', help: 'SiteLevel: sites with fewer captured pages get no SiteLevel labels',
      default: DEFAULT_SITE_LEVEL_SETTINGS.minSitePages,
    },
    'share-of': {
      type: 'string', value: SHARE_OF.join('|'), help: "SiteLevel: whether an inner node's share inside templates is measured on its HTML or its visible text",
      default: DEFAULT_SITE_LEVEL_SETTINGS.shareOf,
    },
    'anchor-text': {
      type: 'string', value: ANCHOR_TEXT.join('|'), help: 'SiteLevel: whether link text is part of a subtree\'s hash, or lists of links recur by their shape alone',
      default: DEFAULT_ANCHOR_TEXT,
    },
    'no-cache': { type: 'boolean', help: 'render every page again instead of reading .cache/capture' },
    segmentation: { type: 'string', value: 'PATH', help: "people's segments (Kreuzer format) to learn the GCuts/CClus model from, instead of the datasets" },
    granularity: {
      type: 'string', value: GRANULARITIES.join('|'), help: 'with --segmentation: the finest human segments or the top-level blocks',
      default: 'innermost',
    },
    annotations: { type: 'string', value: 'FILE…', help: 'annotation files to train on (a person\'s labels), instead of the datasets' },
    html: { type: 'string', value: 'FILE…', help: 'with --annotations: the pages of annotation files whose page.url is not on disk' },
    model: { ...MODEL_OPTION, help: 'with --annotations: the weights to start from; their .prior.json must be beside them' },
    'user-weight': {
      type: 'string', value: 'W', help: 'with --annotations: what one labelled segment weighs, in training rows',
      default: DEFAULT_USER_WEIGHT,
    },
    timeout: TIMEOUT_OPTION,
  },
  example: 'npx winnow train --l3s ../shared/data/l3s-gn1.tar.gz --dragnet ../shared/data/dragnet.tar.gz ' +
    '--wcxb ../shared/data/wcxb-dev.tar.gz --out /tmp/weights.json',
  async run(values, positionals, args) {
    if (values.annotations !== undefined) return trainAnnotations(values, positionals, args);
    if (values.segmentation !== undefined) {
      if (positionals.length) throw new UsageError(`train --segmentation takes no files, got '${positionals[0]}'`, true);
      await trainSegmentationModel({
        data: values.segmentation,
        out: values.out ?? DEFAULT_SEGMENTATION_MODEL_FILE,
        granularity: choiceOption(values.granularity, 'granularity', GRANULARITIES) ?? 'innermost',
        weights: (await loadModel(values.model)).weights,
        useCache: !values['no-cache'],
        log,
      });
      return 0;
    }
    if (positionals.length) throw new UsageError(`train takes no files without --annotations, got '${positionals[0]}'`, true);
    if (values.html !== undefined) throw new UsageError('--html goes with --annotations', true);
    if (!values.l3s) throw new UsageError('train needs --l3s PATH (l3s-gn1.tar.gz or its unpacked folder)', true);
    const labels = values.labels ?? BEST_LABEL_VARIANT;
    if (!isLabelVariant(labels)) throw new UsageError(`--labels must be one of ${LABEL_VARIANTS.join(', ')}, got '${labels}'`);
    const weighting = values.weighting ?? DEFAULT_WEIGHTING;
    if (!isWeighting(weighting)) throw new UsageError(`--weighting must be one of ${WEIGHTINGS.join(', ')}, got '${weighting}'`);
    if (usesGoldLabels(labels) && !values.dragnet && !values.wcxb) {
      throw new UsageError(`--labels ${labels} needs --dragnet PATH or --wcxb PATH (the gold-aligned sources)`);
    }
    const holdoutPercent = numberOption(values['holdout-percent'], 'holdout-percent') ?? L3S_HOLDOUT_PERCENT;
    const l2 = numberOption(values.l2, 'l2') ?? DEFAULT_L2;
    const settings: SiteLevelSettings = {
      ...DEFAULT_SITE_LEVEL_SETTINGS,
      theta: numberOption(values.theta, 'theta') ?? DEFAULT_SITE_LEVEL_SETTINGS.theta,
      minSitePages: numberOption(values['min-site-pages'], 'min-site-pages') ?? DEFAULT_SITE_LEVEL_SETTINGS.minSitePages,
      shareOf: choiceOption(values['share-of'], 'share-of', SHARE_OF) ?? DEFAULT_SITE_LEVEL_SETTINGS.shareOf,
      anchorText: (choiceOption(values['anchor-text'], 'anchor-text', ANCHOR_TEXT) ?? DEFAULT_ANCHOR_TEXT) === 'hash',
    };
    await trainModel({
      sources: { l3s: values.l3s, dragnet: values.dragnet, wcxb: values.wcxb, iana: values.iana },
      labels,
      weighting,
      holdoutPercent,
      l2,
      settings,
      limit: numberOption(values.limit, 'limit'),
      ablation: Boolean(values.ablation),
      useCache: !values['no-cache'],
      baseline: values.baseline ?? DEFAULT_MODEL_PATH,
      out: values.out ?? DEFAULT_MODEL_PATH,
      command: `npx winnow train ${args.join(' ')}`.trim(),
    }, log);
    return 0;
  },
});

async function trainAnnotations(values: Record<string, string | boolean | undefined>, positionals: string[],
  args: readonly string[]): Promise<number> {
  const annotations = listOptionFiles(args, 'annotations');
  const html = listOptionFiles(args, 'html');
  const stray = positionals.filter((p) => !annotations.includes(p) && !html.includes(p));
  if (stray.length) throw new UsageError(`'${stray[0]}' follows neither --annotations nor --html`, true);
  if (annotations.length === 0) throw new UsageError('--annotations needs at least one FILE', true);
  if (typeof values.out !== 'string') {
    throw new UsageError('--annotations needs --out OUT.json (the bundled weights are never overwritten by a personal model)', true);
  }
  if (values.l3s || values.dragnet || values.wcxb || values.iana) throw new UsageError('--annotations trains on labels, not on the datasets', true);
  const userWeight = numberOption(values['user-weight'] as string | undefined, 'user-weight');
  if (userWeight !== undefined && !(userWeight >= 0)) throw new UsageError(`--user-weight must be ≥ 0, got ${userWeight}`);
  const timeoutMs = numberOption(values.timeout as string | undefined, 'timeout') ?? DEFAULT_PAGE_TIMEOUT_MS;
  const info = await trainOnAnnotations({
    annotations, html, model: (values.model as string | undefined) ?? DEFAULT_MODEL_PATH, out: values.out, userWeight, timeoutMs,
  }, log);
  console.log(JSON.stringify(info));
  return 0;
}

function log(line: string): void {
  console.error(`train: ${line}`);
}
