import { describe, expect, it } from 'vitest';
import { siteFeatureRows, scoreLogit, SITE_FEATURE_COUNT, SITE_FEATURE_NAMES, usableEvidence } from '../../src/cli/evaluation/site/siteFeatureVector.ts';
import { stackedFromFit, stackedKey, stackedScores, type StackedSiteModel } from '../../src/cli/evaluation/site/siteFeatureModel.ts';
import { cleanWithStackedModel } from '../../src/cli/evaluation/site/siteFeatureClean.ts';
import {
  fitStackedSiteModel, rememberOrder, siteFeatureTrainingRows, type SiteFeatureTrainingSite,
} from '../../src/cli/evaluation/site/siteFeatureTraining.ts';
import { featureVerdicts, meanCellChange } from '../../src/cli/evaluation/site/siteFeatureReport.ts';
import { measureSite, priorKey, type SiteCell } from '../../src/cli/evaluation/site/siteEvalMeasure.ts';
import { siteMarkdown } from '../../src/cli/evaluation/site/siteEvalReport.ts';
import type { SiteReportContext } from '../../src/cli/evaluation/site/siteEvalResult.ts';
import { fitLogistic, sigmoid } from '../../src/model/logisticRegression.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../src/pipeline/pipelineOptions.ts';
import { METHOD_BIT } from '../../src/site/memory/siteEvidence.ts';
import { SiteMemory } from '../../src/site/memory/siteMemory.ts';
import { SITE_PRIOR_DEFAULTS } from '../../src/site/memory/sitePrior.ts';
import { SITE_PAGE, STORIES, sitePage as sitePageOf } from '../fixtures/sitePages.ts';

const { NAV, HOME, ARTICLE, PARA, IMG, FOOTER } = SITE_PAGE;
const d = SITE_FEATURE_COUNT;
const sitePage = (k: number) => sitePageOf(k, { menuLinks: false });

/** Evidence for page 3 from a memory of pages 0, 1, 2 (SiteLevel speaks from three pages). */
function evidenceForPage3() {
  const memory = SiteMemory.create();
  for (const k of [0, 1, 2]) memory.remember(sitePage(k));
  const page = sitePage(3);
  return { page, evidence: memory.evidence(page) };
}

/** A model that adds `w` to the logit of SiteLevel-marked nodes and nothing else (a = 1, b = 0). */
function siteLevelOnly(w: number): StackedSiteModel {
  const coef = new Array(d).fill(0);
  coef[0] = 1;
  coef[1] = w;
  return { coef, intercept: 0 };
}

describe('site feature vector', () => {
  it('gives each node its logit, method marks, unmarked-text flag and pages seen', () => {
    const { page, evidence } = evidenceForPage3();
    const scores = new Float64Array(page.count).fill(0.2);
    const rows = siteFeatureRows(page, scores, usableEvidence(page, evidence));
    expect(SITE_FEATURE_NAMES).toHaveLength(d);
    const at = (i: number) => Array.from(rows.subarray(i * d, (i + 1) * d));
    for (const node of [NAV, HOME, FOOTER]) {
      expect(at(node)[1]).toBe(1);
      expect(at(node)[2]).toBe(evidence.methods[node] & METHOD_BIT.rtdm ? 1 : 0);
      expect(at(node)[4]).toBe(0);
    }
    expect(at(PARA).slice(1, 5)).toEqual([0, 0, 0, 1]);
    expect(at(ARTICLE)[4]).toBe(1);
    // The image has no text: not being repeated says nothing about it.
    expect(at(IMG)[4]).toBe(0);
    for (let i = 0; i < page.count; i++) {
      expect(at(i)[0]).toBeCloseTo(Math.log(0.2 / 0.8), 12);
      expect(at(i)[5]).toBeCloseTo(Math.log(4), 12);
    }
  });

  it('has only the logit without evidence, and clamps scores of 0 and 1', () => {
    const page = sitePage(3);
    const scores = new Float64Array(page.count).fill(0.7);
    scores[0] = 0;
    scores[1] = 1;
    const rows = siteFeatureRows(page, scores, null);
    for (let i = 0; i < page.count; i++) for (let j = 1; j < d; j++) expect(rows[i * d + j]).toBe(0);
    expect(rows[0]).toBe(scoreLogit(1e-4));
    expect(rows[d]).toBe(scoreLogit(1 - 1e-4));
    expect(Number.isFinite(rows[0]) && Number.isFinite(rows[d])).toBe(true);
  });

  it('sets aside evidence that says nothing, and a page that copies a remembered one', () => {
    const page = sitePage(3);
    expect(usableEvidence(page, null)).toBeNull();
    expect(usableEvidence(page, SiteMemory.create().evidence(page))).toBeNull();
    const memory = SiteMemory.create();
    for (const k of [0, 1, 2, 3]) memory.remember(sitePage(k));
    const copy = { ...sitePage(3), url: 'https://example.org/story-3?utm_source=x' };
    expect(usableEvidence(copy, memory.evidence(copy))).toBeNull();
    const { page: p3, evidence } = evidenceForPage3();
    expect(usableEvidence(p3, evidence)).toBe(evidence);
    expect(() => usableEvidence(sitePage(3), { ...evidence, methods: new Uint8Array(2) })).toThrow(/covers 2 nodes/);
  });
});

describe('stacked site model', () => {
  it('leaves the page level\'s scores exactly as they are without usable evidence', () => {
    const page = sitePage(3);
    const scores = Float64Array.from({ length: page.count }, (_, i) => (i + 1) / (page.count + 2));
    const model: StackedSiteModel = { coef: [2, 3, -1, 1, -2, 0.5], intercept: -1 };
    for (const use of ['full', 'evidence'] as const) {
      expect(Array.from(stackedScores(model, page, scores, null, use))).toEqual(Array.from(scores));
      expect(Array.from(stackedScores(model, page, scores, SiteMemory.create().evidence(page), use)))
        .toEqual(Array.from(scores));
    }
  });

  it('moves only the nodes the evidence marks when only a mark has a coefficient', () => {
    const { page, evidence } = evidenceForPage3();
    const scores = Float64Array.from({ length: page.count }, (_, i) => 0.1 + (0.8 * i) / page.count);
    const out = stackedScores(siteLevelOnly(2), page, scores, evidence, 'evidence');
    for (let i = 0; i < page.count; i++) {
      const marked = (evidence.methods[i] & METHOD_BIT.siteLevel) !== 0;
      if (marked) expect(out[i]).toBeCloseTo(sigmoid(scoreLogit(scores[i]) + 2), 12);
      else expect(out[i]).toBeCloseTo(scores[i], 12);
    }
    expect(out[NAV]).toBeGreaterThan(scores[NAV]);
    // 'full' uses the intercept and the logit's coefficient too; 'evidence' keeps the page level's calibration.
    const model: StackedSiteModel = { coef: [1, 0, 0, 0, 0, 0], intercept: 1 };
    expect(stackedScores(model, page, scores, evidence, 'full')[PARA]).toBeCloseTo(sigmoid(scoreLogit(scores[PARA]) + 1), 12);
    expect(stackedScores(model, page, scores, evidence, 'evidence')[PARA]).toBeCloseTo(scores[PARA], 12);
  });

  it('puts the fit\'s standardised coefficients back on the raw features', () => {
    const rows = 200;
    const X = Float64Array.from({ length: rows * d }, (_, k) => Math.sin(k * 1.7) * (1 + (k % d)) + (k % d));
    const y = Float64Array.from({ length: rows }, (_, r) => (X[r * d] + X[r * d + 1] > 1.5 ? 1 : 0));
    const fit = fitLogistic({ rows, cols: d, data: X }, y, { l2: 1 });
    const model = stackedFromFit(fit);
    for (const r of [0, 17, 123]) {
      let standard = fit.intercept;
      let raw = model.intercept;
      for (let j = 0; j < d; j++) {
        standard += (fit.coef[j] * (X[r * d + j] - fit.mean[j])) / fit.scale[j];
        raw += model.coef[j] * X[r * d + j];
      }
      expect(raw).toBeCloseTo(standard, 9);
    }
    expect(() => stackedFromFit({ ...fit, coef: [1] })).toThrow(/coefficients/);
  });

  it('cleans the shared menu away with evidence, and returns null without it', () => {
    const { evidence } = evidenceForPage3();
    const snapshot = sitePage(3);
    const classified = { snapshot, scores: new Float64Array(snapshot.count).fill(0.2), timings: { featuresMs: 0, classifyMs: 0 } };
    expect(cleanWithStackedModel(classified, null, siteLevelOnly(5), 'evidence', DEFAULT_PIPELINE_OPTIONS)).toBeNull();
    const text = cleanWithStackedModel(classified, evidence, siteLevelOnly(5), 'evidence', DEFAULT_PIPELINE_OPTIONS)!;
    expect(text).not.toContain('Home');
    expect(text).not.toContain('Copyright');
    expect(text).toContain('Commuters petitioned');
  });
});

describe('stacked model training', () => {
  /** Human labels of the fixture: navigation and footer template, article content; the rest unlabelled. */
  function labelled(k: number) {
    const snapshot = sitePage(k);
    const labels = new Int8Array(snapshot.count).fill(-1);
    for (const i of [NAV, FOOTER]) labels[i] = 1;
    for (const i of [ARTICLE, PARA]) labels[i] = 0;
    // A classifier that cannot tell them apart: only the evidence can.
    return { snapshot, scores: new Float64Array(snapshot.count).fill(0.5), labels };
  }

  it('remembers a site\'s other pages in a seeded order, the same every run', () => {
    const order = rememberOrder('example.org', 6);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(rememberOrder('example.org', 6)).toEqual(order);
    // Pinned: the stacked model's coefficients in the report depend on this order.
    expect(order).toEqual([3, 4, 2, 1, 0, 5]);
  });

  it('builds one row per labelled, classified node, with evidence from the other pages only', () => {
    const sites: SiteFeatureTrainingSite[] = [{ site: 'example.org', pages: [0, 1, 2, 3].map(labelled) }];
    const rows = siteFeatureTrainingRows(sites);
    expect(rows.pages).toBe(4);
    expect(rows.pagesWithEvidence).toBe(4);
    expect(rows.rows).toBe(16);
    expect(Array.from(rows.labels.slice(0, 4)).sort()).toEqual([0, 0, 1, 1]);
    // Each page saw the three others: log(1 + 3).
    for (let r = 0; r < rows.rows; r++) expect(rows.data[r * d + 5]).toBeCloseTo(Math.log(4), 12);
    const { model } = fitStackedSiteModel(rows);
    // SiteLevel marks the template rows and never the content: its coefficient must come out positive.
    expect(model.coef[1]).toBeGreaterThan(0);
    expect(model.coef.every(Number.isFinite) && Number.isFinite(model.intercept)).toBe(true);
  });

  it('gives a page without other pages of its site no evidence', () => {
    const rows = siteFeatureTrainingRows([{ site: 'a.org', pages: [labelled(0)] }]);
    expect(rows.pagesWithEvidence).toBe(0);
    expect(rows.rows).toBeGreaterThan(0);
    for (let r = 0; r < rows.rows; r++) for (let j = 1; j < d; j++) expect(rows.data[r * d + j]).toBe(0);
  });
});

describe('site eval with the feature', () => {
  const pages = STORIES.map((story, k) => {
    const snapshot = sitePage(k);
    return {
      id: `p${k}`, referenceContent: story.join('\n'),
      classified: { snapshot, scores: new Float64Array(snapshot.count).fill(0.2), timings: { featuresMs: 0, classifyMs: 0 } },
    };
  });

  it('measures both uses of the stacked model beside the prior; a mark-only model finds the template', () => {
    const cells = measureSite('example.org', pages, {
      sizes: [2, 5], draws: 2, priors: [SITE_PRIOR_DEFAULTS], pipeline: DEFAULT_PIPELINE_OPTIONS, stacked: siteLevelOnly(5),
    });
    const at5 = cells.find((c) => c.n === 5)!;
    const f = (key: string) => { const c = at5.counts[key]; return (2 * c.tp) / (2 * c.tp + c.fp + c.fn); };
    expect(Object.keys(at5.counts)).toEqual(expect.arrayContaining([stackedKey('full'), stackedKey('evidence')]));
    expect(f(stackedKey('evidence'))).toBeGreaterThan(f('pageLevel'));
    // Every draw and page is counted once per method, the feature's too.
    const total = (key: string) => at5.counts[key].tp + at5.counts[key].fn;
    expect(total(stackedKey('full'))).toBe(total('pageLevel'));
    const without = measureSite('example.org', pages, {
      sizes: [5], draws: 1, priors: [SITE_PRIOR_DEFAULTS], pipeline: DEFAULT_PIPELINE_OPTIONS,
    });
    expect(Object.keys(without[0].counts)).not.toContain(stackedKey('full'));
  });

  const withF = (f: number) => ({ tp: Math.round(1000 * f), fp: 1000 - Math.round(1000 * f), fn: 1000 - Math.round(1000 * f) });
  const prior = priorKey(SITE_PRIOR_DEFAULTS);
  const cell = (site: string, n: number, page: number, p: number, feat: number): SiteCell => ({
    site, pages: 12, n, draws: 1, measured: 12 - n,
    counts: { pageLevel: withF(page), [prior]: withF(p), [stackedKey('full')]: withF(feat), [stackedKey('evidence')]: withF(page) },
  });
  const datasets = [
    { name: 'iana', title: 't', reference: 'r', cells: [cell('iana.org', 2, 0.5, 0.6, 0.55), cell('iana.org', 5, 0.5, 0.7, 0.55)] },
    { name: 'dragnet', title: 't', reference: 'r', cells: [cell('a.com', 2, 0.9, 0.9, 0.95)] },
    { name: 'l3s', title: 't', reference: 'r', cells: [cell('b.com', 2, 0.9, 0.9, 0.901)] },
  ];

  it('says per dataset which of feature and prior is better, and by how much', () => {
    expect(meanCellChange(datasets[0], stackedKey('full'), prior)).toBeCloseTo(-0.1, 9);
    const verdicts = featureVerdicts(datasets, prior);
    expect(verdicts[0]).toMatch(/\*\*iana\*\*: the prior is better, F\(feature\) − F\(prior\) −0\.100/);
    expect(verdicts[1]).toMatch(/\*\*dragnet\*\*: the feature is better, F\(feature\) − F\(prior\) \+0\.050/);
    expect(verdicts[2]).toMatch(/\*\*l3s\*\*: a tie/);
  });

  it('adds the feature to the first table and prints the coefficients and training sites', () => {
    const ctx: SiteReportContext = {
      command: 'npx winnow eval --dataset site', modelPath: 'm.json', pipeline: { penaltyFactor: 0.01, threshold: 0.5 },
      draws: 1, sizes: [2, 5], memoryLimits: { siteLevelPages: 20, skeletonPages: 8, blockBytes: 96 * 1024 },
      shippedPrior: SITE_PRIOR_DEFAULTS, priors: [SITE_PRIOR_DEFAULTS], downGrid: [SITE_PRIOR_DEFAULTS], notes: [],
      failed: [], capture: { rendered: 0, cached: 1 }, seconds: { capture: 1, measure: 1, total: 2 },
    };
    const plain = siteMarkdown(datasets, ctx);
    expect(plain).not.toContain('feature: stacked model');
    const feature = { model: { coef: [1.004, 1.929, -1.753, 0.407, 0.296, -0.046], intercept: -0.918 },
      sites: [{ site: 'train.example', pages: 3 }], rows: 100, templateRows: 40, pages: 3, pagesWithEvidence: 3, seconds: 7 };
    const md = siteMarkdown(datasets, { ...ctx, feature });
    expect(md).toContain('| dataset | sample pages | sites | page level alone | combined | change | one-sided | change | ' +
      'feature: stacked model | change |');
    expect(md).toContain('| iana | 5 | 1 | 0.500 | 0.700 | +0.200 | — | — | 0.550 | +0.050 |');
    expect(md).toContain('| SiteLevel marks | 1.929 |');
    expect(md).toContain('| intercept b | -0.918 |');
    expect(md).toContain('train.example (3)');
    expect(md).toContain('the prior is better');
  });
});
