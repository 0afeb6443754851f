import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trainBucketedModel } from '../../src/model/bucketedModel.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';
import { trainWeightedBucketedModel } from '../../src/cli/training/weightedBucketFit.ts';
import { rowWeights } from '../../src/cli/training/rowWeights.ts';
import { alignmentAgreement, l3sContentText, labelGoldPages } from '../../src/cli/training/goldLabelling.ts';
import { dragnetGoldPages, type GoldPage } from '../../src/cli/datasets/goldPages.ts';
import { DRAGNET_HOLDOUT_PERCENT } from '../../src/cli/datasets/dragnetPages.ts';
import { fnv1a } from '../../src/cli/datasets/siteSplit.ts';
import { variantTrainingPages, type SiteLevelRun } from '../../src/cli/training/labelVariants.ts';
import { heldOutSourcesSection } from '../../src/cli/training/modelCardSources.ts';
import type { TrainingCorpus } from '../../src/cli/training/trainingCorpus.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';

/** Rows with two informative features and a third of noise, labels from a noisy linear rule. */
function syntheticRows(n: number, seed: number) {
  const random = seededRandom(seed);
  const cols = 3;
  const data = new Float32Array(n * cols);
  const y = new Uint8Array(n);
  const areas = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const a = random() * 2 - 1;
    const b = random() * 2 - 1;
    data.set([a, b, random()], r * cols);
    y[r] = a + 0.5 * b + 0.3 * (random() - 0.5) > 0.2 ? 1 : 0;
    areas[r] = random() * 0.02;
  }
  return { X: { rows: n, cols, data }, y, areas };
}

describe('trainWeightedBucketedModel', () => {
  const { X, y, areas } = syntheticRows(400, 7);

  it('is exactly the balanced trainBucketedModel when every weight is 1', () => {
    const plain = trainBucketedModel(X, y, areas, { l2: 1, balanceClasses: true });
    const weighted = trainWeightedBucketedModel(X, y, areas, new Float64Array(X.rows).fill(1), { l2: 1 });
    expect(weighted).toEqual(plain);
  });

  it('weighs the data against the L2 penalty by the weights\' total: 4× the weights is ¼ the penalty', () => {
    const w = Float64Array.from({ length: X.rows }, (_, r) => 1 + (r % 3));
    const a = trainWeightedBucketedModel(X, y, areas, w, { l2: 1 });
    const b = trainWeightedBucketedModel(X, y, areas, w.map((v) => v * 4), { l2: 4 });
    a.models.forEach((m, k) => m.coef.forEach((c, j) => expect(b.models[k].coef[j]).toBeCloseTo(c, 6)));
  });

  it('moves the fit when the weights favour some rows', () => {
    const w = Float64Array.from({ length: X.rows }, (_, r) => (r < 50 ? 20 : 1));
    const a = trainWeightedBucketedModel(X, y, areas, new Float64Array(X.rows).fill(1), { l2: 1 });
    const b = trainWeightedBucketedModel(X, y, areas, w, { l2: 1 });
    expect(b.models[0].coef).not.toEqual(a.models[0].coef);
  });
});

describe('rowWeights', () => {
  // Source a: page 0 with 1 row, page 1 with 3 rows; source b: page 2 with 4 rows; page 3 has no rows.
  const pageOfRow = [0, 1, 1, 1, 2, 2, 2, 2];
  const sources = ['a', 'a', 'b', 'b'];
  const perPage = (w: Float64Array) => [0, 1, 2].map((p) => pageOfRow.reduce((s, q, r) => s + (q === p ? w[r] : 0), 0));

  it('leaves every row at 1 by default', () => {
    expect(Array.from(rowWeights(pageOfRow, sources, 'row'))).toEqual(new Array(8).fill(1));
  });

  it('gives every page the same weight, averaging 1 per row', () => {
    const w = rowWeights(pageOfRow, sources, 'page');
    perPage(w).forEach((v) => expect(v).toBeCloseTo(8 / 3, 12));
    expect(w.reduce((s, v) => s + v, 0)).toBeCloseTo(8, 12);
  });

  it('gives every source the same weight, and its pages the same share of it', () => {
    const w = rowWeights(pageOfRow, sources, 'source');
    const [p0, p1, p2] = perPage(w);
    expect(p0).toBeCloseTo(p1, 12);
    expect(p0 + p1).toBeCloseTo(p2, 12);
    expect(w.reduce((s, v) => s + v, 0)).toBeCloseTo(8, 12);
  });
});

function goldPage(id: string, gold: string): GoldPage {
  return { id, site: 'x.example', path: '', url: '', source: 'wcxb', gold, pageType: 'article' };
}

const articleSnapshot = () => buildSnapshot([
  { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
  { parent: 0, tag: 'nav', rect: [0, 0, 1280, 100], text: 'Home News Sport Weather' },
  { parent: 0, tag: 'article', rect: [0, 100, 1280, 1500], text: 'The council voted on Tuesday to close the old bridge for repairs.' },
  { parent: 0, tag: 'footer', rect: [0, 1600, 1280, 300], text: 'Copyright Valley News' },
]);

describe('labelGoldPages', () => {
  it('labels pages whose gold is on the page, and leaves out those whose gold mostly is not', () => {
    const { labelled, skipped } = labelGoldPages([
      { page: goldPage('wcxb-1', 'The council voted on Tuesday to close the old bridge for repairs.'), snapshot: articleSnapshot() },
      { page: goldPage('wcxb-2', 'A story that this saved page never loaded, about something else entirely.'), snapshot: articleSnapshot() },
      { page: goldPage('wcxb-3', '  '), snapshot: articleSnapshot() },
    ]);
    expect(labelled.map((p) => p.page.id)).toEqual(['wcxb-1']);
    expect(Array.from(labelled[0].labels)).toEqual([0, 1, 0, 1]);
    expect(labelled[0].goldFound).toBe(1);
    expect(skipped.map((s) => s.id)).toEqual(['wcxb-2', 'wcxb-3']);
  });
});

describe('L3S content text and the alignment check', () => {
  // body > [nav (class 0 span), article (class 2 span) > b (class 0 span inside: a share box)]
  const snapshot = buildSnapshot([
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
    { parent: 0, tag: 'span', rect: [0, 0, 1280, 100], text: 'Home News Sport' },
    { parent: 0, tag: 'span', rect: [0, 100, 1280, 1500], text: 'The council voted to close the bridge.' },
    { parent: 2, tag: 'span', rect: [0, 1500, 1280, 100], text: 'Share this' },
  ]);
  const spans = Int8Array.from([-1, 0, 2, 0]);

  it('keeps the text whose innermost span is content', () => {
    expect(l3sContentText(snapshot, spans).trim()).toBe('the council voted to close the bridge');
  });

  it('agrees with the human labels it came from', () => {
    const labels = Int8Array.from([0, 1, 0, 1]);
    const a = alignmentAgreement([{ snapshot, labels, spans }]);
    expect(a).toEqual({ pages: 1, humanNodes: 4, bothNodes: 4, agreement: 1 });
  });
});

describe('Dragnet gold pages', () => {
  const names = Array.from({ length: 200 }, (_, k) => `site${k}.example`);
  const heldOut = names.find((s) => fnv1a(s) % 100 < DRAGNET_HOLDOUT_PERCENT)!;
  const train = names.find((s) => fnv1a(s) % 100 >= DRAGNET_HOLDOUT_PERCENT)!;

  it('splits by site, keeps comments as content without the separator line, and gives held-out pages no address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'winnow-dragnet-gold-'));
    mkdirSync(join(dir, 'html'));
    mkdirSync(join(dir, 'gold'));
    writeFileSync(join(dir, 'sites.json'), JSON.stringify({ [train]: ['1.html'], [heldOut]: ['2.html'] }));
    for (const k of [1, 2]) {
      writeFileSync(join(dir, 'html', `${k}.html`), '<p>x</p>');
      writeFileSync(join(dir, 'gold', `${k}.txt`), `Story ${k}\n!@#$%^&*()  COMMENTS\nGreat post!\n`);
    }
    const split = await dragnetGoldPages(dir);
    expect(split.train.map((p) => [p.id, p.site, p.url])).toEqual([['dragnet-1', train, `http://${train}/`]]);
    expect(split.test.map((p) => [p.id, p.site, p.url])).toEqual([['dragnet-2', heldOut, '']]);
    expect(split.train[0].gold).toBe('Story 1\n\nGreat post!\n');
  });
});

describe('variantTrainingPages with gold labels', () => {
  const snapshot = articleSnapshot();
  const human = { page: { id: 'l3s-1', site: 'l.example', path: '', url: '' }, snapshot, labels: Int8Array.from([0, 1, 0, 1]), spans: new Int8Array(4) };
  const gold = (id: string, source: 'dragnet' | 'wcxb') =>
    ({ page: { ...goldPage(id, ''), source }, snapshot, labels: Int8Array.from([0, 1, 0, -1]), goldFound: 1 });
  const corpus = {
    l3sTrain: [human], dragnetTrain: [], dragnetGoldTrain: [gold('dragnet-1', 'dragnet')], wcxbTrain: [gold('wcxb-1', 'wcxb')],
  } as unknown as TrainingCorpus;
  const run: SiteLevelRun = { labels: new Map(), l3sSites: [], dragnetSites: [], ianaLabels: new Map() };

  it('pools every labelled source for all, and only the gold-aligned ones for gold, tagged by source', () => {
    expect(variantTrainingPages('all', corpus, run).map((p) => p.source)).toEqual(['l3s', 'dragnet', 'wcxb']);
    expect(variantTrainingPages('gold', corpus, run).map((p) => p.source)).toEqual(['dragnet', 'wcxb']);
    expect(variantTrainingPages('l3s', corpus, run).map((p) => p.source)).toEqual(['l3s']);
  });
});

describe('model card: held-out sets per source', () => {
  const evaluation = (auc: number) => ({ rows: 3, auc, precision: 1, recall: 1, f1: 0.9, contentF1: 0.8, accuracy: 1, summary: '' });
  const rows = { features: { rows: 3, cols: 0, data: new Float32Array() }, labels: Uint8Array.from([1, 0, 1]),
    areaFractions: new Float64Array(3), pageOfRow: new Uint32Array(3), pages: 2 };
  const smooth = { method: 'PageLevel Smooth' as const, text: { precision: 1, recall: 1, f: 0.5 },
    anchorText: { precision: 1, recall: 1, f: 0.6 }, links: { precision: 1, recall: 1, f: 0.7 } };
  const model = (name: string, auc: number) =>
    ({ name, measurement: { evaluation: evaluation(auc), heldOut: [evaluation(auc), evaluation(NaN)], templateEval: [smooth] } });

  it('has a row per held-out set and a column per model', () => {
    const text = heldOutSourcesSection(
      [{ name: 'L3S held-out sites', labelledBy: 'people', rows }, { name: 'wcxb-dev held-out: forum', labelledBy: 'gold-aligned', rows }],
      [model('shipped', 0.9), model('all (source)', 0.95)],
    );
    expect(text).toContain('| held-out set | labels | pages | nodes (template) | shipped | all (source) |');
    expect(text).toContain('| L3S held-out sites | people | 2 | 3 (2) | 0.900 | 0.950 |');
    expect(text).toContain('| wcxb-dev held-out: forum | gold-aligned | 2 | 3 (2) | – | – |');
    expect(text).toContain('| L3S held-out sites | people | 2 | 3 (2) | 0.900 / 0.800 | 0.900 / 0.800 |');
    expect(text).toContain('| 0.500 / 0.600 / 0.700 | 0.500 / 0.600 / 0.700 |');
  });
});
