/**
 * The worker warms the segments view's code up once, when it is idle after its first page (src/segmentation/
 * segmenterWarmUp.ts says why), so a later switch to the segments view finds GCuts compiled. Only here, never in the
 * in-page engine, which would spend the page's own thread on it. The warm-up is a few short tasks, one round each,
 * so a request that comes meanwhile (a slider move) waits for one round at most; each graphSegments answer says how
 * long the warm-up took before it (warmUpMs).
 */
import type { Handlers } from '../shared/protocol.ts';
import type { WorkerApi } from '../shared/workerApi.ts';
import { segmentationModel } from '../shared/segmentationModelFile.ts';
import { now } from '../../src/util/clock.ts';
import { warmUpSegmenter } from '../../src/segmentation/segmenterWarmUp.ts';

/**
 * Rounds on the warm-up page. One round (about 20–30 ms in a new worker) left GCuts' first real call on the bench's
 * 5k page at about 115 ms, three brought it under 100 (`npx tsx test/e2e/extensionBench.ts`, extension/README.md).
 */
export const WARM_UP_ROUNDS = 3;

/**
 * The same handlers; the first `smooth` answered schedules the warm-up (`warmUp`, once per round; the segmenter on its
 * warm-up page unless a test says otherwise), and graphSegments reports its time.
 */
export function warmUpAfterFirstRun(handlers: Handlers<WorkerApi>,
  warmUp: () => void = () => warmUpSegmenter(segmentationModel())): Handlers<WorkerApi> {
  let started = false;
  let warmUpMs: number | null = null;
  const round = (left: number) => {
    const t0 = now();
    try {
      warmUp();
    } catch {
      // A warm-up that fails costs the segments view its head start and nothing else.
      left = 0;
    }
    warmUpMs = (warmUpMs ?? 0) + (now() - t0);
    if (left > 1) setTimeout(() => round(left - 1), 0);
  };
  const { smooth, graphSegments } = handlers;
  return {
    ...handlers,
    smooth: (payload, ctx) => {
      const answer = smooth(payload, ctx);
      if (!started) {
        started = true;
        // After this answer is posted: the run's own next requests are already queued before the first round.
        setTimeout(() => round(WARM_UP_ROUNDS), 0);
      }
      return answer;
    },
    graphSegments: async (payload, ctx) => ({ ...(await graphSegments(payload, ctx)), warmUpMs }),
  };
}
