// The personal model in the background: "improve" needs labels with feature rows of both kinds on two pages, fits
// the bundled model (with its prior, the real files of public/model) on them and keeps it; runs then get it, its
// version saying "personal"; a damaged one is dropped with a problem and runs get the bundled model; reset removes it.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { LabelledSegment, PageLabels } from '../../extension/shared/labelsApi.ts';
import { FEATURE_COUNT, FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import { segmentTextHash } from '../../src/labels/segmentText.ts';
import { fitPersonalModel } from '../../src/model/personalFit.ts';
import { parseModelWeights } from '../../src/model/weights.ts';
import { memoryArea } from './extensionFakeStorage.ts';

const MODEL_JSON = JSON.parse(readFileSync('public/model/winnow-lr-v3.json', 'utf8'));
const PRIOR_JSON = JSON.parse(readFileSync('public/model/winnow-lr-v3.prior.json', 'utf8'));

// The background reads its model files from the extension: served here from public/model.
vi.mock('webextension-polyfill', () => ({ default: { runtime: { getURL: (path: string) => `chrome-extension://x/${path}` } } }));
vi.stubGlobal('fetch', async (url: string) => {
  const json = url.endsWith('.prior.json') ? PRIOR_JSON : url.endsWith('winnow-lr-v3.json') ? MODEL_JSON : null;
  return { ok: json !== null, json: async () => structuredClone(json) };
});
const { bundledModel, bundledPrior, modelInUse } = await import('../../extension/background/modelFile.ts');
const { improveModel, TOO_FEW_LABELS, trainingRowsOf } = await import('../../extension/background/improveModel.ts');
const { PERSONAL_MODEL_KEY, PersonalModelStore } = await import('../../extension/background/personalModelStore.ts');
const { agreementText, labelsLookUsable } = await import('../../extension/popup/modelPanel.ts');


/** A labelled segment whose nodes all have the feature values `value` (rows of this build's width unless told). */
function segment(selector: string, label: 'template' | 'content', rows: number[][] | null): LabelledSegment {
  const textHash = segmentTextHash(selector);
  return {
    record: { selector, xpath: null, textHash, label, labelledAt: '2026-05-01T10:00:00.000Z' },
    annotation: { selector, xpath: null, rect: { x: 0, y: 0, width: 10, height: 10 }, score: 0.5, label, humanLabel: label,
      parentSegment: -1, text: selector, textHash, labelledAt: '2026-05-01T10:00:00.000Z' },
    rows: rows && { features: rows, areaFractions: rows.map(() => 0.05) },
  };
}

const row = (v: number, width: number = FEATURE_COUNT) => Array.from({ length: width }, (_, j) => (j % 3 === 0 ? v : 0));
const page = (url: string, segments: LabelledSegment[]): PageLabels =>
  ({ url, title: url, viewport: { width: 1280, height: 800 }, segments });

function setup(pages: PageLabels[]) {
  const { area, data } = memoryArea();
  const warnings: string[] = [];
  const store = new PersonalModelStore(area, (m) => warnings.push(m));
  const deps = { pages: async () => pages, bundled: bundledModel, prior: bundledPrior, fit: fitPersonalModel, store };
  return { store, data, warnings, deps };
}

const enough = [
  page('https://a.example/1', [segment('#nav', 'template', [row(1), row(2)]), segment('#story', 'content', [row(0)])]),
  page('https://b.example/2', [segment('#menu', 'template', [row(1)]), segment('#text', 'content', [row(0)])]),
];

describe('personal model', () => {
  it('takes only labels with rows of this build\'s width', () => {
    const rows = trainingRowsOf([page('https://a.example/1', [
      segment('#a', 'template', [row(1)]), segment('#b', 'content', null), segment('#c', 'content', [row(1, 5)]),
    ])]);
    expect(rows.map((r) => [r.page, r.label, r.features.length])).toEqual([['https://a.example/1', 'template', 1]]);
  });

  it('refuses to fit with too few usable labels, with what to do', async () => {
    for (const pages of [
      [], // nothing labelled
      [enough[0]], // one page
      [page('https://a.example/1', [segment('#a', 'template', [row(1)])]), page('https://b.example/2', [segment('#b', 'template', [row(1)])])],
      // both kinds on two pages, but the content ones were imported and never ran (no rows)
      [page('https://a.example/1', [segment('#a', 'template', [row(1)]), segment('#b', 'content', null)]),
        page('https://b.example/2', [segment('#c', 'template', [row(1)]), segment('#d', 'content', null)])],
    ]) {
      const { deps, data } = setup(pages);
      await expect(improveModel(deps)).rejects.toThrow(TOO_FEW_LABELS);
      expect(data).toEqual({});
    }
    expect(TOO_FEW_LABELS).toBe('Label at least one template and one content segment on two pages first');
  });

  it('fits, keeps and serves the personal model; reset goes back to the bundled one', async () => {
    const { deps, store, data } = setup(enough);
    const bundled = await modelInUse(store);
    expect(bundled).toMatchObject({ personal: false, problem: null });
    expect(bundled.version).not.toContain('personal');

    const info = await improveModel(deps);
    expect(info).toMatchObject({ pages: 2, segments: 4, rows: 5 });
    expect(info.version).toContain('personal');
    expect(info.version.startsWith(bundled.version)).toBe(true);
    expect(data[PERSONAL_MODEL_KEY]).toBeDefined();

    const used = await modelInUse(store);
    expect(used).toMatchObject({ personal: true, version: info.version, problem: null });
    expect(() => parseModelWeights(used.json, FEATURE_SCHEMA)).not.toThrow();
    expect(used.json).not.toEqual(bundled.json);
    expect((await store.load())?.info).toEqual(info);

    expect(await store.reset()).toBe(true);
    expect(await modelInUse(store)).toMatchObject({ personal: false, version: bundled.version });
    expect(await store.reset()).toBe(false);
  });

  it('drops a damaged personal model with a problem, and runs get the bundled model', async () => {
    const { deps, store, data, warnings } = setup(enough);
    await improveModel(deps);
    (data[PERSONAL_MODEL_KEY] as { weights: { models: unknown[] } }).weights.models = [1, 2];
    const used = await modelInUse(store);
    expect(used.personal).toBe(false);
    expect(used.problem).toMatch(/^Your personal model was damaged \(model weights: models must be a list of 4\): it was dropped/);
    expect(warnings).toHaveLength(1);
    expect(data[PERSONAL_MODEL_KEY]).toBeUndefined();
    // A model whose version does not say "personal" is not taken for one.
    const fitted = fitPersonalModel(MODEL_JSON, await bundledPrior(MODEL_JSON), trainingRowsOf(enough));
    await expect(store.save({ weights: fitted.model, info: { ...fitted.info, version: 'winnow-lr-buckets@v1' } }))
      .rejects.toThrow(/does not say personal/);
  });
});

describe('the popup\'s model section', () => {
  const summary = (url: string, template: number, content: number, withoutRows: number) =>
    ({ url, title: url, template, content, withoutRows, updatedAt: '2026-05-01T10:00:00.000Z' });

  it('offers "Improve" only when labels with rows of both kinds are on two pages', () => {
    expect(labelsLookUsable([summary('a', 1, 1, 0), summary('b', 1, 0, 0)])).toBe(true);
    expect(labelsLookUsable([summary('a', 1, 1, 0)])).toBe(false);
    expect(labelsLookUsable([summary('a', 1, 1, 2), summary('b', 1, 1, 0)])).toBe(false);
    expect(labelsLookUsable([summary('a', 2, 0, 0), summary('b', 1, 0, 0)])).toBe(false);
  });

  it('says the held-out agreement before and after in words and numbers', () => {
    const info = { trainedAt: '2026-05-01T10:00:00.000Z', version: 'x+personal', pages: 4, segments: 10, rows: 30,
      heldOut: { pages: 4, segments: 10, before: 0.6, after: 0.9 } };
    expect(agreementText(info)).toBe('Fitted on 10 labelled segments (30 elements) on 4 pages. On pages held out from ' +
      'the fit (4 pages, 10 segments) your model agrees with your labels more often than the bundled model: 60% before, ' +
      '90% after.');
    expect(agreementText({ ...info, heldOut: { ...info.heldOut, after: 0.5 } })).toContain('less often than');
    expect(agreementText({ ...info, heldOut: null })).toMatch(/no before\/after measure yet\.$/);
    expect(agreementText({ ...info, heldOut: { ...info.heldOut, by: 'site' } })).toContain('On sites held out from the fit (');
  });
});
