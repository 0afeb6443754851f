import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

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
