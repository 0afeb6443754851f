import type { PageSnapshot } from '../snapshot/pageSnapshot.ts';
import { nodeArea } from '../snapshot/pageSnapshot.ts';
import { computeFeatures, type NodeFeatures } from '../features/computeFeatures.ts';
import { classifyNodes } from '../model/bucketedModel.ts';
import type { ModelWeights } from '../model/weights.ts';
import { buildSmoothingProblem, type BuiltSmoothingProblem } from '../smooth/buildSmoothingProblem.ts';
import { smoothTree } from '../smooth/smoothTree.ts';
import { segmentsFromScores, type Segment } from '../segment/segments.ts';
import { basicValues } from '../segment/baselines.ts';
import { now } from '../util/clock.ts';
import type { PipelineOptions } from './pipelineOptions.ts';

/** Classifier output for one snapshot: kept so that a new penalty re-smooths without re-classifying. */
export interface ClassifiedPage {
  snapshot: PageSnapshot;
  /** Templateness x per node, straight from the classifier (PageLevel Basic). */
  scores: Float64Array;
  timings: { featuresMs: number; classifyMs: number };
  /**
   * What the classifier read, kept when asked (`keepFeatures`): inspect mode explains a node's score from it without
   * computing the features again. Absent for scores that came from elsewhere, and in batch runs that do not need it
   * (the feature matrix is the largest thing a classified page holds).
   */
  classifier?: ClassifierInput;
}

export interface ClassifierInput {
  features: NodeFeatures;
  weights: ModelWeights;
}

export interface SmoothedPage {
  /** Smoothed templateness y per node; hidden nodes carry the value of the node they were rolled into. */
  values: Float64Array;
  /** Objective value of the smoothing (000 §4, eq. 4 with node penalties and weights). */
  cost: number;
  /** PageLevel Basic for comparison: each node's raw score, or that of the visible node it is hidden in. */
  basicValues: Float64Array;
  /** Nodes that were smoothed (not hidden); the rest are under minArea or inside such a node. */
  smoothedNodes: number;
  /** Page nodes that were smoothed, in document order (the smoothing problem's nodes). */
  visibleNodes: Int32Array;
  /** Per page node, the index in `visibleNodes` of the node it is (or was rolled into). */
  ownerOf: Int32Array;
  segments: Segment[];
  timings: { smoothMs: number; segmentMs: number };
}

export interface PipelineTimings {
  captureMs: number;
  featuresMs: number;
  classifyMs: number;
  smoothMs: number;
  segmentMs: number;
  totalMs: number;
}

export interface PipelineResult extends SmoothedPage {
  scores: Float64Array;
  timingsMs: PipelineTimings;
}

export function classifyPage(snapshot: PageSnapshot, weights: ModelWeights, { keepFeatures = false } = {}):
  ClassifiedPage {
  const t0 = now();
  const features = computeFeatures(snapshot);
  const t1 = now();
  const scores = classifyNodes(weights, features, features.areaFraction);
  const t2 = now();
  const page: ClassifiedPage = { snapshot, scores, timings: { featuresMs: t1 - t0, classifyMs: t2 - t1 } };
  if (keepFeatures) page.classifier = { features, weights };
  return page;
}

/** The smoothing problem of a classified page: its visible nodes, their weights and γᵢ = c·A/Aᵢ (000 §5.3). */
export function pageSmoothingProblem(page: Pick<ClassifiedPage, 'snapshot'> & { scores: ArrayLike<number> },
  options: Pick<PipelineOptions, 'penaltyFactor' | 'minArea'>):
  BuiltSmoothingProblem {
  const s = page.snapshot;
  const areas = new Float64Array(s.count);
  for (let i = 0; i < s.count; i++) areas[i] = nodeArea(s, i);
  return buildSmoothingProblem(s.parent, areas, page.scores, {
    penaltyFactor: options.penaltyFactor,
    minArea: options.minArea,
    pageArea: Math.max(1, s.page.width * s.page.height),
  });
}

export function smoothPage(page: ClassifiedPage, options: PipelineOptions): SmoothedPage {
  const s = page.snapshot;
  const t0 = now();
  const built = pageSmoothingProblem(page, options);
  const solved = smoothTree(built.problem);
  const values = new Float64Array(s.count);
  for (let i = 0; i < s.count; i++) values[i] = solved.values[built.problemIndexOf[i]];
  const t1 = now();
  const roots = Array.from(solved.segments, (k) => built.nodeOf[k]);
  const segments = segmentsFromScores(s, values, roots, options.threshold);
  const t2 = now();
  return {
    values,
    basicValues: basicValues(page.scores, built.problemIndexOf, built.nodeOf),
    cost: solved.cost,
    smoothedNodes: built.nodeOf.length,
    visibleNodes: built.nodeOf,
    ownerOf: built.problemIndexOf,
    segments,
    timings: { smoothMs: t1 - t0, segmentMs: t2 - t1 },
  };
}

/** Features → classifier → isotonic smoothing → segments, with the time each stage took. */
export function runPipeline(snapshot: PageSnapshot, weights: ModelWeights, options: PipelineOptions): PipelineResult {
  const t0 = now();
  const classified = classifyPage(snapshot, weights);
  const smoothed = smoothPage(classified, options);
  const total = now() - t0;
  return {
    ...smoothed,
    scores: classified.scores,
    timingsMs: {
      captureMs: snapshot.captureMs,
      ...classified.timings,
      ...smoothed.timings,
      totalMs: snapshot.captureMs + total,
    },
  };
}
