/**
 * What inspect mode shows about one segment root: the classifier's score and why (per-feature contributions of the
 * model), the site memory's evidence, the smoothed value and the penalty at which the segment would merge with its
 * parent. Computed in the worker from the kept page session (src/session/pageSession.ts); plain data, so it crosses
 * the worker's port as it is.
 */

/**
 * One feature's part in a node's score: coefficient × (feature value − the bucket's mean), in logit units (positive:
 * towards template).
 */
export interface FeatureContribution {
  /** The feature's name in the feature schema (src/features/featureSchema.ts). */
  feature: string;
  /** The node's raw feature value. */
  value: number;
  /** Its contribution to the logit, relative to the bucket's mean node (so contributions are comparable). */
  contribution: number;
}

export interface NodeInspection {
  node: number;
  /** The classifier's probability for the node, page-level (before any site prior). */
  rawScore: number;
  /** The score the smoothing took (with the site prior when the site gave evidence). */
  priorScore: number;
  /** The smoothed value of the node with the given options. */
  smoothed: number;
  /** The node-area bucket whose model scored it (000 §5.2), 0..3. */
  bucket: number;
  /** The logit of rawScore: the bucket's mean-node logit plus the sum of all contributions. */
  logit: number;
  baseLogit: number;
  /** The largest contributions by absolute value, largest first (at most `top` asked for). */
  contributions: FeatureContribution[];
  /** The site memory's evidence on this node; null when the run had none. */
  site: { template: boolean; pagesSeen: number; methods: string[] } | null;
  /**
   * The smallest penalty factor c at which the node's segment (the one it belongs to) merges with its parent
   * segment, holding the rest of the smoothing fixed (src/inspect/mergePenalty.ts says exactly what that means);
   * null for the page root's segment or when no finite c merges it. `current` is the c of the run.
   */
  merge: { penaltyFactor: number | null; current: number };
}

/** Feature rows of a labelled segment's nodes, for fitting a personal model on a person's labels. */
export interface LabelTrainingRows {
  /** One row per node (raw features in the model's feature order), rounded to keep storage small. */
  features: number[][];
  /** Each row's node area as a share of the page (picks the model's area bucket). */
  areaFractions: number[];
}
