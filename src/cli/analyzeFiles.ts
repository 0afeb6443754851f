import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser, offlineContext, openPage } from './browser.ts';
import type { InputItem } from './inputFiles.ts';
import type { PageAnalysisJson } from '../pipeline/pageAnalysis.ts';
import type { PipelineOptions } from '../pipeline/pipelineOptions.ts';
import { mapWithConcurrency } from './concurrency.ts';

export interface AnalyzeOptions {
  weightsJson: unknown;
  pipeline: Partial<PipelineOptions>;
  timeoutMs: number;
  concurrency?: number;
  /** Called with each page while it is still open (screenshots, extra evaluation). */
  onPage?: (page: import('playwright-core').Page, analysis: PageAnalysisJson, item: InputItem) => Promise<void>;
}

export type FileOutcome = { item: InputItem; analysis: PageAnalysisJson } | { item: InputItem; error: string };

/** Renders each file in headless Chromium and runs the pipeline inside the page. Failures stay per file. */
export async function analyzeFiles(items: InputItem[], options: AnalyzeOptions, browser?: Browser):
  Promise<FileOutcome[]> {
  const ownBrowser = browser ?? (await launchBrowser());
  const context = await offlineContext(ownBrowser);
  try {
    return await mapWithConcurrency(items, options.concurrency ?? 2, async (item): Promise<FileOutcome> => {
      if (!item.path) return { item, error: item.error ?? 'unreadable' };
      try {
        const page = await openPage(context, pathToFileURL(item.path).href, options.timeoutMs);
        try {
          const analysis = await page.evaluate(
            ([w, o]) => (globalThis as any).__winnow.analyze(w, o) as PageAnalysisJson,
            [options.weightsJson, options.pipeline] as const,
          );
          if (options.onPage) await options.onPage(page, analysis, item);
          return { item, analysis };
        } finally {
          await page.close();
        }
      } catch (e) {
        return { item, error: oneLine(e) };
      }
    });
  } finally {
    await context.close();
    if (!browser) await ownBrowser.close();
  }
}

export function oneLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.replace(/^page\.evaluate: (Error: )?/, '').split('\n')[0];
}
