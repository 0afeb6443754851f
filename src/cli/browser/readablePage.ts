import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOAD_GRACE_MS, offlineContext, TWO_FRAMES } from './chromium.ts';
import { beforeDeadline, DeadlineError, seconds } from './deadline.ts';
import { injectPageScript, pageScript } from './pageScript.ts';

/** What one page may take, loading, injecting and reading it all told, when the command line is not told otherwise. */
export const DEFAULT_PAGE_TIMEOUT_MS = 20_000;

export interface ReadableOptions {
  /** Date.now() time by which the page must be open with Winnow's script in it. */
  deadline: number;
  /** Whether the page's own scripts run. */
  scripts: boolean;
}

/** A rendered page with Winnow's page script injected, to be read by the caller and then closed. */
export interface ReadablePage {
  page: Page;
  /** Whether the page's own scripts ran (false when asked for, or when a busy page was rendered again without). */
  scripts: boolean;
  /** One line each: what went wrong with the page that still left a document to read. */
  warnings: string[];
  close(): Promise<void>;
}

/**
 * How an attempt spends the time it has (shares of it). A page must answer throughout, and be done with its load
 * event (or be past DOMContentLoaded) within LOAD_SHARE; a page that answers but is still being parsed gets until
 * PARSE_SHARE (a big declarative shadow DOM can take seconds to parse, wcxb-dev 0691); then it must be settled and
 * injected within READY_SHARE more. With scripts on, what is left after that is for rendering the page again
 * without them when they hold it hostage, and for the caller's own steps.
 */
const LOAD_SHARE = 0.4;
const PARSE_SHARE = 0.7;
const READY_SHARE = 0.2;
const MIN_ANSWER_MS = 500;
const POLL_MS = 50;

/**
 * The live page cannot be read well (its scripts keep it busy or its parser waiting, or it went away), but the file
 * can be, with scripts off.
 */
class RetryWithoutScripts extends Error {}

/**
 * Opens a file in its own offline context and gets it ready for reading, with a document to read whenever there is
 * one: the page may not navigate away (a navigation after the first is answered 204 No Content, which keeps the
 * current document, as the HTML standard says), a load event that never comes (an image whose onerror retries
 * forever) is waited for only so long, and a page whose scripts keep it busy past its share of the time (a loop),
 * or that is still being parsed after its share, is rendered again with scripts off, which gives the page as parsed
 * (a parser-blocking script that never arrives blocks nothing then). Each such case adds a warning. Throws a one-line
 * error only when there is nothing to read: the file does not open, or not even the page without scripts is ready by
 * the deadline.
 */
export async function openReadablePage(browser: Browser, path: string, options: ReadableOptions):
  Promise<ReadablePage> {
  const url = pathToFileURL(path).href;
  const { deadline } = options;
  const start = Date.now();
  const total = deadline - start;
  const late = () => new Error(`page did not finish loading within ${seconds(total)}`);
  const times = (from: number, live: boolean): AttemptTimes => {
    const left = deadline - from;
    return {
      start: from, loadUntil: from + left * LOAD_SHARE, parseUntil: from + left * PARSE_SHARE,
      readyWithin: live ? left * READY_SHARE : left, deadline,
    };
  };
  try {
    if (!options.scripts) return await attempt(browser, url, false, times(start, false), []);
    try {
      return await attempt(browser, url, true, times(start, true), []);
    } catch (e) {
      if (!(e instanceof RetryWithoutScripts) || Date.now() >= deadline) throw e;
      const warning = `${e.message}; read the page as parsed, with its scripts off`;
      return await attempt(browser, url, false, times(Date.now(), false), [warning]);
    }
  } catch (e) {
    throw e instanceof RetryWithoutScripts || e instanceof DeadlineError ? late() : e;
  }
}

interface AttemptTimes {
  /** When this attempt began (the times in warnings count from it). */
  start: number;
  /** The page answers throughout, and loading is waited for until then at most... */
  loadUntil: number;
  /** ...except that a page still being parsed is waited for until then. */
  parseUntil: number;
  /** Once loaded, settled and injected within this many ms. */
  readyWithin: number;
  /** No step goes past this, whatever slack it is given. */
  deadline: number;
}

/**
 * One rendering. A context per page, because closing the context ends a page stuck in its own script whatever state
 * it is in, which closing the page may not.
 */
async function attempt(browser: Browser, url: string, scripts: boolean, times: AttemptTimes, warnings: string[]):
  Promise<ReadablePage> {
  // A step that starts at its time still gets MIN_ANSWER_MS (a page busy for a moment is not stuck), within the deadline.
  const by = (until: number) => Math.min(times.deadline, Math.max(until, Date.now() + MIN_ANSWER_MS));
  const context = await offlineContext(browser, { scripts });
  const close = () => closeContext(context);
  try {
    const page = await context.newPage();
    const blocked = await keepFirstDocument(page);
    const started = times.start;
    try {
      await page.goto(url, { waitUntil: 'commit', timeout: Math.max(1, by(times.loadUntil) - Date.now()) });
    } catch (e) {
      const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
      throw /Timeout/i.test(msg) ? new DeadlineError('the page did not open') : new Error(msg.replace(/^page\.goto: /, ''));
    }
    const state = await waitUntilLoaded(page, times, by);
    const readyBy = Date.now() + times.readyWithin;
    const busy = (what: string) => new RetryWithoutScripts(`the page's scripts kept it busy ${what}`);
    if (state === 'busy') throw busy(`for ${seconds(Date.now() - started)}`);
    // Navigations without a request (to about:blank) cannot be cancelled: the page it had is gone.
    if (!page.url().startsWith('file:')) throw new RetryWithoutScripts(`the page went to ${page.url()}`);
    if (state === 'loading') {
      // The parser may be waiting on the page's scripts (a parser-blocking script that never arrives): without them it
      // is not. A page merely slow to parse (wcxb-dev 0691 on a busy machine) is as slow without, and is read as far
      // as it got.
      const stalled = `the page was still being parsed after ${seconds(Date.now() - started)}`;
      if (scripts) throw new RetryWithoutScripts(stalled);
      warnings.push(`${stalled}; read what had been parsed`);
    }
    if (state === 'interactive') {
      warnings.push(`the page's load event did not come within ${seconds(Date.now() - started)}; read it as it was`);
    }
    if (blocked.length > 0) {
      warnings.push(`the page tried to go to ${blocked[0]}${blocked.length > 1 ? ` (and ${blocked.length - 1} more)` : ''}; ` +
        'read the page it had');
    }
    try {
      if (scripts) {
        await beforeDeadline(page.evaluate(TWO_FRAMES), by(readyBy), 'frames');
      } else {
        // Without scripts no animation frame callback ever runs (Chromium counts it as page script): force the
        // style and layout with one read instead.
        await beforeDeadline(page.evaluate('document.documentElement.getBoundingClientRect().height'), by(readyBy),
          'layout');
      }
      // Built before the page's time for injecting starts (once per process; see pageScript).
      await pageScript();
      await beforeDeadline(injectPageScript(page), by(readyBy), 'injection');
    } catch (e) {
      throw e instanceof DeadlineError ? busy('after loading') : e;
    }
    return { page, scripts, warnings, close };
  } catch (e) {
    void close();
    throw e;
  }
}

/**
 * Answers every main-frame navigation after the first with 204 No Content, which cancels it and leaves the current
 * document in place (a `location.href = …` in an inline script, a meta refresh, a reload loop); returns the list of
 * addresses the page tried to go to. Everything else falls through to the context's offline routing.
 */
async function keepFirstDocument(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  let first = true;
  await page.route('**/*', (route) => {
    const request = route.request();
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return route.fallback();
    if (first) {
      first = false;
      return route.fallback();
    }
    blocked.push(request.url());
    return route.fulfill({ status: 204 });
  });
  return blocked;
}

type LoadState = 'complete' | 'interactive' | 'loading' | 'busy';

/**
 * Polls document.readyState until the page has loaded, DOMContentLoaded is LOAD_GRACE_MS old, or its time is up:
 * `loadUntil`, or `parseUntil` while the document is still being parsed. Playwright's own load-state events cannot
 * be used: a cancelled navigation leaves them waiting for a document that never comes. 'busy' when the page stops
 * answering after `loadUntil` (its main thread is in the page's own script).
 */
async function waitUntilLoaded(page: Page, times: AttemptTimes, by: (until: number) => number): Promise<LoadState> {
  let interactiveAt: number | null = null;
  for (;;) {
    let state: string;
    try {
      state = await beforeDeadline(page.evaluate('document.readyState') as Promise<string>, by(times.loadUntil),
        'readyState');
    } catch (e) {
      if (e instanceof DeadlineError) return 'busy';
      // The document was replaced under the question (document.open): ask the new one.
      if (!/context was destroyed|navigat/i.test(e instanceof Error ? e.message : '')) throw e;
      state = 'loading';
    }
    if (state === 'complete') return 'complete';
    const now = Date.now();
    if (state === 'interactive') {
      interactiveAt ??= now;
      if (now >= times.loadUntil || now - interactiveAt >= LOAD_GRACE_MS) return 'interactive';
    } else if (now >= times.parseUntil) {
      return 'loading';
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Closing a context whose page is stuck can itself hang in rare cases; never wait on it for more than 10 s. */
async function closeContext(context: BrowserContext): Promise<void> {
  await beforeDeadline(context.close(), Date.now() + 10_000, 'closing').catch(() => {});
}
