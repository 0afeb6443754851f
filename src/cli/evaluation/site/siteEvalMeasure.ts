/**
 * The site-level measurement of `winnow eval --dataset site` for one site: for each sample size n, several seeded
 * draws of n sample pages are remembered by a fresh site memory (the shipped limits, SITE_MEMORY_LIMITS), and every
 * other page of the site is cleaned and scored by template terms (siteEvalTerms.ts) with each method:
 *
 * - `siteLevel`, `rtdm`, `blocks`: one site method alone, its marked nodes (and their subtrees) removed;
 * - `pageLevel`: the classifier and smoothing alone, as `winnow extract` cleans a page;
 * - `prior:RULE@STRENGTH/downD/fromP`: the page level with the site prior applied to its scores before smoothing
 *   (`prior:RULE@STRENGTH` when it only pulls up, down 0);
 * - `feature:stacked`, `feature:evidenceTerms`: site evidence as a feature, the stacked model of siteFeatureModel.ts
 *   (fitted on training sites) in place of the prior, when the options carry one.
 *
 * Pure (no browser, no files): pages arrive captured and classified.
 */
import { fMeasure, type Confusion } from '../../../eval/templateMeasures.ts';
import type { ClassifiedPage } from '../../../pipeline/runPipeline.ts';
import { smoothPage } from '../../../pipeline/runPipeline.ts';
import type { PipelineOptions } from '../../../pipeline/pipelineOptions.ts';
import { readerKeep } from '../../../reader/readerKeep.ts';
import { readerText } from '../../../reader/readerText.ts';
import { METHOD_BIT, SITE_METHODS, type SiteEvidence, type SiteMethod } from '../../../site/memory/siteEvidence.ts';
import { SiteMemory } from '../../../site/memory/siteMemory.ts';
import {
  pullsDown, siteTemplateMask, SITE_PRIOR_DEFAULTS, type EvidenceRule, type SitePriorSettings,
} from '../../../site/memory/sitePrior.ts';
import { cleanWithSiteEvidence } from './siteClean.ts';
import { cleanWithStackedModel } from './siteFeatureClean.ts';
import { STACKED_USES, stackedKey, type StackedSiteModel } from './siteFeatureModel.ts';
import { addConfusion, templateTermCounts, termSet } from './siteEvalTerms.ts';
import { drawSample, drawSeed, sampleSizesFor } from './siteEvalSampling.ts';

export interface SiteEvalPage {
  id: string;
  classified: ClassifiedPage;
  /** The page's reference content text (gold, human-labelled spans, or the site's content element). */
  referenceContent: string;
}

export type BaseMethod = SiteMethod | 'pageLevel';
export const BASE_METHODS: readonly BaseMethod[] = [...SITE_METHODS, 'pageLevel'];

/** Method key of a prior setting, e.g. `prior:any@0.8/down0.3/from3`; `prior:any@0.8` when it only pulls up. */
export function priorKey(p: SitePriorSettings): string {
  return `prior:${p.rule}@${p.strength}` + (p.down > 0 ? `/down${p.down}/from${p.minPagesSeen}` : '');
}

export const PRIOR_RULES: readonly EvidenceRule[] = ['siteLevel', 'rtdm', 'blocks', 'any', 'majority'];
export const PRIOR_STRENGTHS: readonly number[] = [0.3, 0.5, 0.8, 1];

/** Every rule × strength the report measures, with the pull down of `base` (the shipped one). */
export function priorGrid(rules = PRIOR_RULES, strengths = PRIOR_STRENGTHS, base = SITE_PRIOR_DEFAULTS):
  SitePriorSettings[] {
  return rules.flatMap((rule) => strengths.map((strength) => ({ ...base, rule, strength })));
}

/** One site at one sample size: the summed template-term confusion of every method over all draws and pages. */
export interface SiteCell {
  site: string;
  pages: number;
  n: number;
  draws: number;
  /** Pages measured, summed over the draws. */
  measured: number;
  counts: Record<string, Confusion>;
}

/** A cell's template-term F for one method key; NaN when the method was not measured. */
export function cellF(cell: SiteCell, key: string): number {
  const c = cell.counts[key];
  return c ? fMeasure(c).f : NaN;
}

export interface MeasureOptions {
  sizes: readonly number[];
  draws: number;
  /** Prior settings to measure; one with the same key as an earlier one is measured once. */
  priors: readonly SitePriorSettings[];
  pipeline: PipelineOptions;
  /** Site evidence as a feature: the fitted stacked model, measured in both its uses; none, not measured. */
  stacked?: StackedSiteModel;
}

export function measureSite(site: string, pages: SiteEvalPage[], o: MeasureOptions): SiteCell[] {
  const terms = pages.map((p) => termSet(p.classified.snapshot.text));
  const reference = pages.map((p) => termSet(p.referenceContent));
  // The page level does not depend on the sample: once per page.
  const pageLevel = pages.map((p, k) => {
    const smoothed = smoothPage(p.classified, o.pipeline);
    const keep = readerKeep(p.classified.snapshot, smoothed.values, o.pipeline.threshold);
    return templateTermCounts(terms[k], reference[k], termSet(readerText(p.classified.snapshot, (i) => keep[i] === 0)));
  });
  const priors = [...new Map(o.priors.map((p) => [priorKey(p), p])).values()];
  const stackedKeys = o.stacked ? STACKED_USES.map(stackedKey) : [];
  const methodKeys = [...BASE_METHODS, ...priors.map(priorKey), ...stackedKeys];
  const cells: SiteCell[] = [];
  for (const n of sampleSizesFor(pages.length, o.sizes)) {
    const counts: Record<string, Confusion> = Object.fromEntries(methodKeys.map((m) => [m, { tp: 0, fp: 0, fn: 0 }]));
    let measured = 0;
    for (let draw = 0; draw < o.draws; draw++) {
      const { sample, rest } = drawSample(pages.length, n, drawSeed(site, n, draw));
      const memory = SiteMemory.create();
      for (const k of sample) memory.remember(pages[k].classified.snapshot);
      for (const k of rest) {
        const s = pages[k].classified.snapshot;
        const evidence = memory.evidence(s);
        for (const m of SITE_METHODS) {
          const kept = readerText(s, (i) => (evidence.methods[i] & METHOD_BIT[m]) !== 0);
          addConfusion(counts[m], templateTermCounts(terms[k], reference[k], termSet(kept)));
        }
        addConfusion(counts.pageLevel, pageLevel[k]);
        // Settings that pull the same nodes by the same amount clean the page the same way: smooth each once.
        const done = new Map<string, Confusion>();
        for (const prior of priors) {
          const signature = priorSignature(evidence, prior);
          let c = signature === null ? pageLevel[k] : done.get(signature);
          if (!c) {
            const cleaned = cleanWithSiteEvidence(pages[k].classified, evidence, o.pipeline, prior);
            c = templateTermCounts(terms[k], reference[k], termSet(cleaned.readerText));
            done.set(signature!, c);
          }
          addConfusion(counts[priorKey(prior)], c);
        }
        for (const use of o.stacked ? STACKED_USES : []) {
          const kept = cleanWithStackedModel(pages[k].classified, evidence, o.stacked!, use, o.pipeline);
          addConfusion(counts[stackedKey(use)],
            kept === null ? pageLevel[k] : templateTermCounts(terms[k], reference[k], termSet(kept)));
        }
        measured++;
      }
    }
    cells.push({ site, pages: pages.length, n, draws: o.draws, measured, counts });
  }
  return cells;
}

/**
 * What a prior setting does to a page, as a string: the nodes it pulls up and by how much, and how much it pulls the
 * rest down (on one page, the nodes pulled down follow from those pulled up); null when it pulls nothing (the page is
 * then cleaned as by the page level alone).
 */
export function priorSignature(e: SiteEvidence, p: SitePriorSettings): string | null {
  if (e.available.length === 0) return null;
  const up = Math.min(1, Math.max(0, p.strength));
  const down = pullsDown(e, p) ? Math.min(1, p.down) : 0;
  const mask = siteTemplateMask(e, p.rule);
  const nodes: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) nodes.push(i);
  if ((nodes.length === 0 || up === 0) && down === 0) return null;
  return `${up}:${nodes.join(',')}|${down}`;
}
