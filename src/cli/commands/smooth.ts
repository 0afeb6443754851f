import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { smoothTree } from '../../smooth/smoothTree.ts';
import type { SmoothProblem } from '../../smooth/smoothProblem.ts';
import { defineCommand } from '../options/commandSpec.ts';

/**
 * Solves smoothing problems given as JSON lines on stdin, one answer line each, so others can check the solver
 * against their own. A bad line answers {"error": …} (and a message on stderr); the exit code says if any failed.
 */
export const smoothCommand = defineCommand({
  name: 'smooth',
  summary: 'run the exact smoothing solver on your own trees, given as JSON lines on stdin',
  usage: ['< problems.jsonl'],
  details: [
    'Each line is {"parents": […], "scores": […], "weights": […], "penalties": […]} (the root\'s parent is −1; ' +
      'weights default to 1); each answer line is {"values": […], "cost": …, "ms": …}: the minimiser of ' +
      'Σ wᵢ|xᵢ − yᵢ| + Σ γᵢ·[i is the root or yᵢ ≠ y(parent(i))] subject to yᵢ ≥ y(parent(i)). A malformed line ' +
      'answers {"error": …}, with a message on stderr, and the exit code is then 1.',
  ],
  positionals: false,
  options: {},
  example: `echo '{"parents":[-1,0,0],"scores":[0.9,0.8,0.1],"penalties":[0.3,0.1,0.1]}' | npx winnow smooth`,
  run: runSmooth,
});

async function runSmooth(): Promise<number> {
  let failed = 0;
  let lineNo = 0;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    lineNo++;
    if (line.trim() === '') continue;
    try {
      const problem = parseProblemLine(line);
      const t0 = performance.now();
      const result = smoothTree(problem);
      const ms = performance.now() - t0;
      console.log(JSON.stringify({ values: Array.from(result.values), cost: result.cost, ms: round(ms) }));
    } catch (e) {
      failed++;
      const message = (e as Error).message;
      console.error(`line ${lineNo}: ${message}`);
      console.log(JSON.stringify({ error: message }));
    }
  }
  return failed > 0 ? 1 : 0;
}

export function parseProblemLine(line: string): SmoothProblem {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (e) {
    throw new Error(`not valid JSON (${(e as Error).message})`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('expected a JSON object');
  const o = json as Record<string, unknown>;
  for (const key of ['parents', 'scores', 'penalties'] as const) {
    if (!Array.isArray(o[key])) throw new Error(`"${key}" must be an array of numbers`);
  }
  if (o.weights !== undefined && !Array.isArray(o.weights)) throw new Error('"weights" must be an array of numbers');
  return {
    parents: o.parents as number[],
    scores: o.scores as number[],
    penalties: o.penalties as number[],
    weights: o.weights as number[] | undefined,
  };
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
