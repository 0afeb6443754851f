import { cleanevalEvalSet } from './cleanevalEvalSet.ts';
import { dragnetEvalSet } from './dragnetEvalSet.ts';
import { l3sEvalSet } from './l3sEvalSet.ts';
import type { EvalSet } from './evalPage.ts';

/** The datasets `winnow eval --dataset NAME` knows, by name. */
export const EVAL_DATASETS: Record<string, () => Promise<EvalSet>> = {
  dragnet: dragnetEvalSet,
  cleaneval: cleanevalEvalSet,
  l3s: l3sEvalSet,
};
