import { penaltyFactorProblem, SMOOTHING_DEFAULTS } from '../smooth/penalties.ts';

/** What a user (popup slider, CLI flag, library option) can tune. Defaults are the paper's (000 §5.3). */
export interface PipelineOptions {
  /** c in γᵢ = c·A/Aᵢ. */
  penaltyFactor: number;
  /** Smoothed score at or above which a segment is template. */
  threshold: number;
  /** Nodes smaller than this (px²) are hidden and rolled into their parent. */
  minArea: number;
}

export const DEFAULT_PIPELINE_OPTIONS: PipelineOptions = { ...SMOOTHING_DEFAULTS, threshold: 0.5 };

/** The one rule per option: why a value is not valid for it, or null when it is. Every host checks through these. */
const OPTION_RULES: { [K in keyof PipelineOptions]: (v: unknown) => string | null } = {
  penaltyFactor: penaltyFactorProblem,
  threshold: (v) => (typeof v === 'number' && v >= 0 && v <= 1 ? null : `the threshold must be in [0, 1], got ${String(v)}`),
  minArea: (v) => (typeof v === 'number' && v >= 0 && Number.isFinite(v) ? null
    : `the minimum area must be a finite number ≥ 0, got ${String(v)}`),
};

/** Why `value` is not valid for option `key`, or null when it is (for validators that report every problem). */
export function optionProblem(key: keyof PipelineOptions, value: unknown): string | null {
  return OPTION_RULES[key](value);
}

/** Whether `value` is valid for option `key` (stored settings keep valid values and drop the rest). */
export function isValidOption(key: keyof PipelineOptions, value: unknown): value is number {
  return optionProblem(key, value) === null;
}

/** The options with defaults filled in; throws with the first invalid value's reason. */
export function pipelineOptions(partial: Partial<PipelineOptions> = {}): PipelineOptions {
  const o = { ...DEFAULT_PIPELINE_OPTIONS, ...stripUndefined(partial) };
  for (const key of Object.keys(OPTION_RULES) as Array<keyof PipelineOptions>) {
    const problem = OPTION_RULES[key](o[key]);
    if (problem) throw new Error(problem);
  }
  return o;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
