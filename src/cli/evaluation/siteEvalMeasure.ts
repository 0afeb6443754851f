/**
 * The site-level measurement of `winnow eval --dataset site` for one site: for each sample size n, several seeded
 * draws of n sample pages are remembered by a fresh site memory (the shipped limits, SITE_MEMORY_LIMITS), and every
 * other page of the site is cleaned and scored by template terms (siteEvalTerms.ts) with each method:
 *
 * - `siteLevel`, `rtdm`, `blocks`: one site method alone, its marked nodes (and their subtrees) removed;
 * - `pageLevel`: the classifier and smoothing alone, as `winnow extract` cleans a page;
 * - `prior:RULE@STRENGTH`: the page level with the site prior applied to its scores before smoothing;
 * - `twoSided:…`: an experiment, the prior also pulling unmarked nodes toward content (siteEvalTwoSided.ts).
 *
 * Pure (no browser, no files): pages arrive captured and classified.
 */
import type { Confusion } from '../../eval/templateMeasures.ts';
import type { ClassifiedPage } from '../../pipeline/runPipeline.ts';
import { smoothPage } from '../../pipeline/runPipeline.ts';
import type { PipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { readerKeep } from '../../segment/readerKeep.ts';
import { readerText } from '../../segment/readerText.ts';
import { METHOD_BIT, SITE_METHODS, type SiteEvidence, type SiteMethod } from '../../site/memory/siteEvidence.ts';
import { SiteMemory } from '../../site/memory/siteMemory.ts';
import { siteTemplateMask, type EvidenceRule, type SitePriorSettings } from '../../site/memory/sitePrior.ts';
import { cleanWithSiteEvidence } from '../site/siteClean.ts';
import { addConfusion, templateTermCounts, termSet } from './siteEvalTerms.ts';
import { drawSample, drawSeed, sampleSizesFor } from './siteEvalSampling.ts';
import { applyTwoSidedPrior, twoSidedKey, type TwoSidedPrior } from './siteEvalTwoSided.ts';

export interface SiteEvalPage {
  id: string;
  classified: ClassifiedPage;
  /** The page's reference content text (gold, human-labelled spans, or the site's content element). */
  referenceContent: string;
}

export type BaseMethod = SiteMethod | 'pageLevel';
export const BASE_METHODS: readonly BaseMethod[] = [...SITE_METHODS, 'pageLevel'];

/** Method key of a prior setting, e.g. `prior:any@0.8`. */
export function priorKey(p: SitePriorSettings): string {
  return `prior:${p.rule}@${p.strength}`;
}

export const PRIOR_RULES: readonly EvidenceRule[] = ['siteLevel', 'rtdm', 'blocks', 'any', 'majority'];
export const PRIOR_STRENGTHS: readonly number[] = [0.3, 0.5, 0.8, 1];

/** Every rule × strength the report measures. */
export function priorGrid(rules = PRIOR_RULES, strengths = PRIOR_STRENGTHS): SitePriorSettings[] {
  return rules.flatMap((rule) => strengths.map((strength) => ({ rule, strength })));
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

export interface MeasureOptions {
  sizes: readonly number[];
  draws: number;
  priors: readonly SitePriorSettings[];
  /** Experimental two-sided priors (siteEvalTwoSided.ts), measured beside the shipped one. */
  twoSided?: readonly TwoSidedPrior[];
  pipeline: PipelineOptions;
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
  const twoSided = o.twoSided ?? [];
  const methodKeys = [...BASE_METHODS, ...o.priors.map(priorKey), ...twoSided.map(twoSidedKey)];
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
        for (const prior of o.priors) {
          const signature = priorSignature(evidence, prior);
          let c = signature === null ? pageLevel[k] : done.get(signature);
          if (!c) {
            const cleaned = cleanWithSiteEvidence(pages[k].classified, evidence, o.pipeline, prior);
            c = templateTermCounts(terms[k], reference[k], termSet(cleaned.readerText));
            done.set(signature!, c);
          }
          addConfusion(counts[priorKey(prior)], c);
        }
        for (const prior of twoSided) {
          const classified = pages[k].classified;
          const scores = applyTwoSidedPrior(classified, evidence, prior);
          const smoothed = smoothPage({ ...classified, scores }, o.pipeline);
          const keep = readerKeep(s, smoothed.values, o.pipeline.threshold);
          const kept = termSet(readerText(s, (i) => keep[i] === 0));
          addConfusion(counts[twoSidedKey(prior)], templateTermCounts(terms[k], reference[k], kept));
        }
        measured++;
      }
    }
    cells.push({ site, pages: pages.length, n, draws: o.draws, measured, counts });
  }
  return cells;
}

/**
 * What a prior setting does to a page, as a string: the strength and the nodes it pulls; null when it pulls none
 * (the page is then cleaned as by the page level alone).
 */
export function priorSignature(e: SiteEvidence, p: SitePriorSettings): string | null {
  if (e.available.length === 0 || p.strength <= 0) return null;
  const mask = siteTemplateMask(e, p.rule);
  const nodes: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) nodes.push(i);
  return nodes.length === 0 ? null : `${Math.min(1, p.strength)}:${nodes.join(',')}`;
}
