import { benchShapes } from './benchSmoothing.ts';

/**
 * Only the first table of `winnow bench`: smoothTree by tree shape against DOM-like (issue 17's bars), without the
 * DOM-like size table and the in-page pipeline that `winnow bench` goes on to. Run it 2–3 times on a busy machine.
 *
 *   npx tsx src/cli/bench/benchSmoothingShapes.ts [runs]
 */
void benchShapes((line) => console.log(line), undefined, Number(process.argv[2] ?? 5));
