import { vi } from 'vitest';
import { main } from '../../src/cli/main.ts';

/** Runs `winnow …` in-process and keeps what it printed (for calls that render no page). */
export async function winnow(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  try {
    const code = await main(argv);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    vi.restoreAllMocks();
  }
}
