/**
 * The library build on the Readability fixture pages: per page, the in-page time of `Winnow.winnowExtract(document)`
 * (dist-lib/winnow.js) and of Readability.js (@mozilla/readability, on a clone, as its docs ask) in the same page,
 * and how often Winnow's title, byline and date agree with the fixture's expected-metadata.json (Readability's own
 * answers, so "agree" means "says what Readability says"). Prints a table per page and the medians.
 *
 *   npm run build:lib && npx tsx test/e2e/libraryBench.ts [--pages N] [--verbose]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readabilityFixtures, REPO_ROOT } from '../../src/cli/datasets/dataPaths.ts';
import { percentile } from '../../src/cli/evaluation/stats.ts';
import { launchBrowser, offlineContext } from '../../src/cli/browser/chromium.ts';
import { READABILITY_SOURCE } from '../../src/cli/bench/injectedScripts.ts';
import { sameName, sameText } from './libraryFixtures.ts';

const LIBRARY = join(REPO_ROOT, 'dist-lib', 'winnow.js');

interface InPage {
  winnowMs: number;
  readabilityMs: number;
  title: string;
  byline: string | null;
  published: string | null;
  textChars: number;
  readabilityChars: number;
  timingsMs: Record<string, number>;
}

async function main(): Promise<number> {
  if (!existsSync(LIBRARY)) throw new Error(`${LIBRARY} is missing: run npm run build:lib first`);
  const library = readFileSync(LIBRARY, 'utf8');
  const pagesArg = process.argv.indexOf('--pages');
  const limit = pagesArg > 0 ? Number(process.argv[pagesArg + 1]) : Infinity;
  const verbose = process.argv.includes('--verbose');
  const { dir, slugs } = readabilityFixtures(limit);
  const browser = await launchBrowser();
  const context = await offlineContext(browser);
  const winnow: number[] = [];
  const readability: number[] = [];
  const agree = { title: 0, byline: 0, published: 0, bylineExpected: 0, publishedExpected: 0, extraDates: 0, bylineBoth: 0 };
  const stages: Record<string, number[]> = {};
  let failures = 0;
  console.log('page                                     winnow ms  readability ms  title byline date');
  try {
    for (const slug of slugs) {
      const expected = JSON.parse(readFileSync(join(dir, slug, 'expected-metadata.json'), 'utf8'));
      const page = await context.newPage();
      try {
        await page.goto(pathToFileURL(join(dir, slug, 'source.html')).href, { waitUntil: 'load', timeout: 20_000 });
        // Two painted frames, as the command line waits: the page's own first layout is not Winnow's time.
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
        await page.evaluate(library);
        await page.evaluate(`${READABILITY_SOURCE}\n;globalThis.__Readability = Readability;`);
        const r = await page.evaluate(() => {
          const g = globalThis as any;
          const t0 = performance.now();
          const w = g.Winnow.winnowExtract(document);
          const t1 = performance.now();
          const a = new g.__Readability(document.cloneNode(true)).parse();
          const t2 = performance.now();
          return { winnowMs: t1 - t0, readabilityMs: t2 - t1, title: w.title, byline: w.byline, published: w.published,
            textChars: w.text.length, readabilityChars: (a?.textContent ?? '').trim().length,
            timingsMs: w.timingsMs } as InPage;
        });
        winnow.push(r.winnowMs);
        for (const [stage, ms] of Object.entries(r.timingsMs)) (stages[stage] ??= []).push(ms);
        readability.push(r.readabilityMs);
        const t = sameText(r.title, expected.title);
        const b = sameName(r.byline ?? '', expected.byline ?? '');
        // Readability 0.6 reads fewer date sources: a date it did not find is not held against Winnow, only counted.
        const d = expected.publishedTime ? sameDate(r.published, expected.publishedTime) : true;
        agree.extraDates += Number(!expected.publishedTime && r.published !== null);
        agree.title += Number(t);
        agree.byline += Number(b);
        agree.published += Number(d && Boolean(expected.publishedTime));
        agree.bylineExpected += Number(Boolean(expected.byline));
        agree.bylineBoth += Number(b && Boolean(expected.byline));
        agree.publishedExpected += Number(Boolean(expected.publishedTime));
        console.log(`${slug.padEnd(40)} ${r.winnowMs.toFixed(1).padStart(9)}  ${r.readabilityMs.toFixed(1).padStart(14)}  ` +
          `${mark(t)}     ${mark(b)}      ${mark(d)}`);
        if (verbose && (!t || !b || !d)) {
          console.log(`   title  ${JSON.stringify(r.title)} vs ${JSON.stringify(expected.title)}`);
          console.log(`   byline ${JSON.stringify(r.byline)} vs ${JSON.stringify(expected.byline)}`);
          console.log(`   date   ${JSON.stringify(r.published)} vs ${JSON.stringify(expected.publishedTime)}`);
        }
      } catch (e) {
        failures++;
        console.log(`${slug.padEnd(40)} error: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
      } finally {
        await page.close();
      }
    }
  } finally {
    await context.close();
    await browser.close();
  }
  const n = winnow.length;
  console.log(`\n${n} pages (${failures} failed), library ${readFileSync(LIBRARY).length} bytes`);
  console.log(`winnowExtract   median ${percentile(winnow, 50).toFixed(1)} ms, p95 ${percentile(winnow, 95).toFixed(1)} ms`);
  console.log(`Readability.js  median ${percentile(readability, 50).toFixed(1)} ms, p95 ${percentile(readability, 95).toFixed(1)} ms`);
  const ratios = winnow.map((w, k) => w / Math.max(readability[k], 0.1));
  console.log(`per-page ratio winnowExtract / Readability.js: median ${percentile(ratios, 50).toFixed(1)}×`);
  console.log(`winnowExtract stages, median ms: ${Object.entries(stages).map(([k, v]) =>
    `${k.replace(/Ms$/, '')} ${percentile(v, 50).toFixed(1)}`).join(', ')}`);
  console.log(`same title as Readability: ${agree.title}/${n}; same author: ${agree.byline}/${n} ` +
    `(${agree.bylineBoth} of the ${agree.bylineExpected} pages where Readability names one); same date: ${agree.published}/${agree.publishedExpected} pages with one ` +
    `(and a date on ${agree.extraDates} pages where Readability has none)`);
  return failures > 0 ? 1 : 0;
}

function mark(ok: boolean): string {
  return ok ? 'ok' : '--';
}

/** The same instant or day: Readability keeps the page's string, Winnow normalises it. */
function sameDate(got: string | null, expected: string): boolean {
  if (!got) return false;
  const a = Date.parse(got);
  const b = Date.parse(expected);
  return got === expected || (!Number.isNaN(a) && a === b) || got.slice(0, 10) === expected.slice(0, 10);
}

main().then((code) => process.exit(code), (e) => {
  console.error(e);
  process.exit(1);
});
