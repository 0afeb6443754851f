import { spawnSync } from 'node:child_process';

/** Runs `npx winnow …` as a user would, from the repository root, in its own process. */
export function winnow(args: string[], { input, timeoutMs = 170_000 }: { input?: string; timeoutMs?: number } = {}) {
  const r = spawnSync(process.execPath, ['src/cli/bin.mjs', ...args], { encoding: 'utf8', input, timeout: timeoutMs });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
