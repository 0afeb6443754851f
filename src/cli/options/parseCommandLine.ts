import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CommandSpec, OptionTable, OptionValues } from './commandSpec.ts';
import { UsageError } from './usageError.ts';

/** Every command answers these with its help. */
export const HELP_FLAGS: readonly string[] = ['--help', '-h'];

export type ParsedCommandLine<O extends OptionTable> =
  | { help: true }
  | { help: false; values: OptionValues<O>; positionals: string[] };

/**
 * Parses a command's arguments by its option table (node:util parseArgs, strict). `--help` or `-h` anywhere asks
 * for the help, even beside a mistake; any other mistake is a usage error that points at the help.
 */
export function parseCommandLine<O extends OptionTable>(spec: CommandSpec<O>, args: readonly string[]):
  ParsedCommandLine<O> {
  const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } };
  for (const [name, o] of Object.entries(spec.options)) {
    options[name] = o.short ? { type: o.type, short: o.short } : { type: o.type };
  }
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: spec.positionals, strict: true });
  } catch (e) {
    if (args.some((a) => HELP_FLAGS.includes(a))) return { help: true };
    // parseArgs adds how to pass a file named like an option; the help line that follows says more.
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument[^]*$/, ''), true);
  }
  const { help, ...values } = parsed.values;
  if (help) return { help: true };
  return { help: false, values: values as OptionValues<O>, positionals: parsed.positionals };
}
