import { pipelineOptions, type PipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { UsageError } from './usageError.ts';

/** A number option, or undefined when absent; a clear error when it is not a number. */
export function numberOption(value: string | boolean | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(n)) {
    throw new UsageError(`--${name} needs a number, got '${value}'`);
  }
  return n;
}

/** `--scripts` when not given: the pages' own scripts run. */
export const DEFAULT_SCRIPTS = 'on';

/** `--scripts on|off`: whether the pages' own scripts run (default on). */
export function scriptsOption(value: string | boolean | undefined): boolean {
  const v = value ?? DEFAULT_SCRIPTS;
  if (v === 'on') return true;
  if (v === 'off') return false;
  throw new UsageError(`--scripts needs on or off, got '${value}'`);
}

/** One of `allowed`, or undefined when absent; a usage error naming the choices otherwise. */
export function choiceOption<T extends string>(value: string | undefined, name: string, allowed: readonly T[]):
  T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got '${value}'`);
  }
  return value as T;
}

/**
 * The smoothing options from `--penalty` and `--threshold`, checked by the pipeline's own rules (pipelineOptions); a
 * value it refuses is a usage error (exit 2), like any other bad option value.
 */
export function pipelineOptionValues(values: { penalty?: string | boolean; threshold?: string | boolean }):
  PipelineOptions {
  const partial = {
    penaltyFactor: numberOption(values.penalty, 'penalty'),
    threshold: numberOption(values.threshold, 'threshold'),
  };
  try {
    return pipelineOptions(partial);
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}
