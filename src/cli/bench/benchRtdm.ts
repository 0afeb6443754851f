/**
 * Runnable check of RTDM-TD template detection (src/site/rtdm, Vieira et al. 2006) on the real pages of one site:
 *
 *   npx tsx src/cli/bench/benchRtdm.ts [--labels text|structure|both] [--draws N] [--repeat N] [--exclude PAGE_ID …]
 *
 * Reads the 16 pages of ../shared/data/iana.tar.gz from the capture cache (.cache/capture/<capture code hash>/, the
 * training captures) or, when they are not there, renders them in headless Chromium with their CSS. Then, per label
 * mode:
 * - node counts and skeleton bytes per page (what the site memory stores per page remembered);
 * - RTDM-TD time over all pairs of pages (each pair timed `--repeat` times, the pair's median kept): median and p95;
 * - FindTemplate with K = 2, 5, 10 pages drawn at random (`--draws` draws per K, the paper's RandomPick), then the
 *   linear removal on every page: template nodes, draws whose template is the root alone, share of nodes and of own
 *   words marked template on the K pages and on the pages the template had not seen, and how the linear removal
 *   compares with the full RTDM-TD mapping of the template into the page: pages where it finds as many nodes, and
 *   where it finds the very same nodes (they differ on ties: of two equal list items the greedy walk takes the
 *   first, the mapping the last), and all nodes the removal finds over all the mapping finds.
 * `--exclude` leaves pages out (iana's home page has its own layout: an extra wrapper around the whole page).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CACHE_DIR } from '../datasets/dataPaths.ts';
import { SHARED_DATA_DIR } from '../datasets/dataPaths.ts';
import { callPage, captureCodeHash } from '../browser/pageScript.ts';
import { launchBrowser, offlineContext, openPage } from '../browser/chromium.ts';
import { percentile } from '../evaluation/stats.ts';
import { loadIanaPages } from '../datasets/ianaPages.ts';
import type { LabelledPage } from '../datasets/labelledPage.ts';
import { snapshotFromJson, type SnapshotJson } from '../../snapshot/snapshotJson.ts';
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { seededRandom } from '../../util/seededRandom.ts';
import {
  encodeSkeleton, findTemplate, removeTemplate, retrieveTemplate, rtdmTd, skeletonFromSnapshot, templateShare,
  type LabelMode, type Skeleton,
} from '../../site/rtdm/index.ts';

interface SitePage { page: LabelledPage; snapshot: PageSnapshot }

/** Cached captures where the training run left them; otherwise a fresh render of the pages that are missing. */
async function loadPages(pages: LabelledPage[]): Promise<{ pages: SitePage[]; cached: number }> {
  const dir = join(CACHE_DIR, 'capture', await captureCodeHash());
  const out: Array<SitePage | null> = [];
  for (const page of pages) {
    const file = join(dir, `${page.id}.json`);
    if (!existsSync(file)) {
      out.push(null);
      continue;
    }
    const json = JSON.parse(await readFile(file, 'utf8')) as { snapshot: SnapshotJson };
    out.push({ page, snapshot: snapshotFromJson(json.snapshot) });
  }
  const cached = out.filter(Boolean).length;
  const missing = pages.filter((_, k) => !out[k]);
  if (missing.length > 0) {
    const rendered = await capturePages(missing);
    for (const [k, p] of pages.entries()) if (!out[k]) out[k] = { page: p, snapshot: rendered.get(p.id)! };
  }
  return { pages: out as SitePage[], cached };
}

async function capturePages(pages: LabelledPage[]): Promise<Map<string, PageSnapshot>> {
  const resources = new Map(pages.flatMap((p) => Object.entries(p.resources ?? {})));
  const browser = await launchBrowser();
  try {
    const context = await offlineContext(browser);
    await context.route((url) => resources.has(url.href), (route) => route.fulfill({ path: resources.get(route.request().url())! }));
    const out = new Map<string, PageSnapshot>();
    for (const p of pages) {
      const tab = await openPage(context, pathToFileURL(p.path).href, 30_000);
      try {
        out.set(p.id, snapshotFromJson(await callPage(tab, 'capture')));
      } finally {
        await tab.close();
      }
    }
    return out;
  } finally {
    await browser.close();
  }
}

const ms = (x: number) => x.toFixed(x < 10 ? 2 : 1);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const median = (xs: number[]) => percentile(xs, 50);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

function timed<T>(f: () => T): { value: T; ms: number } {
  const t = performance.now();
  const value = f();
  return { value, ms: performance.now() - t };
}

/** Median of `repeat` timings of f. */
function medianMs(f: () => unknown, repeat: number): number {
  return median(Array.from({ length: repeat }, () => timed(f).ms));
}

/** K distinct page indices out of n, by the paper's RandomPick. */
function drawPages(n: number, k: number, random: () => number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, k);
}

function sameMask(a: Uint8Array, b: Uint8Array): number {
  let differ = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++;
  return differ;
}

function report(site: SitePage[], mode: LabelMode, draws: number, repeat: number): void {
  const skeletons = site.map((p) => skeletonFromSnapshot(p.snapshot, { labels: mode }));
  const convertMs = site.map((p) => medianMs(() => skeletonFromSnapshot(p.snapshot, { labels: mode }), repeat));
  const bytes = skeletons.map((s) => encodeSkeleton(s).length);
  const nodes = skeletons.map((s) => s.parent.length);
  console.log(`\n=== labels: ${mode} ===`);
  console.log('page                                          nodes  skeleton bytes  bytes/node  skeleton ms');
  site.forEach((p, k) => {
    console.log(`${p.page.id.padEnd(44)} ${String(nodes[k]).padStart(6)}  ${String(bytes[k]).padStart(14)}  ` +
      `${(bytes[k] / nodes[k]).toFixed(2).padStart(10)}  ${ms(convertMs[k]).padStart(11)}`);
  });
  console.log(`stored bytes per page: mean ${Math.round(mean(bytes))}, median ${median(bytes)}, max ${Math.max(...bytes)}; ` +
    `total for all ${site.length} pages ${bytes.reduce((a, b) => a + b, 0)} (page text ${site.reduce((a, p) => a + p.snapshot.text.length, 0)} chars, never stored)`);

  // RTDM-TD over every pair of pages.
  timed(() => rtdmTd(skeletons[0], skeletons[1])); // warm-up
  const pairMs: number[] = [];
  const pairCells: number[] = [];
  let slowest = { ms: 0, a: 0, b: 0 };
  for (let a = 0; a < skeletons.length; a++) {
    for (let b = a + 1; b < skeletons.length; b++) {
      const t = medianMs(() => rtdmTd(skeletons[a], skeletons[b]), repeat);
      pairMs.push(t);
      pairCells.push(rtdmTd(skeletons[a], skeletons[b]).cells);
      if (t > slowest.ms) slowest = { ms: t, a, b };
    }
  }
  console.log(`RTDM-TD over ${pairMs.length} page pairs: median ${ms(median(pairMs))} ms, p95 ${ms(percentile(pairMs, 95))} ms, ` +
    `max ${ms(slowest.ms)} ms (${nodes[slowest.a]} × ${nodes[slowest.b]} nodes); matrix cells filled (both passes): ` +
    `median ${median(pairCells)}, max ${Math.max(...pairCells)} (n1·n2: median ${median(pairCellsFull(nodes))}, ` +
    `max ${Math.max(...pairCellsFull(nodes))})`);

  // FindTemplate with K pages, then linear removal from every page of the site.
  console.log('K   draws  template nodes (mean / median)  root only  findTemplate ms  node share (seen / unseen)  ' +
    'own-word share (seen / unseen)  removal ms/page  pages: as many / same nodes  found by removal / mapping');
  for (const k of [2, 5, 10]) {
    const random = seededRandom(1000 + k);
    const rows = { size: [] as number[], findMs: [] as number[], removeMs: [] as number[] };
    const share = { seenNodes: [] as number[], unseenNodes: [] as number[], seenWords: [] as number[], unseenWords: [] as number[] };
    let agree = 0;
    let identical = 0;
    let compared = 0;
    let rootOnly = 0;
    let removalFound = 0;
    let mappingFound = 0;
    for (let d = 0; d < draws; d++) {
      const picked = drawPages(skeletons.length, k, random);
      const found = timed(() => findTemplate(picked.map((i) => skeletons[i])));
      const template: Skeleton = found.value;
      rows.size.push(template.parent.length);
      if (template.parent.length <= 1) rootOnly++;
      rows.findMs.push(found.ms);
      site.forEach((p, i) => {
        const removal = timed(() => removeTemplate(template, skeletons[i]));
        rows.removeMs.push(removal.ms);
        const s = templateShare(p.snapshot, removal.value);
        const seen = picked.includes(i);
        (seen ? share.seenNodes : share.unseenNodes).push(s.templateNodes / s.nodes);
        (seen ? share.seenWords : share.unseenWords).push(s.words ? s.templateWords / s.words : 0);
        // The full optimal mapping of the template into the page, read from the page's side.
        const mapped = retrieveTemplate(rtdmTd(template, skeletons[i]), 'second');
        compared++;
        const byMapping = mapped.reduce((a, b) => a + b, 0);
        if (s.templateNodes === byMapping) agree++;
        if (sameMask(mapped, removal.value) === 0) identical++;
        removalFound += s.templateNodes;
        mappingFound += byMapping;
      });
    }
    const pair = (a: number[], b: number[]) => `${pct(mean(a))} / ${b.length ? pct(mean(b)) : '—'}`;
    const size = `${mean(rows.size).toFixed(1)} / ${median(rows.size)}`;
    console.log(`${String(k).padEnd(3)} ${String(draws).padStart(5)}  ${size.padStart(30)}  ` +
      `${String(rootOnly).padStart(9)}  ${ms(median(rows.findMs)).padStart(15)}  ` +
      `${pair(share.seenNodes, share.unseenNodes).padStart(26)}  ${pair(share.seenWords, share.unseenWords).padStart(30)}  ` +
      `${ms(mean(rows.removeMs)).padStart(15)}  ${`${agree} / ${identical} of ${compared}`.padStart(27)}  ` +
      `${pct(removalFound / Math.max(1, mappingFound)).padStart(26)}`);
  }
}

function pairCellsFull(nodes: number[]): number[] {
  const out: number[] = [];
  for (let a = 0; a < nodes.length; a++) for (let b = a + 1; b < nodes.length; b++) out.push(nodes[a] * nodes[b]);
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      labels: { type: 'string', default: 'both' },
      draws: { type: 'string', default: '10' },
      repeat: { type: 'string', default: '5' },
      exclude: { type: 'string', multiple: true, default: [] },
    },
  });
  const modes: LabelMode[] = values.labels === 'both' ? ['text', 'structure'] : [values.labels as LabelMode];
  if (!modes.every((m) => m === 'text' || m === 'structure')) throw new Error('--labels must be text, structure or both');
  const draws = Number(values.draws);
  const repeat = Number(values.repeat);
  const t = performance.now();
  const all = await loadIanaPages(join(SHARED_DATA_DIR, 'iana.tar.gz'));
  const exclude = new Set(values.exclude);
  const unknown = [...exclude].filter((id) => !all.some((p) => p.id === id));
  if (unknown.length) throw new Error(`--exclude: no page ${unknown.join(', ')} (ids: ${all.map((p) => p.id).join(', ')})`);
  const { pages, cached } = await loadPages(all.filter((p) => !exclude.has(p.id)));
  console.log(`iana: ${pages.length} pages (${cached} from the capture cache${exclude.size ? `; left out: ${[...exclude].join(', ')}` : ''}) ` +
    `in ${((performance.now() - t) / 1000).toFixed(1)} s; node ${process.version}`);
  for (const mode of modes) report(pages, mode, draws, repeat);
}

main().catch((e) => {
  console.error(`benchRtdm: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
