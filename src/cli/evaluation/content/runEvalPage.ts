import type { Browser } from 'playwright-core';
import { oneLine } from '../../browser/oneLine.ts';
import { beforeDeadline, seconds } from '../../browser/deadline.ts';
import { openReadablePage, type ReadablePage } from '../../browser/readablePage.ts';
import { callPage } from '../../browser/pageScript.ts';
import type { EvalPage } from './evalPage.ts';
import type { EvalMethodName } from '../../../capture/page/pageApi.ts';
import type { PipelineOptions } from '../../../pipeline/pipelineOptions.ts';

/** The methods in report order, with the name the report gives each. */
export const EVAL_METHODS: ReadonlyArray<{ key: EvalMethodName; label: string }> = [
  { key: 'winnow', label: 'Winnow' },
  { key: 'readability', label: 'Readability.js' },
  { key: 'defuddle', label: 'Defuddle' },
];

export interface MethodResult {
  text: string;
  ms: number;
  /** Readability's textContent, kept to show what the benchmark's own serialisation would score. */
  textContent?: string;
  /** Why the text is empty although the method ran (no article found). */
  note?: string;
  /** The method threw on this page: scored as an empty answer and listed. */
  error?: string;
}

export type PageOutcome =
  | { page: EvalPage; gold: string; methods: Record<EvalMethodName, MethodResult>; warnings: string[] }
  | { page: EvalPage; error: string };

export interface RunPageOptions {
  weightsJson: unknown;
  pipeline: Partial<PipelineOptions>;
  /** Loading the page, and then each step in it, gets this long. */
  timeoutMs: number;
  /** Whether the page's own scripts run. */
  scripts: boolean;
}

/**
 * Renders one page once and runs, in this order and in the same page: the gold reader (L3S), Winnow, Readability (on a
 * clone) and Defuddle (last, as it normalises a few attributes of the live document). A method that throws is an empty
 * answer for that method. The page is loaded as `winnow extract` loads it (src/cli/browser/readablePage.ts): a page that
 * tries to navigate away keeps its document, one whose load never ends or whose scripts hold it is read as it is or
 * as parsed, with a warning. A page that does not open, or where a step outlives the timeout (the page's renderer is
 * then stuck, so nothing after it could run) is a failed page for every method.
 */
export async function runEvalPage(browser: Browser, page: EvalPage, opts: RunPageOptions): Promise<PageOutcome> {
  let readable: ReadablePage | null = null;
  const step = <T>(what: string, work: Promise<T>, ms = opts.timeoutMs) =>
    beforeDeadline(work, Date.now() + ms, `${what} did not finish within ${seconds(ms)}`);
  try {
    const deadline = Date.now() + opts.timeoutMs;
    // openReadablePage keeps to its deadline; the slack only guards against a browser that stops answering at all.
    const opening = openReadablePage(browser, page.path, { deadline, scripts: opts.scripts });
    // Should the guard give up first, the page that opens after all is closed, not left running.
    let abandoned = false;
    opening.then((r) => { if (abandoned) void r.close(); }, () => {});
    readable = await step('loading the page', opening, opts.timeoutMs + LOAD_SLACK_MS).catch((e) => {
      abandoned = true;
      throw e;
    });
    const t = readable.page;
    const gold = 'text' in page.gold ? page.gold.text : await step('reading the gold spans',
      callPage(t, 'goldText', page.gold.l3sClasses));
    const methods = {} as Record<EvalMethodName, MethodResult>;
    for (const { key, label } of EVAL_METHODS) {
      const r = await step(label, callPage(t, 'evalMethod', key, opts.weightsJson, opts.pipeline));
      methods[key] = 'error' in r ? { text: '', ms: NaN, error: r.error } : r;
    }
    return { page, gold, methods, warnings: readable.warnings };
  } catch (e) {
    return { page, error: oneLine(e) };
  } finally {
    await readable?.close();
  }
}

const LOAD_SLACK_MS = 10_000;
