import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { COMMANDS } from '../../src/cli/main.ts';
import { optionLabel } from '../../src/cli/options/commandHelp.ts';
import { parseCommandLine } from '../../src/cli/options/parseCommandLine.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../src/pipeline/pipelineOptions.ts';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../../src/cli/browser/readablePage.ts';
import { winnow } from './winnowInProcess.ts';

afterEach(() => vi.restoreAllMocks());

describe('winnow --help', () => {
  it('lists every command with its one line and says where the details are', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const r = await winnow(flag);
      expect(r.code).toBe(0);
      for (const c of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${c.name} +${escape(c.summary.slice(0, 40))}`, 'm'));
      expect(r.stdout).toContain("winnow <command> --help");
    }
  });

  it('without a command prints the same list and exits 2; an unknown command goes to stderr', async () => {
    const none = await winnow();
    expect(none.code).toBe(2);
    expect(none.stdout).toContain('Commands:');
    const unknown = await winnow('nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'nope'");
  });
});

describe.each(COMMANDS.map((c) => [c.name, c] as const))('winnow %s --help', (name, spec) => {
  it('answers --help and -h with exit 0 and the same usage', async () => {
    const long = await winnow(name, '--help');
    expect(long.code).toBe(0);
    expect(long.stderr).toBe('');
    expect(long.stdout.split('\n')[0]).toBe(`winnow ${name}: ${spec.summary}`);
    expect((await winnow(name, '-h')).stdout).toBe(long.stdout);
    expect((await winnow('help', name)).stdout).toBe(long.stdout);
  });

  it('explains every option its parser accepts, with the default when it has one, and gives an example', async () => {
    const { stdout } = await winnow(name, '--help');
    for (const [option, o] of Object.entries(spec.options)) {
      // The parser is built from the same table: an option without help text cannot be parsed either.
      expect(o.help.length, `--${option} needs help text`).toBeGreaterThan(10);
      const line = stdout.split('\n').find((l) => l.trimStart().startsWith(`${optionLabel(option, o)} `) ||
        l.trim() === optionLabel(option, o));
      expect(line, `--${option} is not in the help`).toBeDefined();
      if (o.type === 'string' && o.default !== undefined) {
        expect(stdout.replace(/\s+/g, ' ')).toContain(`(default: ${o.default})`);
      }
      const args = o.type === 'string' ? [`--${option}`, 'x'] : [`--${option}`];
      expect(parseCommandLine(spec, args)).toMatchObject({ help: false });
    }
    const example = stdout.split('\n').at(-1)!;
    expect(stdout.split('\n').at(-2)).toBe('Example:');
    expect(example).toContain(`npx winnow ${name}`);
  });

  it('rejects an unknown option with exit 2, naming its --help', async () => {
    const r = await winnow(name, '--no-such-option');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`winnow ${name}: Unknown option '--no-such-option'`);
    expect(r.stderr).toContain(`winnow ${name} --help`);
    expect(r.stdout).toBe('');
  });

  it('still answers --help beside a mistake', async () => {
    expect((await winnow(name, '--no-such-option', '--help')).code).toBe(0);
  });
});

describe('defaults in the help', () => {
  it("are the code's constants", async () => {
    const flat = (await winnow('analyze', '--help')).stdout.replace(/\s+/g, ' ');
    expect(flat).toContain(`γᵢ = c·A/Aᵢ`);
    expect(flat).toMatch(new RegExp(`--penalty C .*\\(default: ${escape(String(DEFAULT_PIPELINE_OPTIONS.penaltyFactor))}\\)`));
    expect(flat).toContain(`(default: ${DEFAULT_PIPELINE_OPTIONS.threshold})`);
    expect(flat).toContain(`(default: ${DEFAULT_PAGE_TIMEOUT_MS})`);
  });
});

describe('usage errors', () => {
  it('a missing input names the help; a bad value says what it needs and stays one line', async () => {
    const missing = await winnow('extract');
    expect(missing.code).toBe(2);
    expect(missing.stderr.split('\n')).toEqual([
      'winnow extract: extract needs at least one FILE', "Run 'winnow extract --help' for its usage and options.",
    ]);
    const bad = await winnow('analyze', 'x.html', '--penalty', 'lots');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("winnow analyze: --penalty needs a number, got 'lots'");
  });

  it('a value the pipeline refuses is a usage error too, with the pipeline\'s reason', async () => {
    for (const cmd of ['analyze', 'extract']) {
      const r = await winnow(cmd, 'x.html', '--penalty=-1');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('the penalty must be a finite number ≥ 0, got -1');
    }
    const t = await winnow('eval', '--dataset', 'wcxb', '--threshold', '1.5');
    expect(t.code).toBe(2);
    expect(t.stderr).toContain('the threshold must be in [0, 1], got 1.5');
  });

  it('a stray argument to a command that takes none is a usage error', async () => {
    const r = await winnow('smooth', 'problems.jsonl');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unexpected argument 'problems.jsonl'");
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe("README's command line section", () => {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Command line'), readme.indexOf('\n## ', readme.indexOf('## Command line') + 1));

  it('shows every command and names every option the help has', () => {
    for (const c of COMMANDS) {
      expect(section, c.name).toContain(`npx winnow ${c.name}`);
      for (const option of Object.keys(c.options)) expect(section, `${c.name} --${option}`).toContain(`--${option}`);
    }
    expect(section).toContain('npx winnow <command> --help');
  });
});
