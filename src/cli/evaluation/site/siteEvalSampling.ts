/**
 * Which pages of a site are the sample the site memory learns from, and which are measured (002 §6.1: templates
 * are found on a few sample pages and removed from the rest). Seeded, so a report is the same on every run. Pure.
 */
import { seededRandom } from '../../../util/seededRandom.ts';
import { fnv1a } from '../../datasets/siteSplit.ts';

/** The sample sizes of Vieira et al.'s Fig. 7 that this report plots. */
export const SAMPLE_SIZES: readonly number[] = [2, 5, 10, 25];

/** The sample sizes a site of `pages` pages allows: at least one page must be left to measure. */
export function sampleSizesFor(pages: number, sizes: readonly number[] = SAMPLE_SIZES): number[] {
  return sizes.filter((n) => n >= 1 && n < pages);
}

/** Seed of one draw: depends on the site, the size and the draw number only, never on what else runs. */
export function drawSeed(site: string, n: number, draw: number): number {
  return fnv1a(`${site}|${n}|${draw}`);
}

/**
 * `n` of the indices 0…count−1 drawn without replacement (a seeded partial Fisher–Yates shuffle), in the order they
 * are drawn (the order the memory remembers them), and the others in ascending order.
 */
export function drawSample(count: number, n: number, seed: number): { sample: number[]; rest: number[] } {
  if (!Number.isInteger(n) || n < 0 || n > count) throw new RangeError(`cannot draw ${n} of ${count} pages`);
  const order = Array.from({ length: count }, (_, i) => i);
  const random = seededRandom(seed);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (count - i));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return { sample: order.slice(0, n), rest: order.slice(n).sort((a, b) => a - b) };
}
