/**
 * Screenshots of each mode of the built extension on one real page, for the README:
 * `npm run build && npx tsx test/e2e/modeScreenshots.ts [PATH]`. PATH is a page the fixture server serves; the
 * default is kreuzer-popular's spiegel.de/international, saved with its CSS and images, so the shots show a styled
 * page as people see it (a Readability fixture, `/readability/SLUG/`, renders without its site's CSS).
 * Writes test/screenshots/{off,highlight,hide,reader,reader-dark,inspect,labelled}.png: inspect mode's card on a
 * template segment, then that segment labelled content (key C), as a person correcting the model would.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/cli/datasets/dataPaths.ts';
import type { RunStatus } from '../../extension/shared/runStatus.ts';
import type { AnnotatedSegment, AnnotationExport } from '../../src/labels/annotationFile.ts';
import type { Page } from 'playwright-core';
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
    await b.content<RunStatus>(tabId, 'setMode', { mode: 'off' });
    await page.emulateMedia({ colorScheme: 'light' });
    await inspectShots(b, page, tabId);
    console.log(`wrote ${OUT}`);
  } finally {
    await b.stop();
    await server.stop();
  }
}

/** Inspect mode: the card on a template segment in view, then that segment labelled content by keyboard. */
async function inspectShots(b: ExtensionBrowser, page: Page, tabId: number): Promise<void> {
  await b.content<RunStatus>(tabId, 'setMode', { mode: 'inspect' });
  const { segments } = await b.content<AnnotationExport>(tabId, 'exportAnnotations');
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  // A segment whose top left corner is in the upper part of the window (the mouse goes there), not the page itself.
  const inView = (s: AnnotatedSegment) => s.parentSegment >= 0 && s.rect.y > 0 && s.rect.y < viewport.height * 0.6 &&
    s.rect.width * s.rect.height > 20_000 && s.rect.width < viewport.width * 0.75;
  const template = segments.find((s) => s.label === 'template' && inView(s));
  if (!template) throw new Error('no template segment in view to inspect');
  await page.mouse.move(template.rect.x + 6, template.rect.y + 6);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT, 'inspect.png') });
  // What a person corrects: the model's template segment labelled content (key C); the card shows the label too.
  await page.keyboard.press('c');
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT, 'labelled.png') });
  console.log(`inspect: card on ${template.selector}, then labelled content`);
}

await main();
