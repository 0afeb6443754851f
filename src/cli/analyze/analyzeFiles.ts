import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../browser/chromium.ts';
import type { InputItem } from './inputFiles.ts';
import type { PageAnalysisJson } from '../../pipeline/pageAnalysis.ts';
import type { PipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { mapWithConcurrency } from '../browser/concurrency.ts';
import { openReadablePage, type ReadablePage } from '../browser/readablePage.ts';
import { beforeDeadline, seconds } from '../browser/deadline.ts';
import { callPage, pageScript } from '../browser/pageScript.ts';
import { oneLine } from '../browser/oneLine.ts';

export interface AnalyzeOptions {
  weightsJson: unknown;
  pipeline: Partial<PipelineOptions>;
  /** Per page, for everything: loading, injecting Winnow's script and running it. */
  timeoutMs: number;
  /** Whether the pages' own scripts run (default true). */
  scripts?: boolean;
  concurrency?: number;
  /** Called with each page while it is still open (screenshots, extra evaluation); not bound by the timeout. */
  onPage?: (page: Page, analysis: PageAnalysisJson, item: InputItem) => Promise<void>;
}

/** A page read, with the warnings about how (it never finished loading, it tried to leave, …), or why it was not. */
export type FileOutcome =
  | { item: InputItem; analysis: PageAnalysisJson; warnings?: string[] }
  | { item: InputItem; error: string };

/** Renders each file in headless Chromium and runs the pipeline inside the page. Failures stay per file. */
export async function analyzeFiles(items: InputItem[], options: AnalyzeOptions, browser?: Browser):
  Promise<FileOutcome[]> {
  // Built once, before any page's clock starts: building is not the page's time.
  await pageScript();
  const ownBrowser = browser ?? (await launchBrowser());
  try {
    return await mapWithConcurrency(items, options.concurrency ?? 2, async (item): Promise<FileOutcome> => {
      if (!item.path) return { item, error: item.error ?? 'unreadable' };
      const deadline = Date.now() + options.timeoutMs;
      let readable: ReadablePage | null = null;
      try {
        readable = await openReadablePage(ownBrowser, item.path, { deadline, scripts: options.scripts ?? true });
        const analysis = await beforeDeadline(callPage(readable.page, 'analyze', options.weightsJson, options.pipeline),
          deadline, `extraction did not finish within ${seconds(options.timeoutMs)}`);
        if (options.onPage) await options.onPage(readable.page, analysis, item);
        return { item, analysis, warnings: readable.warnings };
      } catch (e) {
        return { item, error: oneLine(e) };
      } finally {
        await readable?.close();
      }
    });
  } finally {
    if (!browser) await ownBrowser.close();
  }
}
