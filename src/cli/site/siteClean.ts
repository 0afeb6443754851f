/**
 * One page cleaned with what its site's other pages say (issue 5, "Command line"): the classifier's scores get the
 * site prior before the isotonic smoothing (src/pipeline/siteAware.ts, as the extension does it), so a block the
 * site repeats is pulled toward template, the rest of the text toward content once a few of the site's pages are
 * known, and the smoothing decides what that does to the page's segments. Pure: no
 * browser, no files; `winnow analyze --site`, `winnow extract --site` and `winnow eval --dataset site` all clean
 * pages through it.
 */
import type { ClassifiedPage, SmoothedPage } from '../../pipeline/runPipeline.ts';
import { smoothPage } from '../../pipeline/runPipeline.ts';
import type { PipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { withSiteEvidence } from '../../pipeline/siteAware.ts';
import { readerKeep } from '../../reader/readerKeep.ts';
import { readerDecision } from '../../reader/readerDecision.ts';
import { readerText } from '../../reader/readerText.ts';
import type { SiteEvidence } from '../../site/memory/siteEvidence.ts';
import { SITE_PRIOR_DEFAULTS, type SitePriorSettings } from '../../site/memory/sitePrior.ts';

export interface SiteCleanedPage {
  /** Classifier scores after the site prior (equal to the classifier's when the site gave no evidence). */
  scores: Float64Array;
  smoothed: SmoothedPage;
  /** Per node, 1 when the reader text keeps it (readerKeep: the headline included, as the site measures want). */
  keep: Uint8Array;
  readerText: string;
  /** The reader decision's body text (headline and byline apart): what `extract --site` prints. */
  bodyText: string;
  /** Per node, 1 when the prior's rule calls it a site template (all 0 when the evidence was set aside). */
  siteTemplate: Uint8Array;
  /** Why the evidence was not used: the page looks like a copy of a remembered one (siteAware.ts). */
  setAside: 'copy' | null;
}

/** Prior, smoothing and reader text for one classified page; `evidence` must come from the site's other pages. */
export function cleanWithSiteEvidence(classified: ClassifiedPage, evidence: SiteEvidence | null,
  options: PipelineOptions, prior: SitePriorSettings = SITE_PRIOR_DEFAULTS): SiteCleanedPage {
  const s = classified.snapshot;
  const aware = withSiteEvidence(classified, evidence, prior);
  const smoothed = smoothPage(aware, options);
  const keep = readerKeep(s, smoothed.values, options.threshold);
  // What `extract --site` prints: the reader decision's body, as for a page without site evidence; the title hint is
  // the page's <title> (a site run reads no other metadata), so the body does not repeat the headline.
  const body = readerDecision(s, smoothed.values, options.threshold, { title: s.title }).keep;
  return {
    scores: aware.scores,
    smoothed,
    keep,
    readerText: readerText(s, (i) => keep[i] === 0),
    bodyText: readerText(s, (i) => body[i] === 0),
    siteTemplate: aware.siteTemplate,
    setAside: aware.setAside,
  };
}
