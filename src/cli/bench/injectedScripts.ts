import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the benches inject into pages to time: Winnow's capture walk, and Readability.js to compare it with. */

/** This checkout's root (src/cli/bench is three levels down). */
const THIS_CHECKOUT = fileURLToPath(new URL('../../../', import.meta.url));

/** Readability.js as shipped (@mozilla/readability), a classic script that defines `Readability`. */
export const READABILITY_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('@mozilla/readability/Readability.js'), 'utf8');

/**
 * The capture walk of a checkout (this one unless `checkout` names another: a git worktree of an older commit) as one
 * minified classic script that defines `__winnowCapture` (captureSnapshot), as the extension ships it.
 */
export async function captureScript(checkout = THIS_CHECKOUT): Promise<string> {
  const entry = join(checkout, 'src/capture/captureSnapshot.ts');
  const contents = `import { captureSnapshot } from ${JSON.stringify(entry)}; ` +
    'globalThis.__winnowCapture = captureSnapshot;';
  const out = await build({
    stdin: { contents, resolveDir: checkout, loader: 'ts' },
    bundle: true, minify: true, format: 'iife', target: 'chrome120', write: false, logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}
