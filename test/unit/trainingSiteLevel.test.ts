import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DRAGNET_HOLDOUT_PERCENT, dragnetTrainingPages, loadDragnetPages } from '../../src/cli/datasets/dragnetPages.ts';
import { fnv1a } from '../../src/cli/datasets/siteSplit.ts';
import type { LabelledPage } from '../../src/cli/datasets/labelledPage.ts';
import {
  DEFAULT_SITE_LEVEL_SETTINGS, mergeLabels, siteLevelTrainingLabels,
} from '../../src/cli/training/siteLevelTraining.ts';
import { variantTrainingPages, type SiteLevelRun } from '../../src/cli/training/labelVariants.ts';
import type { TrainingCorpus } from '../../src/cli/training/trainingCorpus.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';

/** Site names on either side of the fixed split, found by the same hash the split uses. */
const names = Array.from({ length: 200 }, (_, k) => `site${k}.example`);
const heldOutSite = names.find((s) => fnv1a(s) % 100 < DRAGNET_HOLDOUT_PERCENT)!;
const [trainSite, smallSite] = names.filter((s) => fnv1a(s) % 100 >= DRAGNET_HOLDOUT_PERCENT);

function dragnetFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'winnow-dragnet-'));
  mkdirSync(join(dir, 'html'));
  const sites = {
    [trainSite]: ['1.html', '2.html', '3.html'],
    [heldOutSite]: ['4.html', '5.html', '6.html'],
    [smallSite]: ['7.html'],
  };
  for (const files of Object.values(sites)) for (const f of files) writeFileSync(join(dir, 'html', f), '<p>x</p>');
  writeFileSync(join(dir, 'sites.json'), JSON.stringify(sites));
  return dir;
}

describe('Dragnet pages', () => {
  it('prefixes ids with dragnet- and points at html/N.html', async () => {
    const pages = await loadDragnetPages(dragnetFixture());
    expect(pages.map((p) => p.id)).toEqual(['dragnet-1', 'dragnet-2', 'dragnet-3', 'dragnet-4', 'dragnet-5', 'dragnet-6', 'dragnet-7']);
    expect(pages[0].path.endsWith(join('html', '1.html'))).toBe(true);
    expect(new URL(pages[0].url).hostname).toBe(trainSite);
  });

  it('never hands out a page of a held-out site for training, and drops sites with too few pages', async () => {
    const { train, heldOutSites } = await dragnetTrainingPages(dragnetFixture(), 2);
    expect(heldOutSites).toEqual([heldOutSite]);
    expect(train.map((p) => p.site)).toEqual([trainSite, trainSite, trainSite]);
    expect((await dragnetTrainingPages(dragnetFixture(), 1)).train.map((p) => p.id)).toContain('dragnet-7');
  });
});

/** A captured page of `site`: shared menu, an article of its own, and a text-free advert slot. */
function captured(site: string, k: number) {
  const page: LabelledPage = { id: `${site}-${k}`, site, path: '', url: `http://${site}/` };
  const snapshot = buildSnapshot([
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
    { parent: 0, tag: 'nav', rect: [0, 0, 1280, 100], text: 'Home News Sport' },
    { parent: 0, tag: 'article', rect: [0, 100, 1280, 1500], text: `Article ${k} of ${site}` },
    { parent: 0, tag: 'div', rect: [0, 1600, 1280, 300] },
  ]);
  return { page, snapshot, labels: Int8Array.from([0, 1, 0, -1]), spans: new Int8Array(4).fill(-1) };
}

describe('siteLevelTrainingLabels', () => {
  const settings = { ...DEFAULT_SITE_LEVEL_SETTINGS, minSitePages: 3 };

  it('labels each site with enough pages on its own, and leaves text-free non-template nodes unlabelled', () => {
    const pages = [1, 2, 3].map((k) => captured('a.example', k));
    const { labels, sites } = siteLevelTrainingLabels(pages, settings);
    expect(sites).toEqual([{ site: 'a.example', pages: 3 }]);
    expect(Array.from(labels.get('a.example-1')!)).toEqual([0, 1, 0, -1]);
  });

  it('skips sites with fewer pages than minSitePages, and does not pool two sites', () => {
    const pages = [captured('a.example', 1), captured('b.example', 1), captured('b.example', 2)];
    expect(siteLevelTrainingLabels(pages, settings).labels.size).toBe(0);
    expect(siteLevelTrainingLabels(pages, { ...settings, minSitePages: 2 }).sites).toEqual([{ site: 'b.example', pages: 2 }]);
  });

  it('does not depend on the order pages were captured in', () => {
    const pages = [3, 1, 2, 4].map((k) => captured('a.example', k));
    const one = siteLevelTrainingLabels(pages, settings).labels;
    const two = siteLevelTrainingLabels([...pages].reverse(), settings).labels;
    expect([...one.keys()]).toEqual([...two.keys()]);
    for (const [id, l] of one) expect(Array.from(two.get(id)!)).toEqual(Array.from(l));
  });

  it('merges human and SiteLevel labels, people first', () => {
    expect(Array.from(mergeLabels(Int8Array.from([1, -1, 0, -1]), Int8Array.from([0, 1, 1, -1])))).toEqual([1, 1, 0, -1]);
    const human = Int8Array.from([1, -1]);
    expect(mergeLabels(human, undefined)).toBe(human);
  });
});

describe('variantTrainingPages', () => {
  const l3s = [captured('l.example', 1), captured('l.example', 2)];
  const dragnet = [captured('d.example', 1), captured('d.example', 2)];
  const corpus = { l3sTrain: l3s, l3sTest: [], dragnetTrain: dragnet, iana: [] } as unknown as TrainingCorpus;
  const auto = Int8Array.from([0, 1, 0, 1]);
  const run: SiteLevelRun = {
    labels: new Map([['d.example-1', auto], ['d.example-2', auto], ['l.example-2', auto]]),
    l3sSites: [], dragnetSites: [], ianaLabels: new Map(),
  };

  it('uses human labels only, SiteLevel labels only, or both', () => {
    expect(variantTrainingPages('l3s', corpus, run).map((p) => Array.from(p.labels))).toEqual([[0, 1, 0, -1], [0, 1, 0, -1]]);
    expect(variantTrainingPages('sitelevel', corpus, run).map((p) => p.labels)).toEqual([auto, auto, auto]);
    expect(variantTrainingPages('both', corpus, run).map((p) => Array.from(p.labels)))
      .toEqual([[0, 1, 0, -1], [0, 1, 0, 1], [0, 1, 0, 1], [0, 1, 0, 1]]);
  });
});
