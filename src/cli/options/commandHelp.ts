import type { CommandSpec, OptionSpec } from './commandSpec.ts';

/** Help lines wrap here: wide enough for a path and a sentence, narrow enough for a split terminal. */
const WIDTH = 100;
/** A label longer than this stands on its own line, its text below it, so one long label does not squeeze the rest. */
const MAX_LABEL = 26;

/** `winnow NAME --help`: what it does, how to call it, every option with its meaning and default, one example. */
export function commandHelp(spec: CommandSpec): string {
  const rows: Array<[string, string]> = Object.entries(spec.options).map(([name, o]) => [optionLabel(name, o), optionText(o)]);
  rows.push(['-h, --help', 'show this help']);
  const lines = [
    `winnow ${spec.name}: ${spec.summary}`,
    '',
    'Usage:',
    ...spec.usage.map((u) => `  winnow ${spec.name} ${u}`.trimEnd()),
  ];
  for (const paragraph of spec.details ?? []) lines.push('', ...wrap(paragraph, WIDTH));
  lines.push('', 'Options:', ...table(rows, 2), '', 'Example:', `  ${spec.example}`);
  return lines.join('\n');
}

/** `winnow --help`: the commands, one line each, and where each one's options are. */
export function overviewHelp(commands: readonly CommandSpec[]): string {
  return [
    'winnow: find the template parts of web pages',
    '',
    'Usage: winnow <command> [options]',
    '',
    'Commands:',
    ...table(commands.map((c) => [c.name, c.summary]), 2),
    '',
    "Run 'winnow <command> --help' for a command's options, their defaults and an example.",
  ].join('\n');
}

/** `--penalty C`, `--json`, `-o, --out PATH`. */
export function optionLabel(name: string, o: OptionSpec): string {
  const flag = `${o.short ? `-${o.short}, ` : ''}--${name}`;
  return o.type === 'string' ? `${flag} ${o.value}` : flag;
}

function optionText(o: OptionSpec): string {
  return o.type === 'string' && o.default !== undefined ? `${o.help} (default: ${o.default})` : o.help;
}

/** Two columns, the second wrapped under itself. */
function table(rows: Array<[string, string]>, indent: number): string[] {
  const left = Math.min(MAX_LABEL, Math.max(...rows.map(([l]) => l.length))) + 2;
  const pad = ' '.repeat(indent);
  return rows.flatMap(([l, r]) => {
    const text = wrap(r, WIDTH - indent - left).map((line) => `${' '.repeat(left)}${line}`);
    if (l.length + 2 > left) return [`${pad}${l}`, ...text.map((line) => `${pad}${line}`)];
    return text.map((line, k) => `${pad}${k === 0 ? l.padEnd(left) + line.slice(left) : line}`);
  });
}

/** Words into lines of at most `width` characters (a longer word stands alone). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return line ? [...lines, line] : [''];
}
