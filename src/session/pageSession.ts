/**
 * One page's run, from its snapshot to the reader decision and the site-memory update: classify → site evidence →
 * smooth → reader decision → remember. Every host runs a page through this class: the extension's worker (and its
 * in-page stand-in), the library (`winnowExtract`, which the command line's page script runs too) and the command
 * line's `--site` runs in Node. Only wire formats differ between them.
 *
 * The session keeps the classified page, so a new penalty or threshold only re-smooths (the popup's slider), and keeps
 * the site prior on the scores until `dropSiteEvidence` ("forget this site"). It also cuts the page the graph way
 * (paper 003's GCuts or CClus, `graphSegments`), once per snapshot, and names each segment template or content by the
 * smoothing.
 */
import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import type { ModelWeights } from '../model/weights.ts';
import {
  classifyPage, pageSmoothingProblem, smoothPage, type ClassifiedPage, type ClassifierInput, type SmoothedPage,
} from '../pipeline/runPipeline.ts';
import type { PipelineOptions } from '../pipeline/pipelineOptions.ts';
import { siteTemplateSegments, withSiteEvidence, type SiteAwarePage } from '../pipeline/siteAware.ts';
import { readerDecision, type ArticleHints, type ReaderDecision } from '../reader/readerDecision.ts';
import type { SiteMemory } from '../site/memory/siteMemory.ts';
import type { SiteEvidence } from '../site/memory/siteEvidence.ts';
import { SITE_PRIOR_DEFAULTS, type SitePriorSettings } from '../site/memory/sitePrior.ts';
import { templateSegmentShare } from './templateSegmentShare.ts';
import { now } from '../util/clock.ts';
import type { LabelTrainingRows, NodeInspection } from '../inspect/nodeInspection.ts';
import { inspectNode, type MergeContext } from '../inspect/inspectNode.ts';
import { segmentTrainingRows } from '../inspect/segmentTrainingRows.ts';
import { segmentPage, type GraphMethod } from '../segmentation/segmentPage.ts';
import { segmentBoxes, type PageSegmentation, type SegmentBox } from '../segmentation/pageSegmentation.ts';
import type { SegmentationModel } from '../segmentation/segmentationModel.ts';
import { emptyPhaseTimes, type GcutsPhaseTimes } from '../segmentation/gcutsPhaseTimes.ts';
import { graphSegmentVerdicts } from './graphSegmentVerdicts.ts';

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

/** The last smoothing, kept for inspect mode: what it shows must be the run on screen. */
interface KeptSmoothing {
  options: PipelineOptions;
  /** `values` is the session's own copy: hosts transfer the buffers of what `smooth` answers to another thread. */
  smoothed: SmoothedPage;
  /** Built on the first inspect of this run. */
  merge: MergeContext | null;
}

/** One segment of a graph segmentation with the smoothing's verdict on it (graphSegmentVerdicts.ts). */
export interface GraphSegment {
  /** Its parts: the page nodes heading them (snapshot indices) with their boxes, CSS px in document coordinates. */
  parts: Array<{ node: number; rect: SegmentBox['rect'] }>;
  /** The union of the parts' boxes. */
  rect: SegmentBox['rect'];
  leaves: number;
  chars: number;
  /** Area-weighted mean smoothed templateness of its leaves; template when at or above the threshold. */
  score: number;
  template: boolean;
}

/** The page cut by a graph segmenter (paper 003), each segment with its verdict at the options asked for. */
export interface GraphSegmentsResult {
  method: GraphMethod;
  segments: GraphSegment[];
  /** Milliseconds the segmentation took when it was made (a kept one reports that time; see `cached`). */
  segmentMs: number;
  /** GCuts' part of segmentMs phase by phase (gcutsPhaseTimes.ts; the rest is the tree, the start and the boxes). */
  phasesMs: GcutsPhaseTimes | null;
  /** Whether the kept segmentation answered: only the verdicts were computed for this call. */
  cached: boolean;
  /** Milliseconds this call took: the segmentation when not kept, the verdicts (and a smoothing for new options). */
  ms: number;
}

/** A graph segmentation of the session's snapshot, kept: it does not depend on the penalty or the threshold. */
interface KeptGraphSegmentation {
  model: SegmentationModel;
  minArea: number;
  segmentation: PageSegmentation;
  boxes: SegmentBox[];
  ms: number;
  phasesMs: GcutsPhaseTimes | null;
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
  /** The features and model that gave the scores; null when the classified page was given without them. */
  private readonly classifier: ClassifierInput | null;
  private kept: KeptSmoothing | null = null;
  /** Per method, the graph segmentation of the snapshot, made on first use. */
  private readonly graphs = new Map<GraphMethod, KeptGraphSegmentation>();

  /**
   * Features and classifier scores for the snapshot, then the site evidence; the snapshot is kept, not copied, and so
   * are the features, for `inspect`.
   */
  static classify(snapshot: PageSnapshot, weights: ModelWeights, options: PageSessionOptions = {}): PageSession {
    return new PageSession(classifyPage(snapshot, weights, { keepFeatures: true }), options);
  }

  constructor(classified: ClassifiedPage, options: PageSessionOptions = {}) {
    this.classifier = classified.classifier ?? null;
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
    const smoothed = this.smoothAndKeep(options);
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
    this.kept = null;
  }

  /**
   * What inspect mode shows about a node (snapshot index): its scores and the `top` feature contributions that made
   * the classifier's, the site evidence on it, its smoothed value and the penalty factor at which its segment merges
   * with the parent segment. From the last smoothing when it had these options (the run on screen), else from a new
   * one.
   */
  inspect(node: number, options: PipelineOptions, top = 6): NodeInspection {
    const classifier = this.requireClassifier();
    const kept = this.smoothingFor(options);
    kept.merge ??= this.mergeContext(kept);
    return inspectNode({ page: this.page, classifier, smoothed: kept.smoothed, options, merge: kept.merge }, node, top);
  }

  /**
   * Feature rows of the segment rooted at `segmentRoot` (snapshot index) under the smoothing with these options: the
   * root and the largest nodes the segment owns, rounded (src/inspect/segmentTrainingRows.ts).
   */
  trainingRows(segmentRoot: number, options: PipelineOptions): LabelTrainingRows {
    const { features } = this.requireClassifier();
    return segmentTrainingRows(this.page.snapshot, features, this.smoothingFor(options).smoothed, segmentRoot);
  }

  /**
   * The page cut by one of paper 003's graph segmenters (GCuts unless told otherwise) with the `model`'s learned
   * costs and the classifier's scores as a node feature, each segment with its template/content verdict from the
   * smoothing at these options (the last smoothing when they match; the rule is in graphSegmentVerdicts.ts). The
   * segmentation depends only on the snapshot, its scores, the model and the minimum area, so it is made once and
   * kept: a new penalty or threshold (the popup's sliders) only recomputes the verdicts.
   */
  graphSegments(model: SegmentationModel, options: PipelineOptions, method: GraphMethod = 'gcuts'):
    GraphSegmentsResult {
    const t0 = now();
    const s = this.page.snapshot;
    let graph = this.graphs.get(method);
    const cached = graph !== undefined && graph.model === model && graph.minArea === options.minArea;
    if (!cached) {
      // The page-level scores, as the model was trained with: the segmentation then does not change when the site's
      // evidence is dropped, and the kept one stays right.
      const times = method === 'gcuts' ? emptyPhaseTimes() : undefined;
      const segmentation = segmentPage(s, model, method, { scores: this.page.pageScores, minArea: options.minArea, times });
      const boxes = segmentBoxes(s, segmentation);
      graph = { model, minArea: options.minArea, segmentation, boxes, ms: now() - t0, phasesMs: times ?? null };
      this.graphs.set(method, graph);
    }
    const { segmentation, boxes, ms: segmentMs, phasesMs } = graph!;
    const { values } = this.smoothingFor(options).smoothed;
    const verdicts = graphSegmentVerdicts(s, segmentation, values, options.threshold);
    const rectOf = (i: number) =>
      ({ x: s.rect[4 * i], y: s.rect[4 * i + 1], width: s.rect[4 * i + 2], height: s.rect[4 * i + 3] });
    const segments = boxes.map((box, id): GraphSegment => ({
      parts: box.roots.map((node) => ({ node, rect: rectOf(node) })),
      rect: { ...box.rect },
      leaves: box.leaves,
      chars: box.chars,
      ...verdicts[id],
    }));
    return { method, segments, segmentMs, phasesMs, cached, ms: now() - t0 };
  }

  private smoothAndKeep(options: PipelineOptions): SmoothedPage {
    const smoothed = smoothPage(this.page, options);
    this.kept = { options: { ...options }, smoothed: { ...smoothed, values: smoothed.values.slice() }, merge: null };
    return smoothed;
  }

  private smoothingFor(options: PipelineOptions): KeptSmoothing {
    const k = this.kept;
    const same = k !== null && k.options.penaltyFactor === options.penaltyFactor &&
      k.options.minArea === options.minArea && k.options.threshold === options.threshold;
    if (!same) this.smoothAndKeep(options);
    return this.kept!;
  }

  /** The kept run's smoothing problem with penalties per unit of c, and its values per visible node. */
  private mergeContext(kept: KeptSmoothing): MergeContext {
    const { problem } = pageSmoothingProblem(this.page, { penaltyFactor: 1, minArea: kept.options.minArea });
    const { visibleNodes, values } = kept.smoothed;
    return {
      problem: { parents: problem.parents, scores: problem.scores, weights: problem.weights, unitPenalties: problem.penalties },
      values: Float64Array.from(visibleNodes, (i) => values[i]),
    };
  }

  private requireClassifier(): ClassifierInput {
    if (!this.classifier) throw new Error('this page was classified without keeping its features: nothing to inspect');
    return this.classifier;
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
