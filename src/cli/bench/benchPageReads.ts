import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser, offlineContext } from '../browser/chromium.ts';
import { readabilityFixtures } from '../datasets/dataPaths.ts';
import { percentile } from '../evaluation/stats.ts';
import { STYLE_PROPERTIES_READ } from '../../snapshot/styleBits.ts';
import { captureScript, READABILITY_SOURCE } from './injectedScripts.ts';

/**
 * The floor under the page-thread work of a run (issue 17's "in-page work ≤ Readability.js's"): what it costs, cold,
 * in a fresh tab, only to read from the page what a capture and highlight mode's label placement read, with no
 * Winnow code around it, against Readability.js's clone and parse of the same document. Per Readability fixture page
 * (scripts off, from disk), each read in a tab of its own:
 *
 * - rects: getBoundingClientRect of every element;
 * - display: the computed `display` of every element (what telling shown from hidden takes);
 * - style + rects: the computed properties capture reads (elementStyle.ts's STYLE_PROPERTIES_READ) and the rect of
 *   every element: the capture walk's reads;
 * - style ≥2000 px²: the same, but elements under 2,000 px² (not classified) read only the seven properties that
 *   telling shown from hidden, the label scan and the reader's lines take;
 * - text rects: a Range rectangle of every text node with something to read (pageScan.ts: what labels must not cover);
 * - Readability.js: `new Readability(document.cloneNode(true)).parse()`, as the extension bench times it;
 * - capture, cold: Winnow's capture walk itself (captureSnapshot, minified as shipped), its first run in the tab, as
 *   a run from the shortcut meets it: the code not compiled yet, then run by the interpreter;
 * - capture, 2nd: the same walk run a second time in the tab, timed (what the same reads cost with the code warm).
 *
 *   npx tsx src/cli/bench/benchPageReads.ts [pages]
 */

const PROBES: Record<string, string> = {
  rects: `(() => { const all = document.body.getElementsByTagName('*'); const t = performance.now(); let s = 0;
    for (let k = 0; k < all.length; k++) s += all[k].getBoundingClientRect().width;
    return performance.now() - t; })()`,
  display: `(() => { const all = document.body.getElementsByTagName('*'); const t = performance.now(); let s = 0;
    for (let k = 0; k < all.length; k++) s += getComputedStyle(all[k]).display.length;
    return performance.now() - t; })()`,
  'style + rects': `((props) => { const all = document.body.getElementsByTagName('*'); const t = performance.now();
    let s = 0;
    for (let k = 0; k < all.length; k++) {
      const cs = getComputedStyle(all[k]);
      for (let p = 0; p < props.length; p++) s += cs[props[p]].length;
      s += all[k].getBoundingClientRect().width;
    }
    return performance.now() - t; })(${JSON.stringify(STYLE_PROPERTIES_READ)})`,
  // Issue 17's idea "read computed style only for nodes that will be classified (≥ the hidden-node area)": the rect
  // first, then every property for elements of 2,000 px² or more, and for smaller ones only what telling shown from
  // hidden, the label scan and the reader's lines take (display … cssFloat, the first seven).
  'style ≥2000 px²': `((props) => { const all = document.body.getElementsByTagName('*'); const t = performance.now();
    let s = 0;
    for (let k = 0; k < all.length; k++) {
      const r = all[k].getBoundingClientRect();
      s += r.width;
      const cs = getComputedStyle(all[k]);
      const n = r.width * r.height >= 2000 ? props.length : 7;
      for (let p = 0; p < n; p++) s += cs[props[p]].length;
    }
    return performance.now() - t; })(${JSON.stringify(STYLE_PROPERTIES_READ)})`,
  'text rects': `(() => { const t = performance.now(); const w = document.createTreeWalker(document.body, 4);
    const range = document.createRange(); let s = 0;
    for (let x = w.nextNode(); x; x = w.nextNode()) {
      if (!/\\S/.test(x.nodeValue)) continue;
      range.selectNodeContents(x);
      s += range.getBoundingClientRect().width;
    }
    return performance.now() - t; })()`,
  'Readability.js': `(() => { const Readability = new Function(${JSON.stringify(`${READABILITY_SOURCE}; return Readability;`)})();
    const t = performance.now(); new Readability(document.cloneNode(true)).parse(); return performance.now() - t; })()`,
};

/** The capture probes: the script evaluated first (not timed), then the walk timed on its first or second run. */
function captureProbes(script: string): Record<string, string> {
  const timed = (runsBefore: number) => `(() => { ${script};
    for (let k = 0; k < ${runsBefore}; k++) globalThis.__winnowCapture(document);
    const t = performance.now(); globalThis.__winnowCapture(document); return performance.now() - t; })()`;
  return { 'capture, cold': timed(0), 'capture, 2nd': timed(1) };
}

async function main(): Promise<void> {
  Object.assign(PROBES, captureProbes(await captureScript()));
  const limit = Number(process.argv[2] ?? 30);
  const { dir, slugs } = readabilityFixtures(limit);
  const browser = await launchBrowser();
  const context = await offlineContext(browser, { scripts: false });
  const names = Object.keys(PROBES);
  const columns: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const floorRatio: number[] = [];
  const coldRatio: number[] = [];
  const warmRatio: number[] = [];
  console.log(`${'page'.padEnd(40)} elements ${names.map((n) => n.padStart(16)).join('')}   (ms, each in a fresh tab)`);
  try {
    for (const slug of slugs) {
      const row: Record<string, number> = {};
      let elements = 0;
      for (const name of names) {
        const page = await context.newPage();
        try {
          await page.goto(pathToFileURL(join(dir, slug, 'source.html')).href, { waitUntil: 'load', timeout: 10_000 })
            .catch(() => {});
          // The page's own first layout is done before anything is read (a person reads a page before running Winnow).
          await page.waitForTimeout(200);
          elements = await page.evaluate('document.body ? document.body.getElementsByTagName("*").length : 0') as number;
          row[name] = await page.evaluate(PROBES[name]) as number;
        } finally {
          await page.close();
        }
      }
      for (const name of names) columns[name].push(row[name]);
      floorRatio.push((row['style + rects'] + row['text rects']) / Math.max(0.1, row['Readability.js']));
      coldRatio.push(row['capture, cold'] / Math.max(0.1, row['Readability.js']));
      warmRatio.push(row['capture, cold'] / Math.max(0.1, row['capture, 2nd']));
      console.log(`${slug.slice(0, 40).padEnd(40)} ${String(elements).padStart(8)} ` +
        names.map((n) => row[n].toFixed(1).padStart(16)).join(''));
    }
  } finally {
    await browser.close();
  }
  console.log(`${'median'.padEnd(50)}${names.map((n) => percentile(columns[n], 50).toFixed(1).padStart(16)).join('')}`);
  console.log(`(style + rects + text rects) / Readability.js per page: median ${percentile(floorRatio, 50).toFixed(2)}, ` +
    `p95 ${percentile(floorRatio, 95).toFixed(2)}`);
  console.log(`capture, cold / Readability.js per page: median ${percentile(coldRatio, 50).toFixed(2)}, ` +
    `p95 ${percentile(coldRatio, 95).toFixed(2)}; capture, cold / capture, 2nd: median ` +
    `${percentile(warmRatio, 50).toFixed(2)}`);
}

void main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
