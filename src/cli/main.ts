import { analyzeCommand } from './commands/analyze.ts';
import { extractCommand } from './commands/extract.ts';
import { smoothCommand } from './commands/smooth.ts';
import { trainCommand } from './commands/train.ts';
import { evalCommand } from './commands/eval.ts';
import { benchCommand } from './commands/bench.ts';
import { demoCommand } from './commands/demo.ts';
import { dedupCommand } from './commands/dedup.ts';
import { segmentCommand } from './commands/segment.ts';
import type { CommandSpec, OptionTable } from './options/commandSpec.ts';
import { commandHelp, overviewHelp } from './options/commandHelp.ts';
import { HELP_FLAGS, parseCommandLine } from './options/parseCommandLine.ts';
import { UsageError } from './options/usageError.ts';

/** Every subcommand, in the order `winnow --help` lists them. */
export const COMMANDS: readonly CommandSpec[] = [
  analyzeCommand, extractCommand, smoothCommand, trainCommand, evalCommand, benchCommand, demoCommand, dedupCommand,
  segmentCommand,
];

/** Returns the process exit code: 0 when every item succeeded, 1 when any failed, 2 for a usage error. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || HELP_FLAGS.includes(name) || name === 'help') {
    const asked = name === 'help' && rest.length > 0 ? commandNamed(rest[0]) : undefined;
    console.log(asked ? commandHelp(asked) : overviewHelp(COMMANDS));
    return name ? 0 : 2;
  }
  const command = commandNamed(name);
  if (!command) {
    console.error(`winnow: unknown command '${name}'\n\n${overviewHelp(COMMANDS)}`);
    return 2;
  }
  try {
    const parsed = parseCommandLine<OptionTable>(command, rest);
    if (parsed.help) {
      console.log(commandHelp(command));
      return 0;
    }
    return await command.run(parsed.values, parsed.positionals, rest);
  } catch (e) {
    console.error(`winnow ${name}: ${e instanceof Error ? e.message : String(e)}`);
    if (e instanceof UsageError && e.seeHelp) console.error(`Run 'winnow ${name} --help' for its usage and options.`);
    return e instanceof UsageError ? 2 : 1;
  }
}

function commandNamed(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}
