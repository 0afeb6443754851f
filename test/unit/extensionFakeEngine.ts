/**
 * A stand-in for the pipeline engine (worker or in-page) in the controller's unit tests: no model, no smoothing. The
 * page's template parts are the elements named as navigation or footer (their snapshot hints), scored 0.8; the rest
 * is content at 0.1. It records what it was asked, so tests can check what the controller did and did not redo.
 */
import type { PipelineEngine } from '../../extension/content/pipelineEngine.ts';
import type { ClassifiedWire, GraphSegmentsWire, SmoothedWire } from '../../extension/shared/workerApi.ts';
import type { GraphMethod } from '../../src/segmentation/segmentPage.ts';
import type { RememberedWire, SiteMemoryReadWire } from '../../extension/shared/siteMemoryApi.ts';
import type { PipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { declaredHints, type DeclaredSources } from '../../src/reader/declaredArticle.ts';
import type { Segment } from '../../src/segment/segments.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import type { LabelTrainingRows, NodeInspection } from '../../src/inspect/nodeInspection.ts';
import { checkNodeIndex } from '../../src/inspect/nodeIndex.ts';
import { FEATURE_COUNT, FEATURE_INDEX } from '../../src/features/featureSchema.ts';

export const TEMPLATE_SCORE = 0.8;
const CONTENT_SCORE = 0.1;

export class FakeEngine implements PipelineEngine {
  readonly kind = 'worker' as const;
  readonly classified: Array<{ nodes: number; useSiteMemory: boolean; declared: DeclaredSources | undefined }> = [];
  readonly smoothed: PipelineOptions[] = [];
  readonly memoriesRead: Array<string | null> = [];
  /** The page address each readSiteMemory was asked for (undefined: none given). */
  readonly pagesReadFor: Array<string | undefined> = [];
  remembered = 0;
  droppedSiteEvidence = 0;
  readonly inspected: Array<{ node: number; options: PipelineOptions; top: number | undefined }> = [];
  readonly rowsAsked: Array<{ node: number; options: PipelineOptions }> = [];
  readonly graphAsked: Array<{ options: PipelineOptions; method: GraphMethod | undefined }> = [];
  /** Set to make the next classify fail (once). */
  failNextClassify: Error | null = null;
  /** Page-thread work each readSiteMemory and classify reports (as the background engine's posting does), in ms. */
  pageBusyEach = 0;
  onPageBusy?: (ms: number) => void;
  private parent = new Int32Array(0);
  private rect = new Float32Array(0);
  /** Per node, 1 inside a part named as navigation or footer. */
  private template = new Uint8Array(0);
  private templateRoots: number[] = [];
  private siteEvidence = false;

  /**
   * A memory's text may say how many pages it holds (`pages`, else 2) and how many of them are other than the page
   * being run (`others`, else all).
   */
  async readSiteMemory(memory: string | null, page?: string): Promise<SiteMemoryReadWire> {
    this.memoriesRead.push(memory);
    this.pagesReadFor.push(page);
    if (this.pageBusyEach) this.onPageBusy?.(this.pageBusyEach);
    const { pages = 2, others = pages } =
      memory ? JSON.parse(memory) as { pages?: number; others?: number } : { pages: 0 };
    return { pages, otherPages: others, problem: null, ms: 1 };
  }

  async classify(snapshot: PageSnapshot, _weightsJson: unknown, useSiteMemory = false, declared?: DeclaredSources):
    Promise<ClassifiedWire> {
    const failure = this.failNextClassify;
    this.failNextClassify = null;
    if (failure) throw failure;
    this.classified.push({ nodes: snapshot.count, useSiteMemory, declared });
    if (this.pageBusyEach) this.onPageBusy?.(this.pageBusyEach);
    this.parent = snapshot.parent.slice();
    this.rect = snapshot.rect.slice();
    this.template = new Uint8Array(snapshot.count);
    this.templateRoots = [];
    for (let i = 1; i < snapshot.count; i++) {
      const named = (snapshot.hints[i] & (HintBit.NAV | HintBit.FOOTER)) !== 0;
      if (named && !this.template[this.parent[i]]) this.templateRoots.push(i);
      this.template[i] = named || this.template[this.parent[i]] ? 1 : 0;
    }
    this.siteEvidence = useSiteMemory;
    const site = useSiteMemory ? { pagesSeen: 2, methods: ['siteLevel'], templateNodes: 3, setAside: null, ms: 4 } : null;
    // Decided as the real engines decide (pipelineHandlers.ts).
    const hints = declared && declaredHints(declared, snapshot.title);
    return { nodes: snapshot.count, featuresMs: 1, classifyMs: 2, site,
      declared: hints ? { title: hints.title, byline: hints.byline } : null };
  }

  async smooth(options: PipelineOptions): Promise<SmoothedWire> {
    if (this.parent.length === 0) throw new Error('not classified yet');
    this.smoothed.push(options);
    const n = this.parent.length;
    const segment = (node: number, score: number, parentSegment: number): Segment => ({
      node, score, template: score >= options.threshold, rect: { x: 0, y: 0, width: 100, height: 20 }, text: '',
      parentSegment,
    });
    const segments = [segment(0, CONTENT_SCORE, -1), ...this.templateRoots.map((i) => segment(i, TEMPLATE_SCORE, 0))];
    const content = Uint8Array.from(this.template, (t, i) => (t || i === 0 ? 0 : 1));
    return {
      values: Float64Array.from(this.template, (t) => (t ? TEMPLATE_SCORE : CONTENT_SCORE)),
      readerKeep: content,
      show: content.slice(),
      headline: -1,
      byline: -1,
      segments,
      // The first template part (the navigation) repeats across the site while the site's evidence is on.
      siteSegments: Uint8Array.from(segments, (_, k) => (k === 1 && this.siteEvidence ? 1 : 0)),
      smoothedNodes: n,
      cost: 0,
      templateTextShare: segments.some((g) => g.template) ? 0.25 : 0,
      smoothMs: 3,
    };
  }

  async rememberPage(): Promise<RememberedWire> {
    this.remembered += 1;
    return { memory: '{"pages":3}', pagesRemembered: 3, ms: 5 };
  }

  async dropSiteEvidence(): Promise<unknown> {
    this.droppedSiteEvidence += 1;
    this.siteEvidence = false;
    return { nodes: this.parent.length };
  }

  /**
   * A card like the real one's: the node's fake score as the classifier's, two features that explain it from the mean
   * node's logit, the fake site evidence, and a merge penalty above the current c (none for the page root's segment).
   */
  async inspect(node: number, options: PipelineOptions, top = 6): Promise<NodeInspection> {
    if (this.parent.length === 0) throw new Error('not classified yet');
    checkNodeIndex(node, this.parent.length);
    this.inspected.push({ node, options, top });
    const template = this.template[node] === 1;
    const score = template ? TEMPLATE_SCORE : CONTENT_SCORE;
    const logit = Math.log(score / (1 - score));
    const contributions = [
      { feature: 'anchorTextFraction', value: template ? 0.9 : 0.05, contribution: template ? 1.5 : -0.8 },
      { feature: 'marginTopScreens', value: template ? 0 : 1.2, contribution: template ? 0.4 : -0.3 },
    ].slice(0, top);
    return {
      node,
      rawScore: score,
      priorScore: score,
      smoothed: score,
      bucket: node === 0 ? 3 : 1,
      logit,
      baseLogit: logit - contributions.reduce((sum, c) => sum + c.contribution, 0),
      contributions,
      site: this.siteEvidence ? { template, pagesSeen: 2, methods: ['siteLevel'] } : null,
      merge: { penaltyFactor: template ? options.penaltyFactor * 4 : null, current: options.penaltyFactor },
    };
  }

  /** One row for the node, zeros but its area fraction (0.1). */
  async trainingRows(node: number, options: PipelineOptions): Promise<LabelTrainingRows> {
    if (this.parent.length === 0) throw new Error('not classified yet');
    checkNodeIndex(node, this.parent.length);
    this.rowsAsked.push({ node, options });
    const row = new Array<number>(FEATURE_COUNT).fill(0);
    row[FEATURE_INDEX.areaFraction] = 0.1;
    return { features: [row], areaFractions: [0.1] };
  }

  /**
   * A graph segmentation like GCuts' in shape: each template part is a segment (score 0.8), and so is each other child
   * of the page root (0.1); verdicts at the options' threshold. The time it reports is fixed (7 ms).
   */
  async graphSegments(options: PipelineOptions, method?: GraphMethod): Promise<GraphSegmentsWire> {
    if (this.parent.length === 0) throw new Error('not classified yet');
    this.graphAsked.push({ options, method });
    const roots = new Set(this.templateRoots);
    for (let i = 1; i < this.parent.length; i++) if (this.parent[i] === 0 && !this.template[i]) roots.add(i);
    const rectOf = (i: number) =>
      ({ x: this.rect[4 * i], y: this.rect[4 * i + 1], width: this.rect[4 * i + 2], height: this.rect[4 * i + 3] });
    const segments = [...roots].sort((a, b) => a - b).map((node) => {
      const score = this.template[node] ? TEMPLATE_SCORE : CONTENT_SCORE;
      return { parts: [{ node, rect: rectOf(node) }], rect: rectOf(node), leaves: 1, chars: 10, score,
        template: score >= options.threshold };
    });
    return { method: method ?? 'gcuts', model: 'fake-seg', segments, segmentMs: 7, phasesMs: null, cached: false, ms: 7,
      warmUp: null };
  }

  dispose(): void {}
}
