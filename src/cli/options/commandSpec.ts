/**
 * A subcommand as one table: what it does, its options, an example, and the code that runs it. The option table is
 * the single source for parsing (parseCommandLine.ts) and for `--help` (commandHelp.ts), so the two cannot drift.
 */

/** One option of a subcommand: how it is parsed and what its help says. */
export type OptionSpec =
  | {
    type: 'string';
    /** The value's placeholder in the help: C, MS, PATH, on|off. */
    value: string;
    /** What the option means, one sentence or two. */
    help: string;
    /** What applies when it is not given, for the help: read from the code's constant, never retyped. */
    default?: string | number;
    short?: string;
  }
  | { type: 'boolean'; help: string; short?: string };

export type OptionTable = Record<string, OptionSpec>;

/** Parsed values: a string per string option given, true per flag given; absent when not given. */
export type OptionValues<O extends OptionTable> = {
  [K in keyof O]?: O[K] extends { type: 'boolean' } ? boolean : string;
};

export interface CommandSpec<O extends OptionTable = OptionTable> {
  name: string;
  /** One line: what the command does (`winnow --help` lists it). */
  summary: string;
  /** The forms of the call after `winnow NAME`, e.g. 'FILE_OR_DIR… [options]'. */
  usage: readonly string[];
  /** Lines after the usage: inputs, outputs and rules the options alone do not say. */
  details?: readonly string[];
  /** Whether the command takes arguments besides its options (files, folders). */
  positionals: boolean;
  options: O;
  /** One call that works from the repository's root. */
  example: string;
  /** Runs the command on parsed arguments (`args` as given, for reports that quote the command); the exit code. */
  run(values: OptionValues<O>, positionals: string[], args: readonly string[]): Promise<number>;
}

/** A command with its option table's types kept, so `run` sees exactly the options the table declares. */
export function defineCommand<const O extends OptionTable>(spec: CommandSpec<O>): CommandSpec<O> {
  return spec;
}
