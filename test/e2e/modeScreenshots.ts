/**
 * Screenshots of each mode of the built extension on one real page, for the README:
 * `npm run build && npx tsx test/e2e/modeScreenshots.ts [PATH]`. PATH is a page the fixture server serves; the
 * default is kreuzer-popular's spiegel.de/international, saved with its CSS and images, so the shots show a styled
 * page as people see it (a Readability fixture, `/readability/SLUG/`, renders without its site's CSS).
 * Writes test/screenshots/{off,highlight,hide,reader,reader-dark}.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/cli/datasets/dataPaths.ts';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import { ExtensionBrowser, FixtureServer, runFromPopup } from './extensionHarness.ts';

const PAGE = process.argv[2] ?? '/kreuzer/www.spiegel.de/www.spiegel.de/international/index.html';
const OUT = join(REPO_ROOT, 'test/screenshots');

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = new FixtureServer();
  await server.start();
  const b = new ExtensionBrowser();
  await b.start();
  try {
    const page = await b.open(server.url(PAGE));
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(OUT, 'off.png') });
    const { tabId, popup } = await runFromPopup(b, page);
    await popup.close();
    await page.bringToFront();
    for (const mode of ['highlight', 'hide', 'reader'] as const) {
      const status = await b.content<RunStatus>(tabId, 'setMode', { mode });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(OUT, `${mode}.png`) });
      console.log(`${mode}: ${status.segments} segments, ${status.templateSegments} template`);
    }
    // The reader's "auto" theme follows the system: open it again under a dark system theme.
    await b.content<RunStatus>(tabId, 'setMode', { mode: 'off' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await b.content<RunStatus>(tabId, 'setMode', { mode: 'reader' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, 'reader-dark.png') });
    console.log(`wrote ${OUT}`);
  } finally {
    await b.stop();
    await server.stop();
  }
}

await main();
