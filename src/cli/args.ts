import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how the command was called: exit code 2 and the usage line. */
export class UsageError extends Error {}

export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** A number option, or undefined when absent; a clear error when it is not a number. */
export function numberOption(value: string | boolean | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(n)) {
    throw new UsageError(`--${name} needs a number, got '${value}'`);
  }
  return n;
}

/** `--scripts on|off`: whether the pages' own scripts run (default on). */
export function scriptsOption(value: string | boolean | undefined): boolean {
  if (value === undefined || value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`--scripts needs on or off, got '${value}'`);
}
