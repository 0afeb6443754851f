/**
 * What `winnow eval` injects into each rendered page, besides Winnow's own page script: the two peers
 * (@mozilla/readability and defuddle, bundled from node_modules by esbuild) and the gold reader for L3S, each run in
 * the page on the same document Winnow sees and timed there. Results are plain JSON.
 */
import { Readability } from '@mozilla/readability';
import Defuddle from 'defuddle';
import { blockText } from './blockText.ts';
import { l3sGoldText } from './l3sGoldText.ts';
import type { DomDocument, DomNode } from './pageDom.ts';

export interface MethodRun {
  text: string;
  ms: number;
  /** Set when the method ran but returned no article (Readability's null), so an empty text is explained. */
  note?: string;
}

interface PageGlobals {
  document: DomDocument;
  DOMParser: new () => { parseFromString(html: string, type: string): DomDocument };
  performance: { now(): number };
  __winnow: { analyze(weights: unknown, options: unknown): { readerText: string } };
}
const page = globalThis as unknown as PageGlobals;

function goldText(classes: readonly number[]): string {
  const body = page.document.body;
  if (!body) throw new Error('page has no body');
  return l3sGoldText(body, classes);
}

/** Winnow end to end: capture, features, classifier, smoothing, segments and the reader text. */
function winnow(weights: unknown, options: unknown): MethodRun {
  const t0 = page.performance.now();
  const text = page.__winnow.analyze(weights, options).readerText;
  return { text, ms: page.performance.now() - t0 };
}

/**
 * Readability changes the document it parses, so it gets a clone (the clone is part of its time, as in the
 * benchmark bench of test/e2e/extensionBench.ts). `textContent` is what the Scrapinghub benchmark scores; `text`
 * is the same article read with block boundaries (see blockText).
 */
function readability(): MethodRun & { textContent: string } {
  const t0 = page.performance.now();
  const clone = page.document.cloneNode(true);
  const article = new Readability<DomNode>(clone as never, { serializer: (node) => node as unknown as DomNode }).parse();
  const ms = page.performance.now() - t0;
  if (!article || !article.content) return { text: '', textContent: '', ms, note: 'Readability found no article' };
  return { text: blockText(article.content), textContent: article.textContent ?? '', ms };
}

/**
 * Defuddle works on the live document (it reads the page's styles and clones the document itself) and returns the
 * article as HTML, read back here with the same block-aware text as Readability's.
 */
function defuddle(): MethodRun {
  const t0 = page.performance.now();
  const result = new Defuddle(page.document as never).parse();
  const ms = page.performance.now() - t0;
  const html = result.content ?? '';
  const parsed = new page.DOMParser().parseFromString(html, 'text/html');
  const text = parsed.body ? blockText(parsed.body) : '';
  return { text, ms, note: text === '' ? 'Defuddle returned no content' : undefined };
}

const methods = { winnow, readability, defuddle };
export type EvalMethodName = keyof typeof methods;

/**
 * Runs one method and turns an exception it throws into a result, so that a peer crashing on a page is that peer's
 * empty answer (listed with the reason) and not a failure of the page for every method.
 */
function run(name: EvalMethodName, args: unknown[] = []): (MethodRun & { textContent?: string }) | { error: string } {
  try {
    return (methods[name] as (...a: unknown[]) => MethodRun)(...args);
  } catch (e) {
    return { error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

const api = { goldText, run };
export type EvalPageApi = typeof api;
(globalThis as unknown as { __winnowEval: EvalPageApi }).__winnowEval = api;
