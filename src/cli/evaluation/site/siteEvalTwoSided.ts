/**
 * The grid over the shipped prior's pull toward content (src/site/memory/sitePrior.ts): how far unmarked nodes with
 * text move down, and after how many of the site's other pages. `down` 0 is the one-sided prior (up only), the
 * comparison the report keeps; the rule and strength stay the shipped ones. Pure.
 */
import type { SitePriorSettings } from '../../../site/memory/sitePrior.ts';

export const PRIOR_DOWNS: readonly number[] = [0.2, 0.3, 0.5];
/** 3 is the shipped gate (SiteLevel's fewest pages); on sample sizes 2, 5, 10 it measures as 5 does. */
export const PRIOR_MIN_PAGES: readonly number[] = [2, 3, 5];

/** `base` without its pull down: the one-sided prior. */
export function oneSided(base: SitePriorSettings): SitePriorSettings {
  return { ...base, down: 0 };
}

/** The one-sided prior, then every down × minPagesSeen with the base's rule and strength. */
export function priorDownGrid(base: SitePriorSettings): SitePriorSettings[] {
  const pulls = PRIOR_DOWNS.flatMap((down) => PRIOR_MIN_PAGES.map((minPagesSeen) => ({ ...base, down, minPagesSeen })));
  return [oneSided(base), ...pulls];
}
