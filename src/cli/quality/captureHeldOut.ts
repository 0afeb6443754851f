/**
 * Captures every held-out gold page into the shared capture cache (.cache/capture/<capture hash>/), so the reader's
 * rules and new models can be measured in Node in seconds instead of re-rendering hundreds of pages each time.
 * Run: npx tsx src/cli/quality/captureHeldOut.ts
 */
import { captureLabelledPages } from '../datasets/captureLabelled.ts';
import { heldOutGoldPages } from './heldOutPages.ts';

const pages = await heldOutGoldPages();
const started = Date.now();
const captured = await captureLabelledPages(pages, { useCache: true, log: (s) => console.error(s) });
const failed = captured.filter((c) => 'error' in c);
console.error(`${captured.length - failed.length} captured, ${failed.length} failed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const f of failed) console.error(`${f.page.id}: ${'error' in f ? f.error : ''}`);
