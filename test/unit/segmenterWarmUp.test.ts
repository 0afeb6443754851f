import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { warmUpPage } from '../../src/segmentation/warmUpPage.ts';
import { warmUpSegmenter } from '../../src/segmentation/segmenterWarmUp.ts';
import { segmentPage } from '../../src/segmentation/segmentPage.ts';
import { segmentationTree, internalNodes } from '../../src/segmentation/segmentationTree.ts';
import { parseSegmentationModel } from '../../src/segmentation/segmentationModel.ts';
import { warmUpAfterFirstRun, WARM_UP_ROUNDS } from '../../extension/worker/segmenterWarmUp.ts';
import type { Handlers } from '../../extension/shared/protocol.ts';
import type { GraphSegmentsWire, WorkerApi } from '../../extension/shared/workerApi.ts';

const model = parseSegmentationModel(JSON.parse(readFileSync('public/model/winnow-seg-v1.json', 'utf8')));

describe('the warm-up page', () => {
  it('is a page tree with more internal nodes than the model has labels, so GCuts draws its labels as on a real page', () => {
    const { snapshot, scores } = warmUpPage();
    expect(scores.length).toBe(snapshot.count);
    for (let i = 1; i < snapshot.count; i++) expect(snapshot.parent[i]).toBeLessThan(i);
    const tree = segmentationTree(snapshot);
    expect(tree.nodeOf.length).toBe(snapshot.count); // nothing under the minimum area: every node is segmented
    expect(internalNodes(tree).length).toBeGreaterThan(model.labelCount);
  });

  it('is segmented by GCuts into several segments, the count warmUpSegmenter answers', () => {
    const { snapshot, scores } = warmUpPage();
    const seg = segmentPage(snapshot, model, 'gcuts', { scores });
    expect(seg.segmentCount).toBeGreaterThan(1);
    expect(warmUpSegmenter(model)).toBe(seg.segmentCount);
  });
});

describe("the worker's warm-up", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const graph: GraphSegmentsWire = {
    method: 'gcuts', model: 'winnow-seg-v1', segments: [], segmentMs: 1, phasesMs: null, cached: false, ms: 1,
    warmUpMs: null,
  };
  const handlersWith = () => {
    const smooth = vi.fn(() => ({ smoothMs: 1 }));
    const graphSegments = vi.fn(() => graph);
    // Only the two handlers the warm-up wraps are called here.
    return { handlers: { smooth, graphSegments } as unknown as Handlers<WorkerApi>, smooth, graphSegments };
  };
  const smoothPayload = { options: {} } as Parameters<Handlers<WorkerApi>['smooth']>[0];
  const graphPayload = { options: {} } as Parameters<Handlers<WorkerApi>['graphSegments']>[0];

  it('starts only after the first smoothing is answered, one round per task, and never again', async () => {
    vi.useFakeTimers();
    const warmUp = vi.fn();
    const { handlers, smooth } = handlersWith();
    const wrapped = warmUpAfterFirstRun(handlers, warmUp);
    expect((await wrapped.graphSegments(graphPayload, undefined)).warmUpMs).toBeNull();
    vi.runAllTimers();
    expect(warmUp).not.toHaveBeenCalled();

    expect(wrapped.smooth(smoothPayload, undefined)).toEqual({ smoothMs: 1 });
    expect(smooth).toHaveBeenCalledTimes(1);
    expect(warmUp).not.toHaveBeenCalled(); // not inside the answer: after it
    for (let round = 1; round <= WARM_UP_ROUNDS; round++) {
      vi.advanceTimersToNextTimer();
      expect(warmUp).toHaveBeenCalledTimes(round);
    }
    wrapped.smooth(smoothPayload, undefined);
    vi.runAllTimers();
    expect(warmUp).toHaveBeenCalledTimes(WARM_UP_ROUNDS);
    const answer = await wrapped.graphSegments(graphPayload, undefined);
    expect(answer.warmUpMs).toBeGreaterThanOrEqual(0);
    expect(answer.segmentMs).toBe(1);
  });

  it('stops at a warm-up that throws, and the worker answers as before', async () => {
    vi.useFakeTimers();
    const warmUp = vi.fn(() => {
      throw new Error('no model');
    });
    const { handlers, graphSegments } = handlersWith();
    const wrapped = warmUpAfterFirstRun(handlers, warmUp);
    wrapped.smooth(smoothPayload, undefined);
    vi.runAllTimers();
    expect(warmUp).toHaveBeenCalledTimes(1);
    expect((await wrapped.graphSegments(graphPayload, undefined)).segments).toEqual([]);
    expect(graphSegments).toHaveBeenCalledTimes(1);
  });
});
