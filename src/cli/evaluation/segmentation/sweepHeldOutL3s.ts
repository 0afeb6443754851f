import { join } from 'node:path';
import { SHARED_DATA_DIR } from '../../datasets/dataPaths.ts';
import { L3S_HOLDOUT_PERCENT, loadL3sPages } from '../../datasets/l3sPages.ts';
import { splitBySite } from '../../datasets/siteSplit.ts';
import { captureLabelledPages } from '../../datasets/captureLabelled.ts';
import type { PageSnapshot } from '../../../snapshot/pageSnapshot.ts';

export interface HeldOutL3s {
  pages: Array<{ id: string; snapshot: PageSnapshot; spans: Int8Array }>;
  failed: Array<{ id: string; reason: string }>;
  captureSeconds: number;
}

/**
 * The held-out L3S-GN1 pages (the same split as training, by site hash), captured through the training capture and
 * its cache in .cache/capture, so after `winnow train` nothing is rendered again.
 */
export async function loadHeldOutL3s(opts: { limit?: number; log: (s: string) => void }): Promise<HeldOutL3s> {
  const all = await loadL3sPages(join(SHARED_DATA_DIR, 'l3s-gn1.tar.gz'));
  const { test } = splitBySite(all, L3S_HOLDOUT_PERCENT);
  const pages = opts.limit ? test.slice(0, opts.limit) : test;
  const t0 = Date.now();
  const captured = await captureLabelledPages(pages, { useCache: true, log: opts.log });
  const captureSeconds = (Date.now() - t0) / 1000;
  const ok: HeldOutL3s['pages'] = [];
  const failed: HeldOutL3s['failed'] = [];
  for (const c of captured) {
    if ('error' in c) failed.push({ id: c.page.id, reason: c.error });
    else ok.push({ id: c.page.id, snapshot: c.snapshot, spans: c.spans });
  }
  return { pages: ok, failed, captureSeconds };
}
