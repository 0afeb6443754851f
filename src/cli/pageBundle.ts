import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

/**
 * The page-side script (src/capture/pageEntry.ts and the core it imports) as one classic script, built on demand by
 * esbuild (which tsx already brings), so the command line needs no separate build step.
 */
let cached: Promise<string> | null = null;

export function pageBundle(): Promise<string> {
  cached ??= build({
    entryPoints: [fileURLToPath(new URL('../capture/pageEntry.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0].text);
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
