import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { crx } from '@crxjs/vite-plugin';
import manifest from './manifest.json' with { type: 'json' };

/**
 * Firefox (`vite build --mode firefox` → dist-firefox/): Manifest V3 there has no background service worker, so the
 * same module runs as a background script, and Firefox wants an add-on id. Everything else is the Chromium manifest.
 */
function firefoxManifest(): Record<string, unknown> {
  // Firefox always clones extension messages; the key that asks Chromium to is not Firefox's.
  const { background, minimum_chrome_version: _chromeOnly, message_serialization: _chromeClone, ...rest } = manifest;
  return {
    ...rest,
    background: { scripts: [background.service_worker], type: 'module' },
    browser_specific_settings: {
      gecko: { id: 'winnow@winnow.invalid', strict_min_version: '142.0', data_collection_permissions: { required: ['none'] } },
    },
  };
}

/**
 * The library (`vite build --mode lib` → dist-lib/): winnowExtract as one classic script defining the global `Winnow`
 * (for a <script> tag or a page.evaluate) and as an ES module, the bundled model inlined.
 */
const libraryBuild = {
  outDir: 'dist-lib',
  emptyOutDir: true,
  target: 'es2022',
  copyPublicDir: false,
  lib: {
    entry: 'src/capture/libraryEntry.ts',
    name: 'Winnow',
    formats: ['iife', 'es'] as ('iife' | 'es')[],
    fileName: (format: string) => (format === 'es' ? 'winnow.mjs' : 'winnow.js'),
  },
};

/**
 * What each part of the extension costs a user to load, printed by every extension build and held to a budget: over
 * it the build fails, so CI (which builds) refuses a change that bloats a part. A part is its entry file plus every
 * chunk it imports, minified, before compression (gzip printed beside it). Budgets leave room above the sizes
 * `npm run build` printed on 2026-11-25 (content script 264 kB, worker 131 kB, popup 41 kB, service worker 87 kB)
 * for features, not for a new dependency by accident. Raise one deliberately, with the reason in the commit.
 */
const BUNDLE_BUDGETS: Array<{ part: string; file: RegExp; bytes: number }> = [
  // The file the browser injects: crxjs builds it as one script, dynamic imports inlined (its assets/contentScript.ts
  // chunk, measured before 2026-11-28, leaves out what a dynamic import would load).
  { part: 'content script', file: /^extension\/content\/contentScript\.js$/, bytes: 280_000 },
  // The engine decides among what a page's metadata declares (src/reader/declaredArticle.ts: JSON-LD, titles, bylines),
  // which the page's thread did before: 140 kB before, 148 kB with it (2026-11-28).
  { part: 'worker', file: /^assets\/pipelineWorker-[^/]+\.js$/, bytes: 152_000 },
  { part: 'popup', file: /^assets\/popup\.html-[^/]+\.js$/, bytes: 48_000 },
  // The pipeline (classifier, smoothing, reader decision, GCuts and its warm-up) runs in the background too, for pages
  // of up to 3,000 elements (background/enginePorts.ts): 87 kB before it, 197 kB with it (2026-11-28).
  { part: 'service worker', file: /^assets\/serviceWorker\.ts-[^/]+\.js$/, bytes: 210_000 },
];

function bundleBudgets(): Plugin {
  return {
    name: 'winnow-bundle-budgets',
    // After the other plugins': crxjs adds the content script the browser injects (one file) in its own.
    generateBundle: { order: 'post', handler(_options, bundle) {
      const bytesOf = (name: string, seen: Set<string>): Buffer[] => {
        const item = bundle[name];
        if (!item || seen.has(name)) return [];
        seen.add(name);
        if (item.type === 'asset') return [Buffer.from(item.source)];
        return [Buffer.from(item.code), ...item.imports.flatMap((dep) => bytesOf(dep, seen))];
      };
      const over: string[] = [];
      for (const { part, file, bytes } of BUNDLE_BUDGETS) {
        const entry = Object.keys(bundle).find((name) => file.test(name));
        if (!entry) {
          over.push(`${part}: no output file matches ${file}`);
          continue;
        }
        const parts = bytesOf(entry, new Set());
        const size = parts.reduce((sum, b) => sum + b.length, 0);
        const gzip = parts.reduce((sum, b) => sum + gzipSync(b).length, 0);
        const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
        console.log(`bundle: ${part.padEnd(15)} ${kb(size).padStart(9)} (gzip ${kb(gzip)}) of ${kb(bytes)} budget`);
        if (size > bytes) over.push(`${part} is ${kb(size)}, over its ${kb(bytes)} budget`);
      }
      if (over.length) this.error(`bundle budgets (vite.config.ts BUNDLE_BUDGETS): ${over.join('; ')}`);
    } },
  };
}

// One config for the extension build, the library build and vitest (the product card fixes the top-level files).
// The crx plugin only takes part in the extension's `vite build`; vitest and the library run without it.
export default defineConfig(({ command, mode }) => ({
  plugins: command !== 'build' || mode === 'lib' ? [] :
    mode === 'firefox' ? [crx({ manifest: firefoxManifest() as never, browser: 'firefox' }), bundleBudgets()] :
    [crx({ manifest }), bundleBudgets()],
  build: mode === 'lib' ? libraryBuild : {
    outDir: mode === 'firefox' ? 'dist-firefox' : 'dist',
    emptyOutDir: true,
    target: mode === 'firefox' ? 'firefox142' : 'chrome120',
    // Pages that are not in the manifest's entry points but are loaded at run time.
    rollupOptions: { input: { workerHost: 'extension/worker/worker-host.html' } },
  },
  worker: { format: 'es' },
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'property', include: ['test/property/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A real browser on a busy 2-core CI machine can take longer than the 1 s default to settle a poll.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // Firefox ESR driving the Firefox build (dist-firefox/) over WebDriver BiDi (test/firefox/firefoxHarness.ts).
        test: {
          name: 'firefox',
          include: ['test/firefox/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
