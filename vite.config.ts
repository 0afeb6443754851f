import { defineConfig } from 'vitest/config';
import { crx } from '@crxjs/vite-plugin';
import manifest from './manifest.json' with { type: 'json' };

// One config for the extension build and for vitest (the product card fixes the top-level files). The crx plugin
// only takes part in `vite build`; vitest runs without it.
export default defineConfig(({ command }) => ({
  plugins: command === 'build' ? [crx({ manifest })] : [],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome120',
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
        },
      },
    ],
  },
}));
