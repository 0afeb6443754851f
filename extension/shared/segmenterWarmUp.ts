/**
 * The worker, and the background once for all its pages, warm the segments view's code up right after their first
 * smoothing of a large page (src/segmentation/segmenterWarmUp.ts says why), so that a later switch to the segments
 * view, or an export, finds GCuts compiled: on the bench's 5k page its first call drops from about 150 ms to under
 * 100 (extension/README.md).
 *
 * What it costs: WARM_UP_ROUNDS rounds of 20–35 ms of the host's thread (and V8's compiler threads) after the first
 * page of WARM_UP_MIN_ELEMENTS or more it smooths, whether or not the segments view is ever opened. The rounds are
 * tasks of their own, so a request that comes meanwhile (the run's `rememberPage`, a slider move queued behind it,
 * another tab's page in the background) waits for one round at most; a real segmentation asked for stops the rest.
 * Never in the in-page engine, which would spend the page's thread. Each graphSegments answer reports what ran before
 * it (GraphSegmentsWire.warmUp).
 */
import type { Handlers } from './protocol.ts';
import type { SegmenterWarmUp, WorkerApi } from './workerApi.ts';
import { segmentationModel } from './segmentationModelFile.ts';
import { now } from '../../src/util/clock.ts';
import { warmUpSegmenter } from '../../src/segmentation/segmenterWarmUp.ts';

/**
 * Rounds on the warm-up page. On the bench's 5k page GCuts' first real call took 116 and 118 ms after one round
 * (`npx tsx test/e2e/extensionBench.ts --pages 1`) and 82 and 86 ms after three (`--pages 3`), 2026-11-28.
 */
export const WARM_UP_ROUNDS = 3;

/**
 * Smaller pages are not warmed up: their first segmentation is quick enough cold. `npx tsx
 * test/e2e/extensionBench.ts --pages 30 --segments` (2026-11-28), the segments view right after a popup run: on the 25
 * fixture pages under 1,000 elements the page waited 43.0 ms median (max 95.6) with no warm-up anywhere; on the 5 of
 * 1,000 or more, 99.5 ms median without and 65.9 ms with it (a build with this floor at Infinity against this one).
 */
export const WARM_UP_MIN_ELEMENTS = 1000;

/**
 * What one host's warm-up has done. A worker has one per connection (the worker host starts one worker per
 * connection, workerHost.ts); the background one for all the pages it serves, since they share its compiled code.
 */
export class WarmUpState {
  started = false;
  /** A real segmentation ran since the warm-up started: it compiled what a warm-up would, the rounds left would only cost. */
  stopped = false;
  report: SegmenterWarmUp | null = null;
}

/**
 * The same handlers; the first `smooth` answered for a page of WARM_UP_MIN_ELEMENTS or more schedules the warm-up
 * (`warmUp`, once per round: the segmenter on its warm-up page unless a test says otherwise) unless the host's
 * `state` says it started already, and graphSegments reports what the host warmed up and stops what is left of it.
 */
export function warmUpAfterFirstRun(handlers: Handlers<WorkerApi>,
  warmUp: () => void = () => warmUpSegmenter(segmentationModel()), clock: () => number = now,
  state: WarmUpState = new WarmUpState()): Handlers<WorkerApi> {
  let elements = 0;
  const round = () => {
    if (state.stopped) return;
    const t0 = clock();
    let failed = false;
    try {
      warmUp();
    } catch {
      // A warm-up that fails costs the segments view its head start and nothing else; the report says so.
      failed = true;
    }
    const done = state.report ?? { rounds: 0, ms: 0, failed: false };
    state.report = { rounds: done.rounds + (failed ? 0 : 1), ms: done.ms + (clock() - t0), failed };
    if (!failed && state.report.rounds < WARM_UP_ROUNDS) setTimeout(round, 0);
  };
  const { classify, smooth, graphSegments } = handlers;
  return {
    ...handlers,
    classify: (payload, ctx) => {
      elements = payload.snapshot.count;
      return classify(payload, ctx);
    },
    smooth: (payload, ctx) => {
      const answer = smooth(payload, ctx);
      if (!state.started && elements >= WARM_UP_MIN_ELEMENTS) {
        state.started = true;
        // A segmentation of a smaller page before does not count: large pages run its loops far longer.
        state.stopped = false;
        // A task of its own: the answer is posted first.
        setTimeout(round, 0);
      }
      return answer;
    },
    graphSegments: async (payload, ctx) => {
      state.stopped = true;
      const warmedBefore = state.report && { ...state.report };
      return { ...(await graphSegments(payload, ctx)), warmUp: warmedBefore };
    },
  };
}
