import { captureLabelledPages, type CapturedPage } from './captureLabelled.ts';
import { loadL3sPages, splitBySite, type LabelledPage } from './l3sPages.ts';
import { dragnetTrainingPages } from './dragnetPages.ts';
import { loadIanaPages } from './ianaPages.ts';

export type CapturedOk = Extract<CapturedPage, { snapshot: unknown }>;

export interface CorpusSources {
  l3s: string;
  dragnet?: string;
  iana?: string;
  /** Only the first N L3S pages (by id), for quick runs. */
  limit?: number;
  holdoutPercent: number;
  /** Dragnet sites with fewer pages are not loaded (SiteLevel would not label them). */
  minSitePages: number;
  useCache: boolean;
}

/**
 * Every page training and evaluation use, captured, in a fixed order (page ids sorted within each set):
 * - L3S, split by site (FNV-1a, `holdoutPercent`): training pages, and held-out pages that every label variant is
 *   measured on with their human labels;
 * - Dragnet's training sites only (its held-out sites are reserved for the content evaluation and never captured);
 * - iana, held out whole: one unseen site with its real CSS, measured against its own SiteLevel labels.
 */
export interface TrainingCorpus {
  l3sTrain: CapturedOk[];
  l3sTest: CapturedOk[];
  dragnetTrain: CapturedOk[];
  iana: CapturedOk[];
  dragnetHeldOutSites: string[];
  counts: { l3sTrain: number; l3sTest: number; dragnetTrain: number; iana: number };
  /** Pages rendered in Chromium by this run, and pages whose capture came from the cache. */
  captureStats: { rendered: number; cached: number };
  failed: Array<{ id: string; error: string }>;
}

export async function loadTrainingCorpus(src: CorpusSources, log: (s: string) => void): Promise<TrainingCorpus> {
  const allL3s = await loadL3sPages(src.l3s);
  const { train: l3sTrain, test: l3sTest } = splitBySite(src.limit ? allL3s.slice(0, src.limit) : allL3s, src.holdoutPercent);
  const dragnet = src.dragnet ? await dragnetTrainingPages(src.dragnet, src.minSitePages) : { train: [], heldOutSites: [] };
  const iana = src.iana ? await loadIanaPages(src.iana) : [];
  log(`l3s: ${l3sTrain.length + l3sTest.length} pages, ${l3sTrain.length} for training, ${l3sTest.length} held out (by site)`);
  if (src.dragnet) {
    log(`dragnet: ${dragnet.train.length} pages of training sites with ≥ ${src.minSitePages} pages; held-out sites ` +
      `never loaded: ${dragnet.heldOutSites.length}`);
  }
  if (src.iana) log(`iana: ${iana.length} pages, held out (one unseen site with its CSS)`);

  const sets = { l3sTrain, l3sTest, dragnetTrain: dragnet.train, iana };
  const captureStats = { rendered: 0, cached: 0 };
  const captured = await captureLabelledPages(Object.values(sets).flat(), { useCache: src.useCache, log, stats: captureStats });
  const byId = new Map(captured.map((c) => [c.page.id, c]));
  const failed = captured.flatMap((c) => ('error' in c ? [{ id: c.page.id, error: c.error }] : []));
  for (const f of failed) log(`skipped ${f.id}: ${f.error}`);
  const ok = (pages: LabelledPage[]) => pages.map((p) => byId.get(p.id)!).filter((c): c is CapturedOk => 'snapshot' in c);
  return {
    l3sTrain: ok(l3sTrain),
    l3sTest: ok(l3sTest),
    dragnetTrain: ok(dragnet.train),
    iana: ok(iana),
    dragnetHeldOutSites: dragnet.heldOutSites,
    counts: { l3sTrain: l3sTrain.length, l3sTest: l3sTest.length, dragnetTrain: dragnet.train.length, iana: iana.length },
    captureStats,
    failed,
  };
}
