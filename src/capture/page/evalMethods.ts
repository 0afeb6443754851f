/**
 * The methods `winnow eval` compares, run in the rendered page on the same document Winnow sees and timed there:
 * Winnow itself and the two peers, @mozilla/readability and defuddle (dev dependencies, bundled from node_modules
 * into the command line's page script).
 */
import { Readability } from '@mozilla/readability';
import Defuddle from 'defuddle';
import { blockText } from './blockText.ts';
import type { EvalMethodName, EvalMethodOutcome, MethodRun } from './pageApi.ts';

/** Winnow end to end (capture, features, classifier, smoothing, segments, reader): `readerText` runs all of it. */
function winnow(readerText: () => string): MethodRun {
  const t0 = performance.now();
  const text = readerText();
  return { text, ms: performance.now() - t0 };
}

/**
 * Readability changes the document it parses, so it gets a clone (the clone is part of its time, as in the
 * benchmark bench of test/e2e/extensionBench.ts). `textContent` is what the Scrapinghub benchmark scores; `text`
 * is the same article read with block boundaries (see blockText).
 */
function readability(): MethodRun {
  const t0 = performance.now();
  const clone = document.cloneNode(true) as Document;
  const article = new Readability<Node>(clone, { serializer: (node) => node }).parse();
  const ms = performance.now() - t0;
  if (!article || !article.content) return { text: '', textContent: '', ms, note: 'Readability found no article' };
  return { text: blockText(article.content), textContent: article.textContent ?? '', ms };
}

/**
 * Defuddle works on the live document (it reads the page's styles and clones the document itself) and returns the
 * article as HTML, read back here with the same block-aware text as Readability's.
 */
function defuddle(): MethodRun {
  const t0 = performance.now();
  const result = new Defuddle(document).parse();
  const ms = performance.now() - t0;
  const html = result.content ?? '';
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const text = parsed.body ? blockText(parsed.body) : '';
  return { text, ms, note: text === '' ? 'Defuddle returned no content' : undefined };
}

/**
 * Runs one method and turns an exception it throws into a result, so that a peer crashing on a page is that peer's
 * empty answer (listed with the reason) and not a failure of the page for every method. `winnowText` is Winnow's
 * reader text of the page (the page script's analyze).
 */
export function runEvalMethod(name: EvalMethodName, winnowText: () => string): EvalMethodOutcome {
  try {
    if (name === 'winnow') return winnow(winnowText);
    return name === 'readability' ? readability() : defuddle();
  } catch (e) {
    return { error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}
