import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { PageApi } from '../../capture/page/pageApi.ts';

/**
 * The one door into a rendered page: src/capture/pageEntry.ts and everything it imports (the core, and the peers
 * `winnow eval` compares) as one classic script (an IIFE), which installs the page API; Node code then calls it with
 * callPage. Built by esbuild, on first use and once per process, so the command line needs no separate build step.
 */
let cached: Promise<string> | null = null;

/** The page script's source (built once; awaited early by callers whose clock must not include the build). */
export function pageScript(): Promise<string> {
  cached ??= build({
    entryPoints: [fileURLToPath(new URL('../../capture/pageEntry.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0].text);
  return cached;
}

/**
 * Installs the page API in the page. Evaluated through the DevTools protocol rather than a <script> tag, so neither a
 * strict page CSP nor disabled JavaScript can block it.
 */
export async function injectPageScript(page: Page): Promise<void> {
  await page.evaluate(await pageScript());
}

/** Calls one function of the page API in a page that has the page script; arguments and result are JSON. */
export function callPage<K extends keyof PageApi>(page: Page, name: K, ...args: Parameters<PageApi[K]>):
  Promise<ReturnType<PageApi[K]>> {
  // An arrow without names inside: tsx would wrap a named function in its __name helper, which the page lacks.
  return page.evaluate(
    ([n, a]) => (globalThis as unknown as { __winnow: Record<string, (...x: unknown[]) => unknown> }).__winnow[n](...a),
    [name, args] as [string, unknown[]],
  ) as Promise<ReturnType<PageApi[K]>>;
}

let captureHash: Promise<string> | null = null;

/**
 * A hash of only the code that decides what a capture contains (the walk, training labels, the JSON form): cached
 * captures stay valid across changes to features, model or smoothing, and are redone when capture changes.
 */
export function captureCodeHash(): Promise<string> {
  captureHash ??= codeHash("export * from './captureSnapshot.ts'; export * from './trainingLabels.ts';" +
    "export * from '../snapshot/snapshotJson.ts';");
  return captureHash;
}

let humanBlocksHash: Promise<string> | null = null;

/** A hash of the code that reads the segmentation's human blocks in the page (part of its captures' cache key). */
export function humanBlocksCodeHash(): Promise<string> {
  humanBlocksHash ??= codeHash("export * from './page/humanBlocks.ts';");
  return humanBlocksHash;
}

/** A hash of the bundled code of these modules of src/capture (comments and types do not count). */
function codeHash(contents: string): Promise<string> {
  return build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('../../capture/', import.meta.url)), loader: 'ts' },
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  }).then((r) => createHash('sha256').update(r.outputFiles[0].text).digest('hex').slice(0, 12));
}
