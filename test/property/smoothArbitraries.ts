import fc from 'fast-check';
import type { SmoothProblem } from '../../src/smooth/smoothProblem.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

/** Scores drawn from a small pool (so ties between nodes and crossings landing on scores happen) or anywhere. */
const score = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(0, 0.25, 0.5, 1, -1, 0.3) },
  { weight: 1, arbitrary: fc.double({ min: -2, max: 2, noNaN: true, noDefaultInfinity: true }) },
);
const weight = fc.oneof(fc.constant(0), fc.constant(1), fc.constant(2), fc.double({ min: 0, max: 3, noNaN: true }));
const penalty = fc.oneof(
  fc.constant(0),
  fc.constantFrom(0.05, 0.25, 0.5, 1),
  fc.double({ min: 0, max: 0.5, noNaN: true }),
  fc.double({ min: 0, max: 4, noNaN: true }),
);

/**
 * A random tree of 1..maxNodes nodes, labelled in a random order (not parents first), with scores, penalties and,
 * in most cases, weights.
 */
export function smallProblem(maxNodes: number): fc.Arbitrary<SmoothProblem> {
  return fc.integer({ min: 1, max: maxNodes }).chain((n) =>
    fc.record({
      // attach[i] < i + 1: node i + 1 of the pre-order hangs under an earlier node.
      attach: fc.tuple(...Array.from({ length: n - 1 }, (_, i) => fc.integer({ min: 0, max: i }))),
      label: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
      scores: fc.array(score, { minLength: n, maxLength: n }),
      weights: fc.option(fc.array(weight, { minLength: n, maxLength: n }), { freq: 4 }),
      penalties: fc.array(penalty, { minLength: n, maxLength: n }),
    }).map(({ attach, label, scores, weights, penalties }) => {
      const parents = new Array<number>(n);
      parents[label[0]] = -1;
      attach.forEach((p, i) => (parents[label[i + 1]] = label[p]));
      return { parents, scores, weights: weights ?? undefined, penalties };
    }),
  );
}

export type TreeKind = 'chain' | 'star' | 'broom' | 'random' | 'domLike' | 'caterpillar' | 'binary';

/** Parent of every node in pre-order for the given shape. */
function shapedParents(kind: TreeKind, n: number, random: () => number): number[] {
  const parents = [-1];
  for (let i = 1; i < n; i++) {
    if (kind === 'chain') parents.push(i - 1);
    else if (kind === 'star') parents.push(0);
    else if (kind === 'broom') parents.push(i < n / 2 ? i - 1 : Math.floor(n / 2) - 1);
    else if (kind === 'random') parents.push(Math.floor(random() * i));
    // A spine of odd nodes, each with one leaf.
    else if (kind === 'caterpillar') parents.push(i % 2 === 1 ? Math.max(0, i - 2) : i - 1);
    else if (kind === 'binary') parents.push((i - 1) >> 1);
    else {
      // DOM-like: under the previous node (going deeper), beside one of the last few nodes, or beside the
      // previous one (which, repeated, makes long lists).
      const r = random();
      const recent = parents[i - 1 - Math.floor(random() * Math.min(i - 1, 3))];
      parents.push(Math.max(0, r < 0.45 ? i - 1 : r < 0.9 ? recent : parents[i - 1]));
    }
  }
  return parents;
}

/** Trees of 200–400 nodes (or min … max) of several shapes; scores tied or continuous; weights, penalties incl. 0. */
export function largeProblem(min = 200, max = 400,
  kinds: TreeKind[] = ['chain', 'star', 'broom', 'random', 'domLike']): fc.Arbitrary<SmoothProblem & { kind: TreeKind }> {
  return fc.record({
    kind: fc.constantFrom<TreeKind>(...kinds),
    n: fc.integer({ min, max }),
    seed: fc.integer(),
    scoreKind: fc.constantFrom('pool', 'continuous', 'bimodal'),
    penaltyScale: fc.constantFrom(0, 0.01, 0.3, 3),
  }).map(({ kind, n, seed, scoreKind, penaltyScale }) => {
    const random = seededRandom(seed);
    const parents = shapedParents(kind, n, random);
    const scores = parents.map(() => {
      if (scoreKind === 'pool') return [0, 0.2, 0.5, 0.9, 1][Math.floor(random() * 5)];
      if (scoreKind === 'continuous') return random();
      return random() < 0.6 ? random() * 0.3 : 0.7 + random() * 0.3;
    });
    const weights = parents.map(() => (random() < 0.1 ? 0 : random() < 0.7 ? 1 : 1 + random() * 4));
    const penalties = parents.map(() => (random() < 0.1 ? 0 : penaltyScale * random() * 3));
    return { kind, parents, scores, weights, penalties };
  });
}

/**
 * Numbers that stress the piecewise-linear arithmetic: subnormals, ±0, neighbours of 1, 0.1 + 0.2, and wide score
 * ranges next to tiny differences (a huge value at one end of a piece must not swamp a tiny one at the other).
 */
export function extremeProblem(): fc.Arbitrary<SmoothProblem> {
  const extremeScore = fc.oneof(
    fc.double({ min: -1e9, max: 1e9, noNaN: true }),
    fc.constantFrom(5e-324, -5e-324, 1e-300, -0, 0, 1, 1 + 2 ** -52, 1 - 2 ** -53, 0.1, 0.2, 0.30000000000000004, 0.3),
  );
  const upTo1e6 = fc.double({ min: 0, max: 1e6, noNaN: true });
  const extremeWeight = fc.oneof(fc.constant(0), upTo1e6, fc.constantFrom(1e-300, 1));
  const extremePenalty = fc.oneof(fc.constant(0), upTo1e6, fc.constantFrom(1e-300, 0.1));
  return fc.integer({ min: 1, max: 40 }).chain((n) =>
    fc.record({
      attach: fc.tuple(...Array.from({ length: n - 1 }, (_, i) => fc.integer({ min: 0, max: i }))),
      scores: fc.array(extremeScore, { minLength: n, maxLength: n }),
      weights: fc.array(extremeWeight, { minLength: n, maxLength: n }),
      penalties: fc.array(extremePenalty, { minLength: n, maxLength: n }),
    }).map(({ attach, scores, weights, penalties }) => ({ parents: [-1, ...attach], scores, weights, penalties })),
  );
}
