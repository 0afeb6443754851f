/**
 * The site evaluation's view of one page cleaned with given site evidence: the page session's prior, smoothing and
 * reader decision (src/session/pageSession.ts, what the extension and `--site` runs do), plus the text the site
 * measures read (readerKeep's, headline included). Pure: no browser, no files; `winnow eval --dataset site` cleans
 * each sampled page through it with the evidence of the pages it drew.
 */
import type { ClassifiedPage, SmoothedPage } from '../../../pipeline/runPipeline.ts';
import type { PipelineOptions } from '../../../pipeline/pipelineOptions.ts';
import { PageSession } from '../../../session/pageSession.ts';
import { readerKeep } from '../../../reader/readerKeep.ts';
import { readerText } from '../../../reader/readerText.ts';
import type { SiteEvidence } from '../../../site/memory/siteEvidence.ts';
import { SITE_PRIOR_DEFAULTS, type SitePriorSettings } from '../../../site/memory/sitePrior.ts';

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
  // The page session every host runs; the title hint is the page's <title> (a site run reads no other metadata).
  const session = new PageSession(classified, { evidence, prior, hints: { title: s.title } });
  const smoothed = session.smooth(options);
  const aware = session.classified;
  // The site measures count the headline as content, so they read readerKeep's text rather than the decision's body.
  const keep = readerKeep(s, smoothed.values, options.threshold);
  const body = smoothed.decision.keep;
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
