/**
 * An experiment the report measures beside the shipped prior, not shipped itself: a *two-sided* site prior. The
 * shipped prior (src/site/memory/sitePrior.ts) only pulls the nodes the site marks toward template; this one also
 * pulls every other node with text toward content, x' = (1 − down)·x, once the rule's methods had enough pages to
 * speak. It asks whether "the site's other pages do not repeat this" is evidence of content, which is where the page
 * level errs most on iana (lists of links that are the page's own content). Pure.
 */
import type { ClassifiedPage } from '../../pipeline/runPipeline.ts';
import { withSiteEvidence } from '../../pipeline/siteAware.ts';
import type { SiteEvidence } from '../../site/memory/siteEvidence.ts';
import type { SitePriorSettings } from '../../site/memory/sitePrior.ts';

export interface TwoSidedPrior extends SitePriorSettings {
  /** How far an unmarked node with text moves toward 0 (0 = the shipped one-sided prior). */
  down: number;
  /** Pull down only once the memory held at least this many other pages of the site. */
  minPagesSeen: number;
}

export function twoSidedKey(p: TwoSidedPrior): string {
  return `twoSided:${p.rule}@${p.strength}/${p.down}/${p.minPagesSeen}`;
}

/** Whether the rule's own methods had enough pages to say anything ('any'/'majority': at least one did). */
function ruleAvailable(e: SiteEvidence, rule: SitePriorSettings['rule']): boolean {
  return rule === 'any' || rule === 'majority' ? e.available.length > 0 : e.available.includes(rule);
}

/** The shipped prior (withSiteEvidence, with its guard against copies), then the downward pull. */
export function applyTwoSidedPrior(page: ClassifiedPage, e: SiteEvidence, p: TwoSidedPrior): Float64Array {
  const aware = withSiteEvidence(page, e, p);
  const out = aware.scores;
  if (!aware.evidence || p.down <= 0 || e.pagesSeen < p.minPagesSeen || !ruleAvailable(e, p.rule)) return out;
  const s = page.snapshot;
  const k = Math.min(1, p.down);
  for (let i = 0; i < out.length; i++) if (!aware.siteTemplate[i] && s.textChars[i] > 0) out[i] *= 1 - k;
  return out;
}

export const TWO_SIDED_DOWN: readonly number[] = [0.2, 0.3, 0.5];
export const TWO_SIDED_MIN_PAGES: readonly number[] = [2, 5];

/** The experiment's settings: the given (shipped) prior plus each downward pull and page gate. */
export function twoSidedGrid(base: SitePriorSettings): TwoSidedPrior[] {
  return TWO_SIDED_DOWN.flatMap((down) => TWO_SIDED_MIN_PAGES.map((minPagesSeen) => ({ ...base, down, minPagesSeen })));
}
