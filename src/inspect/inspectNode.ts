/**
 * Everything inspect mode shows about one node, gathered from one kept run of the page session: the classifier's
 * score split into feature contributions, the site memory's evidence, the smoothed value and the penalty at which the
 * node's segment merges with its parent segment. Reads what the run kept; computes nothing again but one pass over
 * the segment (mergePenalty.ts).
 */
import type { NodeInspection } from './nodeInspection.ts';
import { explainScore } from './featureContributions.ts';
import { checkNodeIndex } from './nodeIndex.ts';
import { mergePenaltyFactor, segmentRootOf, type MergeProblem } from './mergePenalty.ts';
import type { ClassifierInput, SmoothedPage } from '../pipeline/runPipeline.ts';
import type { SiteAwarePage } from '../pipeline/siteAware.ts';
import type { PipelineOptions } from '../pipeline/pipelineOptions.ts';

/** The smoothing problem's nodes (visible nodes) with their smoothed values, for the merge penalty. */
export interface MergeContext {
  problem: MergeProblem;
  /** Smoothed value per visible node (problem index). */
  values: Float64Array;
}

export interface InspectedRun {
  /** The classified page as smoothed: scores with the site prior, page-level scores, the site-template mask. */
  page: SiteAwarePage;
  classifier: ClassifierInput;
  /** The smoothing on screen, run on `page.scores` with `options`. */
  smoothed: SmoothedPage;
  options: PipelineOptions;
  merge: MergeContext;
}

export function inspectNode(run: InspectedRun, node: number, top: number): NodeInspection {
  const { page, classifier, smoothed, options } = run;
  checkNodeIndex(node, page.snapshot.count);
  const { features, weights } = classifier;
  const why = explainScore(weights, features, node, features.areaFraction[node], top);
  // Merge penalty of the segment the node belongs to (hidden nodes belong to the visible node they were rolled into).
  const { problem, values } = run.merge;
  const root = segmentRootOf(problem.parents, values, smoothed.ownerOf[node]);
  const evidence = page.evidence;
  return {
    node,
    rawScore: page.pageScores[node],
    priorScore: page.scores[node],
    smoothed: smoothed.values[node],
    bucket: why.bucket,
    logit: why.logit,
    baseLogit: why.baseLogit,
    contributions: why.contributions,
    site: evidence && {
      template: page.siteTemplate[node] === 1,
      pagesSeen: evidence.pagesSeen,
      methods: [...evidence.available],
    },
    merge: { penaltyFactor: mergePenaltyFactor(problem, values, root), current: options.penaltyFactor },
  };
}
