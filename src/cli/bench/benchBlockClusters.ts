/**
 * Runnable check of the block-cluster store (src/site/blockClusters, paper 001) on real pages of one site:
 *
 *   npx tsx src/cli/bench/benchBlockClusters.ts [--dataset iana] [--max-bytes N] [--window N] [--threshold T]
 *
 * Renders the 16 pages of ../shared/data/iana.tar.gz (one site, with its CSS) in headless Chromium, captures each
 * snapshot, and reports per page:
 * - "as visited": the template share judged against the pages seen before it (what the extension sees while
 *   browsing), then the store's size after adding it;
 * - "final store": the template share judged against the store after all pages were added (the page's own
 *   contribution is excluded by its address, so with a budget that holds every page this is leave-one-out), with
 *   blocks and template blocks;
 * and the store's total bytes and bytes per page, the JSON round trip and timings. Last, what the extension stores for
 * the site: a SiteMemory (SiteLevel hashes, RTDM-TD skeletons, block store, with the shipped limits) remembering the
 * pages in the same order, as JSON text bytes after each page.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sharedDataset } from '../datasets/dataPaths.ts';
import { launchBrowser, offlineContext, openPage } from '../browser/chromium.ts';
import { callPage } from '../browser/pageScript.ts';
import { snapshotFromJson } from '../../snapshot/snapshotJson.ts';
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { SiteBlockStore, templateBlocks, DEFAULT_LIMITS, TEMPLATE_DEFAULTS } from '../../site/blockClusters/index.ts';
import { SiteMemory } from '../../site/memory/siteMemory.ts';

interface IndexEntry {
  uri: string;
  content_type: string;
  file: string;
}

interface SitePage {
  name: string;
  path: string;
}

/** The HTML pages of an archive with an index.json (iana's layout), and the map from site paths to local files. */
async function sitePages(dir: string): Promise<{ pages: SitePage[]; resources: Map<string, string> }> {
  const entries = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as IndexEntry[];
  const local = (e: IndexEntry) => join(dir, e.file.replace(/^extracted\//, ''));
  const resources = new Map<string, string>();
  // The pages link their CSS by site-absolute address (/_css/…), which from a file: page is file:///_css/…
  for (const e of entries) if (e.content_type !== 'text/html') resources.set(`file://${new URL(e.uri).pathname}`, local(e));
  const pages = entries.filter((e) => e.content_type === 'text/html')
    .map((e) => ({ name: new URL(e.uri).pathname, path: local(e) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { pages, resources };
}

async function capturePages(pages: SitePage[], resources: Map<string, string>): Promise<PageSnapshot[]> {
  const browser = await launchBrowser();
  try {
    const context = await offlineContext(browser);
    await context.route((url) => resources.has(url.href), (route) => route.fulfill({ path: resources.get(route.request().url())! }));
    const out: PageSnapshot[] = [];
    for (const p of pages) {
      const page = await openPage(context, pathToFileURL(p.path).href, 30_000);
      try {
        out.push(snapshotFromJson(await callPage(page, 'capture')));
      } finally {
        await page.close();
      }
    }
    return out;
  } finally {
    await browser.close();
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(6);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dataset: { type: 'string', default: 'iana' }, 'max-bytes': { type: 'string' }, window: { type: 'string' },
      threshold: { type: 'string' },
    },
  });
  const maxBytes = values['max-bytes'] ? Number(values['max-bytes']) : DEFAULT_LIMITS.maxBytes;
  const maxPagesPerCluster = values.window ? Number(values.window) : DEFAULT_LIMITS.maxPagesPerCluster;
  const threshold = values.threshold ? Number(values.threshold) : TEMPLATE_DEFAULTS.threshold;
  const { pages, resources } = await sitePages(sharedDataset(values.dataset!));
  let t = performance.now();
  const snapshots = await capturePages(pages, resources);
  console.log(`${values.dataset}: ${snapshots.length} pages captured in ${((performance.now() - t) / 1000).toFixed(1)} s; ` +
    `maxBytes ${maxBytes}, window ${maxPagesPerCluster} pages/cluster, threshold ${threshold}`);

  const store = SiteBlockStore.create({ maxBytes, maxPagesPerCluster });
  console.log('\npage                                  words  as visited: template share   store bytes  Δ bytes  clusters  add ms');
  let addMs = 0;
  let judgeMs = 0;
  let before = store.byteSize();
  snapshots.forEach((s, k) => {
    t = performance.now();
    const seen = templateBlocks(store, s, { threshold });
    judgeMs += performance.now() - t;
    t = performance.now();
    store.addPage(s);
    const ms = performance.now() - t;
    addMs += ms;
    const bytes = store.byteSize();
    console.log(`${pages[k].name.padEnd(36)} ${String(s.words[0]).padStart(7)}  ${pct(seen.templateWordShare).padStart(26)}` +
      `   ${String(bytes).padStart(11)}  ${String(bytes - before).padStart(7)}  ${String(store.clusterCount).padStart(8)}` +
      `  ${ms.toFixed(1).padStart(6)}`);
    before = bytes;
  });

  console.log('\npage                                  blocks  template blocks  final store: template share');
  let shareSum = 0;
  for (const [k, s] of snapshots.entries()) {
    const r = templateBlocks(store, s, { threshold });
    const withWords = r.blocks.filter((b) => b.words > 0);
    shareSum += r.templateWordShare;
    console.log(`${pages[k].name.padEnd(36)} ${String(withWords.length).padStart(7)}  ` +
      `${String(withWords.filter((b) => b.template).length).padStart(15)}  ${pct(r.templateWordShare).padStart(27)}`);
  }

  const bytes = store.byteSize();
  t = performance.now();
  const text = JSON.stringify(store.toJson());
  const back = SiteBlockStore.fromJson(JSON.parse(text));
  const roundTripMs = performance.now() - t;
  const same = JSON.stringify(back.toJson()) === text;
  console.log(`\nmean template share against the final store ${pct(shareSum / snapshots.length).trim()}`);
  console.log(`store: ${bytes} bytes for ${store.pageCount} pages = ${Math.round(bytes / Math.max(1, store.pageCount))} ` +
    `bytes/page; ${store.clusterCount} clusters; page text total ${snapshots.reduce((a, s) => a + s.text.length, 0)} chars ` +
    '(never stored)');
  console.log(`timings: add ${(addMs / snapshots.length).toFixed(1)} ms/page, judge ${(judgeMs / snapshots.length).toFixed(1)} ` +
    `ms/page, JSON round trip ${roundTripMs.toFixed(1)} ms (identical: ${same})`);
  siteMemoryBytes(snapshots);
}

/** The extension's stored form for the site, page by page: bytes of the JSON text it keeps in storage.local. */
function siteMemoryBytes(snapshots: PageSnapshot[]): void {
  const memory = SiteMemory.create();
  const sizes: number[] = [];
  let rememberMs = 0;
  for (const s of snapshots) {
    const t = performance.now();
    memory.remember(s);
    rememberMs += performance.now() - t;
    sizes.push(JSON.stringify(memory.toJson()).length);
  }
  const last = sizes[sizes.length - 1] ?? 0;
  const parts = memory.toJson();
  const part = (x: unknown) => JSON.stringify(x).length;
  console.log(`
site memory as stored (JSON text): ${last} bytes for ${memory.pageCount} pages = ` +
    `${Math.round(last / Math.max(1, memory.pageCount))} bytes/page (SiteLevel ${part(parts.siteLevel)}, ` +
    `skeletons ${part(parts.skeletons)}, blocks ${part(parts.blocks)}); after 1/2/5/10 pages: ` +
    `${[1, 2, 5, 10].map((k) => sizes[k - 1] ?? '-').join(' / ')} bytes; remember ${(rememberMs / snapshots.length).toFixed(1)} ms/page`);
}

main().catch((e) => {
  console.error(`benchBlockClusters: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
