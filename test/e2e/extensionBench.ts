/**
 * `npm run bench` (second part): per Readability fixture page, the end-to-end time from pressing the toolbar button
 * to Winnow's overlay on screen, in the built extension, and side by side in the same page of the same browser the
 * time of Readability.js (@mozilla/readability) on a clone of the document. Prints median, p95 and their ratio.
 *
 *   npx tsx test/e2e/extensionBench.ts [--pages N]
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { sharedDataset } from '../../src/cli/datasets/dataPaths.ts';
import { percentile } from '../../src/cli/evaluation/stats.ts';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { ExtensionBrowser, FixtureServer } from './extensionHarness.ts';

const require = createRequire(import.meta.url);
const READABILITY_SOURCE = readFileSync(require.resolve('@mozilla/readability/Readability.js'), 'utf8');

async function main(): Promise<number> {
  const pagesArg = process.argv.indexOf('--pages');
  const limit = pagesArg > 0 ? Number(process.argv[pagesArg + 1]) : Infinity;
  const dir = sharedDataset('readability');
  const slugs = readdirSync(dir).filter((s) => existsSync(join(dir, s, 'source.html'))).sort().slice(0, limit);
  const server = new FixtureServer();
  await server.start();
  const b = new ExtensionBrowser();
  await b.start();
  const winnow: number[] = [];
  const readability: number[] = [];
  /** From the content script receiving the run request to the overlay on screen (no popup, no injection). */
  const inPage: number[] = [];
  let failures = 0;
  console.log('## Extension end to end (toolbar button → overlay on screen) vs Readability.js, same page, same browser');
  console.log('page                                     nodes   winnow ms  (in page)  readability ms');
  try {
    for (const slug of slugs) {
      const page = await b.open(server.url(`/readability/${slug}/`)).catch(() => null);
      if (!page) {
        console.log(`${slug.padEnd(40)} error: page did not load`);
        failures++;
        continue;
      }
      try {
        const readabilityMs = await page.evaluate((src) => {
          const Readability = new Function(`${src}; return Readability;`)();
          const t0 = performance.now();
          new Readability(document.cloneNode(true)).parse();
          return performance.now() - t0;
        }, READABILITY_SOURCE);
        const tabId = await b.tabIdOf(page);
        const pressed = Date.now();
        await b.clickToolbarButton(page);
        let status: RunStatus | null = null;
        for (let k = 0; k < 600 && !status?.shownAtEpochMs; k++) {
          status = await b.content<RunStatus | null>(tabId, 'status').catch(() => null);
          if (!status?.shownAtEpochMs) await new Promise((r) => setTimeout(r, 25));
        }
        if (!status?.shownAtEpochMs) throw new Error('no overlay within 15 s');
        const winnowMs = status.shownAtEpochMs - pressed;
        winnow.push(winnowMs);
        readability.push(readabilityMs);
        inPage.push(status.timingsMs.total);
        console.log(`${slug.padEnd(40)} ${String(status.nodes).padStart(5)} ${winnowMs.toFixed(1).padStart(11)} ` +
          `${status.timingsMs.total.toFixed(1).padStart(10)} ` +
          `${readabilityMs.toFixed(1).padStart(15)}`);
      } catch (e) {
        console.log(`${slug.padEnd(40)} error: ${(e as Error).message.split('\n')[0]}`);
        failures++;
      } finally {
        await page.close();
      }
    }
  } finally {
    await b.stop();
    await server.stop();
  }
  if (winnow.length === 0) return 1;
  const row = (name: string, v: number[]) =>
    `${name.padEnd(28)} ${percentile(v, 50).toFixed(1).padStart(9)} ${percentile(v, 95).toFixed(1).padStart(9)}`;
  console.log(`\npages: ${winnow.length} of ${slugs.length}`);
  console.log('                              median ms    p95 ms');
  console.log(row('Winnow (button → on screen)', winnow));
  console.log(row('  of which in the page', inPage));
  console.log(row('Readability.js (clone+parse)', readability));
  const ratio = (p: number) => percentile(winnow, p) / Math.max(1e-9, percentile(readability, p));
  console.log(`ratio Winnow / Readability: median ${ratio(50).toFixed(2)}, p95 ${ratio(95).toFixed(2)} (goal ≤ 1.0)`);
  return failures > 0 ? 1 : 0;
}

process.exitCode = await main();
