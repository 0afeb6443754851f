import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

/**
 * A TypeScript entry file and everything it imports as one classic script (an IIFE), built by esbuild (which tsx
 * already brings) so the command line needs no separate build step; injected with page.evaluate, so no page CSP can
 * block it.
 */
export function bundleClassicScript(entry: URL): Promise<string> {
  return build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0].text);
}

let cached: Promise<string> | null = null;

/** The page-side script: src/capture/pageEntry.ts and the core it imports. */
export function pageBundle(): Promise<string> {
  cached ??= bundleClassicScript(new URL('../capture/pageEntry.ts', import.meta.url));
  return cached;
}

let captureHash: Promise<string> | null = null;

/**
 * A hash of only the code that decides what a capture contains (the walk, training labels, the JSON form): cached
 * captures stay valid across changes to features, model or smoothing, and are redone when capture changes.
 */
export function captureCodeHash(): Promise<string> {
  const dir = fileURLToPath(new URL('../capture/', import.meta.url));
  captureHash ??= build({
    stdin: {
      contents: "export * from './captureSnapshot.ts'; export * from './trainingLabels.ts';" +
        "export * from '../snapshot/snapshotJson.ts';",
      resolveDir: dir,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  }).then((r) => createHash('sha256').update(r.outputFiles[0].text).digest('hex').slice(0, 12));
  return captureHash;
}
