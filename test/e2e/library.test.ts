// The library build (npm run build:lib) in real Chromium: the classic script defines the global Winnow, whose
// winnowExtract reads Readability fixture pages to the title, byline, body text and clean HTML their expected files
// give, without changing the page; the ES module exports the same function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, offlineContext } from '../../src/cli/browser/chromium.ts';
import { REPO_ROOT, sharedDataset } from '../../src/cli/datasets/dataPaths.ts';
import { sameText, wordF1 } from './libraryFixtures.ts';

const DIST = join(REPO_ROOT, 'dist-lib');
/** Fixture pages whose title and byline Winnow reads as Readability.js does (libraryBench.ts lists every page). */
const FIXTURES = ['bbc-1', 'aclu', 'nytimes-1'];

interface Extracted {
  title: string;
  byline: string | null;
  published: string | null;
  text: string;
  html: string;
  segments: unknown[];
  pageType: string;
  timingsMs: Record<string, number>;
  unchanged: boolean;
  /** Text of the expected article (expected.html), parsed in the page. */
  expectedText: string;
  /** Text of Winnow's html, parsed in the page. */
  htmlText: string;
  htmlImages: string[];
}

let browser: Browser;
let context: BrowserContext;
let library: string;

beforeAll(async () => {
  execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--mode', 'lib'],
    { cwd: REPO_ROOT, stdio: 'pipe' });
  library = readFileSync(join(DIST, 'winnow.js'), 'utf8');
  browser = await launchBrowser();
  context = await offlineContext(browser);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function openFixture(slug: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(pathToFileURL(join(sharedDataset('readability'), slug, 'source.html')).href, { waitUntil: 'load' });
  return page;
}

async function extract(slug: string): Promise<Extracted> {
  const expectedHtml = readFileSync(join(sharedDataset('readability'), slug, 'expected.html'), 'utf8');
  const page = await openFixture(slug);
  try {
    await page.evaluate(library);
    return await page.evaluate((expected) => {
      const g = globalThis as unknown as { Winnow: { winnowExtract(d: Document): Omit<Extracted, 'unchanged'> } };
      const before = document.documentElement.outerHTML;
      const r = g.Winnow.winnowExtract(document);
      const unchanged = document.documentElement.outerHTML === before;
      const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
      const ours = parse(r.html);
      return {
        ...r, unchanged,
        expectedText: parse(expected).body.textContent ?? '',
        htmlText: ours.body.textContent ?? '',
        htmlImages: Array.from(ours.images, (img) => img.getAttribute('src') ?? ''),
      };
    }, expectedHtml);
  } finally {
    await page.close();
  }
}

describe('library build', () => {
  it('is one classic script and one ES module, each under the size budget', () => {
    for (const file of ['winnow.js', 'winnow.mjs']) {
      // The model weights (16 kB of JSON) are inlined; everything else is the capture, pipeline and reader code.
      // 150 kB until 2026-11-25, when the smoothing gained its solver for deep trees (spines, caterpillars: issue 17's
      // worst case) beside the one for page-like trees, about 20 kB; the budget keeps ~10% room above that. 190 kB
      // since 2026-11-28: that solver's KinkTree keeps runs of kinks in its leaves (winnow.mjs 183.8 -> 185.5 kB), which
      // made spines and caterpillars of 100k nodes about 1.6x faster (`npx tsx src/cli/bench/benchSmoothingShapes.ts`).
      // 196 kB since the next day: the bound that lets a chain's node skip its walk, the lines carried down addOwnTerm
      // and the radix sort of the scores (winnow.mjs 189.7 -> 191.8 kB) took the 100k spine from 225 to 161 ms and
      // the caterpillar from 170 to 125-131 ms (same command).
      expect(statSync(join(DIST, file)).size, file).toBeLessThan(196_000);
    }
    expect(library).toMatch(/^var Winnow=/);
  });

  for (const slug of FIXTURES) {
    it(`reads ${slug} as its expected metadata and article say`, async () => {
      const expected = JSON.parse(readFileSync(join(sharedDataset('readability'), slug, 'expected-metadata.json'), 'utf8'));
      const r = await extract(slug);
      expect(sameText(r.title, expected.title), `${r.title} vs ${expected.title}`).toBe(true);
      expect(sameText(r.byline ?? '', expected.byline ?? ''), `${r.byline} vs ${expected.byline}`).toBe(true);
      if (expected.publishedTime) expect(r.published?.slice(0, 10)).toBe(expected.publishedTime.slice(0, 10));
      // The body is the article without its title: most of Readability's words, and the title not repeated on top.
      expect(wordF1(r.text, r.expectedText)).toBeGreaterThan(0.8);
      expect(r.text.split('\n').slice(0, 8).filter((line) => sameText(line, r.title))).toEqual([]);
      // The html says what the text says, with no scripts, styles, event handlers or relative image addresses.
      expect(wordF1(r.htmlText, r.text)).toBeGreaterThan(0.95);
      expect(r.html).toMatch(/^<|<p>/);
      expect(r.html).not.toMatch(/<script|<style|\son\w+=|\sstyle=|\sclass="(?!lang)/i);
      for (const src of r.htmlImages) expect(src).toMatch(/^(https?|file):/);
      expect(r.segments.length).toBeGreaterThan(1);
      expect(r.pageType).toMatch(/^(article|article-with-comments|multiple)$/);
      expect(r.timingsMs.totalMs).toBeGreaterThan(0);
      expect(r.unchanged).toBe(true);
    });
  }

  it('exports winnowExtract from the ES module, which answers as the classic script does', async () => {
    const module = readFileSync(join(DIST, 'winnow.mjs'), 'utf8');
    const page = await openFixture(FIXTURES[0]);
    try {
      await page.evaluate((code) => { (globalThis as any).__libraryModule = code; }, module);
      // A string, so that vitest does not rewrite the page's dynamic import into its own loader.
      const r = await page.evaluate(`(async () => {
        const url = URL.createObjectURL(new Blob([globalThis.__libraryModule], { type: 'text/javascript' }));
        const m = await import(url);
        return { exports: Object.keys(m).sort(), title: m.winnowExtract(document).title };
      })()`) as { exports: string[]; title: string };
      expect(r.exports).toContain('winnowExtract');
      await page.evaluate(library);
      const viaScript = await page.evaluate(() => (globalThis as any).Winnow.winnowExtract(document).title as string);
      expect(r.title).toBe(viaScript);
    } finally {
      await page.close();
    }
  });
});
