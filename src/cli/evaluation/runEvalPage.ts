import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext } from 'playwright-core';
import { offlineContext, openPage } from '../browser.ts';
import { oneLine } from '../analyzeFiles.ts';
import type { EvalPage } from './evalPage.ts';
import type { EvalMethodName, MethodRun } from './evalPageEntry.ts';

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
  | { page: EvalPage; gold: string; methods: Record<EvalMethodName, MethodResult> }
  | { page: EvalPage; error: string };

export interface RunPageOptions {
  weightsJson: unknown;
  pipeline: unknown;
  /** Loading the page, and then each step in it, gets this long. */
  timeoutMs: number;
  /** The eval page script (evalPageBundle()). */
  bundle: string;
}

/**
 * Renders one page once and runs, in this order and in the same page: the gold reader (L3S), Winnow, Readability (on a
 * clone) and Defuddle (last, as it normalises a few attributes of the live document). A method that throws is an empty
 * answer for that method; a page that does not load, navigates away, or where any step outlives the timeout (the
 * page's renderer is then stuck, so nothing after it could run) is a failed page for every method.
 *
 * Each page gets its own offline context: a page whose own script spins forever cannot be closed politely, and
 * may hang before openPage even returns it, but closing its context ends it whatever state it is in.
 */
export async function runEvalPage(browser: Browser, page: EvalPage, opts: RunPageOptions): Promise<PageOutcome> {
  let context: BrowserContext | null = null;
  const step = <T>(what: string, work: Promise<T>, ms = opts.timeoutMs) => withTimeout(work, ms, what);
  try {
    context = await offlineContext(browser);
    // openPage bounds the navigation itself; this also bounds what it does after (waiting for frames, injecting).
    const t = await step('loading the page',
      openPage(context, pathToFileURL(page.path).href, opts.timeoutMs), opts.timeoutMs + LOAD_SLACK_MS);
    await step('injecting the peers', t.evaluate(opts.bundle));
    const gold = 'text' in page.gold ? page.gold.text : await step('reading the gold spans',
      t.evaluate((classes) => (globalThis as any).__winnowEval.goldText(classes) as string, page.gold.l3sClasses));
    const methods = {} as Record<EvalMethodName, MethodResult>;
    for (const { key, label } of EVAL_METHODS) {
      const args = key === 'winnow' ? [opts.weightsJson, opts.pipeline] : [];
      const r = await step(label, t.evaluate(([name, a]) => (globalThis as any).__winnowEval.run(name, a) as
        (MethodRun & { textContent?: string }) | { error: string }, [key, args] as const));
      methods[key] = 'error' in r ? { text: '', ms: NaN, error: r.error } : r;
    }
    return { page, gold, methods };
  } catch (e) {
    return { page, error: oneLine(e) };
  } finally {
    if (context) await withTimeout(context.close(), 10_000, 'closing the page').catch(() => {});
  }
}

/** openPage's own steps after navigation: up to 5 s of load grace, two frames and the injected script. */
const LOAD_SLACK_MS = 10_000;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
