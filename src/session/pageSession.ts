/**
 * One page's run, from its snapshot to the reader decision and the site-memory update: classify → site evidence →
 * smooth → reader decision → remember. Every host runs a page through this class: the extension's worker (and its
 * in-page stand-in), the library (`winnowExtract`, which the command line's page script runs too) and the command
 * line's `--site` runs in Node. Only wire formats differ between them.
 *
 * The session keeps the classified page, so a new penalty or threshold only re-smooths (the popup's slider), and keeps
 * the site prior on the scores until `dropSiteEvidence` ("forget this site").
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import type { ModelWeights } from '../model/weights.ts';
import { classifyPage, smoothPage, type ClassifiedPage, type SmoothedPage } from '../pipeline/runPipeline.ts';
import type { PipelineOptions } from '../pipeline/pipelineOptions.ts';
import { siteTemplateSegments, withSiteEvidence, type SiteAwarePage } from '../pipeline/siteAware.ts';
import { readerDecision, type ArticleHints, type ReaderDecision } from '../reader/readerDecision.ts';
import type { SiteMemory } from '../site/memory/siteMemory.ts';
import type { SiteEvidence } from '../site/memory/siteEvidence.ts';
import { SITE_PRIOR_DEFAULTS, type SitePriorSettings } from '../site/memory/sitePrior.ts';
import { templateSegmentShare } from './templateSegmentShare.ts';
import { now } from '../util/clock.ts';

export interface PageSessionOptions {
  /** What the document says about its article (title, byline, author nodes), for the reader decision. */
  hints?: ArticleHints;
  /**
   * The site's memory, without this page: its evidence becomes a prior on the scores, and `remember` adds the page
   * to it. SiteMemory leaves out a stored page with the same address (a reload), so a page never votes for itself.
   */
  siteMemory?: SiteMemory | null;
  /** Evidence computed elsewhere (the site evaluation draws its own samples); used when no `siteMemory` is given. */
  evidence?: SiteEvidence | null;
  prior?: SitePriorSettings;
}

/** One smoothing of the session's page and what the reader makes of it. */
export interface PageSessionResult extends SmoothedPage {
  decision: ReaderDecision;
  /** Per segment, 1 when its root node repeats across the site's pages (a site-level template). */
  siteSegments: Uint8Array;
  /** Share of the segments' text that is in template segments (src/session/templateSegmentShare.ts). */
  templateShare: number;
  /** Milliseconds the reader decision took (the smoothing's own are in `timings`). */
  readerMs: number;
}

/** What the site memory gave this page, for status lines and reports. */
export interface SessionSiteEvidence {
  evidence: SiteEvidence;
  /** Nodes the prior's rule calls a site template (0 when the evidence was set aside). */
  templateNodes: number;
  setAside: SiteAwarePage['setAside'];
  ms: number;
}

export class PageSession {
  /** The classified page with the site prior on its scores (when the site gave evidence). */
  private page: SiteAwarePage;
  private readonly hints: ArticleHints;
  private readonly siteMemory: SiteMemory | null;
  /** Null without site memory or evidence, and after `dropSiteEvidence`. */
  private site: SessionSiteEvidence | null = null;

  /** Features and classifier scores for the snapshot, then the site evidence; the snapshot is kept, not copied. */
  static classify(snapshot: PageSnapshot, weights: ModelWeights, options: PageSessionOptions = {}): PageSession {
    return new PageSession(classifyPage(snapshot, weights), options);
  }

  constructor(classified: ClassifiedPage, options: PageSessionOptions = {}) {
    this.hints = options.hints ?? {};
    this.siteMemory = options.siteMemory ?? null;
    const t0 = now();
    const evidence = this.siteMemory ? this.siteMemory.evidence(classified.snapshot) : options.evidence ?? null;
    this.page = withSiteEvidence(classified, evidence, options.prior ?? SITE_PRIOR_DEFAULTS);
    if (evidence) {
      let templateNodes = 0;
      for (const bit of this.page.siteTemplate) templateNodes += bit;
      this.site = { evidence, templateNodes, setAside: this.page.setAside, ms: now() - t0 };
    }
  }

  get snapshot(): PageSnapshot {
    return this.page.snapshot;
  }

  /** The classified page as smoothed: scores with the site prior, the page-level scores and the site-template mask. */
  get classified(): SiteAwarePage {
    return this.page;
  }

  /** The site evidence the scores carry; null without any, and after `dropSiteEvidence`. */
  get siteEvidence(): SessionSiteEvidence | null {
    return this.site;
  }

  /** Isotonic smoothing of the kept scores with these options, then the reader decision on the smoothed values. */
  smooth(options: PipelineOptions): PageSessionResult {
    const smoothed = smoothPage(this.page, options);
    const t0 = now();
    const decision = readerDecision(this.page.snapshot, smoothed.values, options.threshold, this.hints);
    return {
      ...smoothed,
      decision,
      readerMs: now() - t0,
      siteSegments: siteTemplateSegments(smoothed.segments, this.page.siteTemplate),
      templateShare: templateSegmentShare(smoothed.segments),
    };
  }

  /** Takes the site prior off the scores ("forget this site"); the next smooth is page-level only. */
  dropSiteEvidence(): void {
    this.page = withSiteEvidence(this.page, null);
    this.site = null;
  }

  /**
   * Adds the page to the site memory it was given with and answers that memory. Hosts call it once the page is on
   * screen: remembering costs more than reading the evidence.
   */
  remember(): SiteMemory {
    if (!this.siteMemory) throw new Error('no site memory was given for this page');
    this.siteMemory.remember(this.page.snapshot);
    return this.siteMemory;
  }
}
