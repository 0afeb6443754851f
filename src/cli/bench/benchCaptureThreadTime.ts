import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, offlineContext } from '../browser/chromium.ts';
import { readabilityFixtures } from '../datasets/dataPaths.ts';
import { percentile } from '../evaluation/stats.ts';
import { captureScript, READABILITY_SOURCE } from './injectedScripts.ts';

/**
 * The capture walk's first run in a fresh tab (as a run from the shortcut meets it: its code not compiled yet), timed
 * by the page thread's CPU time, not the clock, so that other work on the machine does not count: on a 2-core machine
 * shared with other tenants, the sums of the clock of two runs of the same code differed by 3% (by 7% taking each
 * page's best of four), those of the thread time by under 1%.
 *
 * Given checkouts (git worktrees of other commits beside this one), it is an A/B: per Readability fixture page and
 * round, each checkout's walk in a tab of its own, in alternating order, and the sums and per-page ratios against the
 * first. Each figure is the page thread's clock between two marks set around the call (Chromium's trace gives each
 * mark the thread's CPU time). Readability.js's clone and parse of the same page is timed the same way, in a tab of
 * its own each round, for issue 17's "in-page work ≤ Readability.js's".
 *
 *   npx tsx src/cli/bench/benchCaptureThreadTime.ts [pages] [rounds] [checkout,checkout,…]
 */
const READABILITY = `globalThis.__readability = new Function(${JSON.stringify(`${READABILITY_SOURCE}; return Readability;`)})();`;

async function main(): Promise<void> {
  const limit = Number(process.argv[2] ?? 30);
  const rounds = Number(process.argv[3] ?? 2);
  const checkouts = (process.argv[4] ?? '.').split(',').map((c) => resolve(c));
  const scripts = await Promise.all(checkouts.map((c) => captureScript(c)));
  const { dir, slugs } = readabilityFixtures(limit);
  const browser = await launchBrowser();
  const context = await offlineContext(browser, { scripts: false });
  // ms[c][page·rounds + round]
  const ms: number[][] = checkouts.map(() => []);
  const readability: number[] = [];
  try {
    for (const [p, slug] of slugs.entries()) {
      for (let round = 0; round < rounds; round++) {
        const at = p * rounds + round;
        // Each checkout's walk, then Readability.js, each in a fresh tab: -1 stands for Readability.js.
        for (let k = 0; k <= checkouts.length; k++) {
          const c = k === checkouts.length ? -1 : round % 2 === 0 ? k : checkouts.length - 1 - k;
          const page = await context.newPage();
          try {
            await page.goto(pathToFileURL(join(dir, slug, 'source.html')).href, { waitUntil: 'load', timeout: 10_000 })
              .catch(() => {});
            await page.waitForTimeout(150);
            await page.evaluate(c < 0 ? READABILITY : scripts[c]);
            const run = await threadMs(browser, page, c < 0
              ? 'new globalThis.__readability(document.cloneNode(true)).parse()'
              : 'globalThis.__winnowCapture(document)');
            if (c < 0) readability[at] = run;
            else ms[c][at] = run;
          } finally {
            await page.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`capture walk, first run in a fresh tab: page thread CPU ms, ${slugs.length} pages × ${rounds} rounds`);
  const line = (name: string, values: number[]) => `${name.padEnd(40)} median ${percentile(values, 50).toFixed(2)}  ` +
    `p95 ${percentile(values, 95).toFixed(2)}  sum ${values.reduce((a, b) => a + b, 0).toFixed(1)}`;
  const medianRatio = (values: number[], to: number[]) =>
    percentile(values.map((v, k) => v / Math.max(0.05, to[k])), 50).toFixed(3);
  for (let c = 0; c < checkouts.length; c++) {
    console.log(line(checkouts[c], ms[c]) + (c === 0 ? '' : `  per-page ratio to the first: median ${
      medianRatio(ms[c], ms[0])}`));
  }
  console.log(line('Readability.js (clone + parse)', readability));
  for (let c = 0; c < checkouts.length; c++) {
    console.log(`capture / Readability.js per page, ${checkouts[c]}: median ${medianRatio(ms[c], readability)}`);
  }
}

/**
 * The page thread's CPU time (ms) spent evaluating `expression`: the difference of the thread clocks ("tts") of two
 * marks set just before and just after it, in a trace around it. (Not the largest task of the trace: that was once
 * another one, and on some pages the trace held no task around the evaluation at all.)
 */
async function threadMs(browser: Browser, page: Page, expression: string): Promise<number> {
  await browser.startTracing(page, { categories: ['blink.user_timing'] });
  await page.evaluate(`(performance.mark('${BEFORE}'), ${expression}, performance.mark('${AFTER}'), 0)`);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as
    { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : trace.traceEvents ?? [];
  const before = events.find((e) => e.name === BEFORE);
  const after = events.find((e) => e.name === AFTER);
  if (before?.tts === undefined || after?.tts === undefined) throw new Error('the trace holds no thread clock');
  return (after.tts - before.tts) / 1000;
}

const BEFORE = 'winnow-bench-before';
const AFTER = 'winnow-bench-after';

interface TraceEvent {
  name: string;
  tts?: number;
}

void main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
