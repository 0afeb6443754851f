/** What a user (popup slider, CLI flag) can tune. Defaults are the paper's (000 §5.3). */
export interface PipelineOptions {
  /** c in γᵢ = c·A/Aᵢ. */
  penaltyFactor: number;
  /** Smoothed score at or above which a segment is template. */
  threshold: number;
  /** Nodes smaller than this (px²) are hidden and rolled into their parent. */
  minArea: number;
}

export const DEFAULT_PIPELINE_OPTIONS: PipelineOptions = { penaltyFactor: 0.01, threshold: 0.5, minArea: 2000 };

export function pipelineOptions(partial: Partial<PipelineOptions> = {}): PipelineOptions {
  const o = { ...DEFAULT_PIPELINE_OPTIONS, ...stripUndefined(partial) };
  if (!(o.penaltyFactor >= 0) || !Number.isFinite(o.penaltyFactor)) {
    throw new Error(`penalty must be a finite number ≥ 0, got ${partial.penaltyFactor}`);
  }
  if (!(o.threshold >= 0 && o.threshold <= 1)) throw new Error(`threshold must be in [0, 1], got ${partial.threshold}`);
  if (!(o.minArea >= 0) || !Number.isFinite(o.minArea)) {
    throw new Error(`minimum area must be a finite number ≥ 0, got ${partial.minArea}`);
  }
  return o;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
