import { benchSmoothing } from '../bench/benchSmoothing.ts';
import { benchPipeline } from '../bench/benchPipeline.ts';
import { defineCommand } from '../options/commandSpec.ts';
import { numberOption } from '../options/optionValues.ts';

/** Prints the figures the issues ask for: smoothing speed and memory, and in-page pipeline time per real page. */
export const benchCommand = defineCommand({
  name: 'bench',
  summary: 'time the smoothing on random DOM-like trees and the in-page pipeline on real pages',
  usage: ['[options]'],
  details: [
    'First the exact smoothing on seeded DOM-like trees of 1,000 to 100,000 nodes (time and memory, and a worst ' +
      'case of deep wrapper chains), then capture, features, classification and smoothing inside the page, per ' +
      "stage, on ../shared/data's Readability fixture pages, each run twice (the first run pays for compiling). " +
      "`npm run bench` adds the extension's figures and the site-memory ones (src/cli/bench/).",
  ],
  positionals: false,
  options: {
    pages: { type: 'string', value: 'N', help: 'only the first N Readability pages (all when not given)' },
    'skip-smoothing': { type: 'boolean', help: 'leave out the smoothing on random trees' },
  },
  example: 'npx winnow bench --pages 10 --skip-smoothing',
  async run(values) {
    if (!values['skip-smoothing']) {
      console.log('## Smoothing (exact), DOM-like random trees');
      await benchSmoothing((line) => console.log(line));
    }
    console.log('\n## Capture + features + classify + smooth in the page, Readability fixture pages (1280×800)');
    return (await benchPipeline(numberOption(values.pages, 'pages'))) ? 0 : 1;
  },
});
