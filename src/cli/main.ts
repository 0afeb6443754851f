import { runAnalyze } from './commands/analyze.ts';
import { runExtract } from './commands/extract.ts';
import { runSmooth } from './commands/smooth.ts';
import { runTrain } from './commands/train.ts';
import { runBench } from './commands/bench.ts';
import { runDemo } from './commands/demo.ts';
import { runEval } from './commands/eval.ts';
import { UsageError } from './args.ts';

const USAGE = `winnow: find the template parts of web pages

  winnow analyze FILE_OR_DIR… [--site] [--penalty C] [--threshold T] [--json] [--timeout MS] [--scripts on|off]
  winnow extract FILE… --format jsonl [--site] [--penalty C] [--timeout MS] [--scripts on|off]
  winnow smooth < problems.jsonl
  winnow train --l3s PATH [--dragnet PATH] [--wcxb PATH] [--iana PATH] [--labels l3s|sitelevel|both|gold|all]
               [--weighting row|page|source] [--baseline FILE] [--ablation]
               [--theta F] [--min-site-pages N] [--out FILE] [--limit N] [--no-cache]
  winnow eval --dataset dragnet|cleaneval|l3s|wcxb|segmentation|site [--limit N] [--out DIR] [--timeout MS] [--penalty C] [--threshold T]
  winnow eval --pages DIR --truth FILE [--split held-out|train|all] [the options above]
              (content extraction, not segmentation|site, also takes [--scripts on|off] [--json])
  winnow bench
  winnow demo [--out FILE.png]

  --site: the files, in the order given, are pages of one site; each is cleaned with what the pages before it
          taught the site memory (SiteLevel, RTDM-TD, block clusters), then remembered.
  --scripts off: the pages' own scripts do not run (Winnow's still does); a page whose scripts hold it is read
          that way anyway, with a warning.`;

type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  analyze: runAnalyze,
  extract: runExtract,
  smooth: runSmooth,
  train: runTrain,
  eval: runEval,
  bench: runBench,
  demo: runDemo,
};

/** Returns the process exit code: 0 when every item succeeded, 1 when any failed, 2 for a usage error. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`winnow: unknown command '${name}'\n\n${USAGE}`);
    return 2;
  }
  try {
    return await command(rest);
  } catch (e) {
    console.error(`winnow ${name}: ${e instanceof Error ? e.message : String(e)}`);
    return e instanceof UsageError ? 2 : 1;
  }
}
