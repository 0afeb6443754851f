import { captureLabelledPages, type CapturedPage } from '../datasets/captureLabelled.ts';
import { loadL3sPages } from '../datasets/l3sPages.ts';
import { splitBySite } from '../datasets/siteSplit.ts';
import type { LabelledPage } from '../datasets/labelledPage.ts';
import { dragnetTrainingPages } from '../datasets/dragnetPages.ts';
import { loadIanaPages } from '../datasets/ianaPages.ts';
import { dragnetGoldPages, wcxbGoldPages, type GoldPage } from '../datasets/goldPages.ts';
import { labelGoldPages, type GoldLabelledPage } from './goldLabelling.ts';

export type CapturedOk = Extract<CapturedPage, { snapshot: unknown }>;

export interface CorpusSources {
  l3s: string;
  dragnet?: string;
  /** wcxb-dev (Scrapinghub format): its training sites are trained on with gold-aligned labels, its held-out measured. */
  wcxb?: string;
  iana?: string;
  /** Only the first N pages (by id) of each set (L3S; training and held-out sides of Dragnet and wcxb-dev), for quick runs. */
  limit?: number;
  holdoutPercent: number;
  /**
   * Without gold labels (`goldLabels` false), Dragnet sites with fewer pages are not loaded: SiteLevel would not label
   * them and they would only cost capture time.
   */
  minSitePages: number;
  /** Load every Dragnet training page with its gold, and Dragnet's held-out sites for measuring. */
  goldLabels: boolean;
  useCache: boolean;
}

/**
 * Every page training and evaluation use, captured, in a fixed order (page ids sorted within each set):
 * - L3S, split by site (FNV-1a, `holdoutPercent`): training pages, and held-out pages that every label variant is
 *   measured on with their human labels;
 * - Dragnet, split by site with the content evaluation's hold-out: training pages (SiteLevel labels on sites with
 *   enough pages, gold-aligned labels on every page), and, with gold labels, the held-out sites' pages to measure on;
 * - wcxb-dev, split by its fixed site split: gold-aligned labels on both sides, only the training side trained on;
 * - iana, held out whole: one unseen site with its real CSS, measured against its own SiteLevel labels.
 */
export interface TrainingCorpus {
  l3sTrain: CapturedOk[];
  l3sTest: CapturedOk[];
  dragnetTrain: CapturedOk[];
  iana: CapturedOk[];
  dragnetHeldOutSites: string[];
  /** Gold-aligned pages (empty without gold labels); pages whose gold is mostly missing on the page are in `goldSkipped`. */
  dragnetGoldTrain: GoldLabelledPage[];
  dragnetGoldTest: GoldLabelledPage[];
  wcxbTrain: GoldLabelledPage[];
  wcxbTest: GoldLabelledPage[];
  goldSkipped: Array<{ id: string; reason: string }>;
  counts: {
    l3sTrain: number; l3sTest: number; dragnetTrain: number; dragnetTest: number; wcxbTrain: number; wcxbTest: number;
    iana: number;
  };
  /** Pages rendered in Chromium by this run, and pages whose capture came from the cache. */
  captureStats: { rendered: number; cached: number };
  /** Seconds spent rendering or reading captures. */
  captureSeconds: number;
  failed: Array<{ id: string; error: string }>;
}

export async function loadTrainingCorpus(src: CorpusSources, log: (s: string) => void): Promise<TrainingCorpus> {
  const allL3s = await loadL3sPages(src.l3s);
  const { train: l3sTrain, test: l3sTest } = splitBySite(src.limit ? allL3s.slice(0, src.limit) : allL3s, src.holdoutPercent);
  let dragnetTrain: LabelledPage[] = [];
  let dragnetTest: GoldPage[] = [];
  let dragnetHeldOutSites: string[] = [];
  if (src.dragnet && src.goldLabels) {
    const split = await dragnetGoldPages(src.dragnet);
    dragnetTrain = split.train;
    dragnetTest = split.test;
    dragnetHeldOutSites = [...new Set(split.test.map((p) => p.site))].sort();
  } else if (src.dragnet) {
    ({ train: dragnetTrain, heldOutSites: dragnetHeldOutSites } = await dragnetTrainingPages(src.dragnet, src.minSitePages));
  }
  const wcxb = src.wcxb ? await wcxbGoldPages(src.wcxb) : { train: [], test: [] };
  if (src.limit) {
    [dragnetTrain, dragnetTest, wcxb.train, wcxb.test] = [dragnetTrain, dragnetTest, wcxb.train, wcxb.test]
      .map((pages) => pages.slice(0, src.limit)) as [LabelledPage[], GoldPage[], GoldPage[], GoldPage[]];
  }
  const iana = src.iana ? await loadIanaPages(src.iana) : [];
  log(`l3s: ${l3sTrain.length + l3sTest.length} pages, ${l3sTrain.length} for training, ${l3sTest.length} held out (by site)`);
  if (src.dragnet) {
    log(src.goldLabels
      ? `dragnet: ${dragnetTrain.length} pages of training sites, ${dragnetTest.length} pages of ` +
        `${dragnetHeldOutSites.length} held-out sites (measured on, never trained on)`
      : `dragnet: ${dragnetTrain.length} pages of training sites with ≥ ${src.minSitePages} pages; held-out sites ` +
        `never loaded: ${dragnetHeldOutSites.length}`);
  }
  if (src.wcxb) log(`wcxb: ${wcxb.train.length} training pages, ${wcxb.test.length} held out (by site)`);
  if (src.iana) log(`iana: ${iana.length} pages, held out (one unseen site with its CSS)`);

  const sets = { l3sTrain, l3sTest, dragnetTrain, dragnetTest, wcxbTrain: wcxb.train, wcxbTest: wcxb.test, iana };
  const captureStats = { rendered: 0, cached: 0 };
  const started = performance.now();
  const captured = await captureLabelledPages(Object.values(sets).flat(), { useCache: src.useCache, log, stats: captureStats });
  const captureSeconds = (performance.now() - started) / 1000;
  const byId = new Map(captured.map((c) => [c.page.id, c]));
  const failed = captured.flatMap((c) => ('error' in c ? [{ id: c.page.id, error: c.error }] : []));
  for (const f of failed) log(`skipped ${f.id}: ${f.error}`);
  const ok = (pages: LabelledPage[]) => pages.map((p) => byId.get(p.id)!).filter((c): c is CapturedOk => 'snapshot' in c);
  const goldSkipped: TrainingCorpus['goldSkipped'] = [];
  const gold = (pages: LabelledPage[]) => {
    const r = labelGoldPages(ok(pages).map((c) => ({ page: c.page as GoldPage, snapshot: c.snapshot })));
    goldSkipped.push(...r.skipped);
    return r.labelled;
  };
  const corpus: TrainingCorpus = {
    l3sTrain: ok(l3sTrain),
    l3sTest: ok(l3sTest),
    dragnetTrain: ok(dragnetTrain),
    iana: ok(iana),
    dragnetHeldOutSites,
    dragnetGoldTrain: src.goldLabels ? gold(dragnetTrain) : [],
    dragnetGoldTest: src.goldLabels ? gold(dragnetTest) : [],
    wcxbTrain: gold(wcxb.train),
    wcxbTest: gold(wcxb.test),
    goldSkipped,
    counts: {
      l3sTrain: l3sTrain.length, l3sTest: l3sTest.length, dragnetTrain: dragnetTrain.length,
      dragnetTest: dragnetTest.length, wcxbTrain: wcxb.train.length, wcxbTest: wcxb.test.length, iana: iana.length,
    },
    captureStats,
    captureSeconds,
    failed,
  };
  for (const s of goldSkipped) log(`no gold labels for ${s.id}: ${s.reason}`);
  return corpus;
}
