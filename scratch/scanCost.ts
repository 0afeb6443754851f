import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sharedDataset } from '../src/cli/datasets/dataPaths.ts';
import { launchBrowser, offlineContext } from '../src/cli/browser/chromium.ts';
const PROBES: Record<string, string> = {
  walk: `(() => { const t = performance.now(); const w = document.createTreeWalker(document.body, 4); let n = 0, k = 0;
    for (let x = w.nextNode(); x; x = w.nextNode()) { n++; if (/\\S/.test(x.nodeValue)) k++; } return [performance.now() - t, n, k]; })()`,
  rects: `(() => { const t = performance.now(); const w = document.createTreeWalker(document.body, 4); const r = document.createRange(); let n = 0, k = 0; const out = [];
    for (let x = w.nextNode(); x; x = w.nextNode()) { n++; if (!/\\S/.test(x.nodeValue)) continue; k++; r.selectNodeContents(x); const b = r.getBoundingClientRect(); if (b.width > 0) out.push({x: b.left, y: b.top, w: b.width, h: b.height}); } return [performance.now() - t, n, k]; })()`,
  parentRects: `(() => { const t = performance.now(); const w = document.createTreeWalker(document.body, 4); let n = 0, k = 0; const out = [];
    for (let x = w.nextNode(); x; x = w.nextNode()) { n++; if (!/\\S/.test(x.nodeValue)) continue; k++; const b = x.parentElement.getBoundingClientRect(); if (b.width > 0) out.push({x: b.left, y: b.top, w: b.width, h: b.height}); } return [performance.now() - t, n, k]; })()`,
};
const dir = sharedDataset('readability');
const browser = await launchBrowser();
const context = await offlineContext(browser, { scripts: false });
for (const slug of process.argv.slice(2)) {
  const row: string[] = [slug];
  for (const [name, probe] of Object.entries(PROBES)) {
    const page = await context.newPage();
    await page.goto(pathToFileURL(join(dir, slug, 'source.html')).href, { waitUntil: 'load', timeout: 10000 }).catch(() => {});
    await page.waitForTimeout(300);
    const [cold, n, k] = await page.evaluate(probe) as number[];
    const [warm] = await page.evaluate(probe) as number[];
    row.push(`${name} ${cold.toFixed(1)}/${warm.toFixed(1)} (${n},${k})`);
    await page.close();
  }
  console.log(row.join('  '));
}
await browser.close();
