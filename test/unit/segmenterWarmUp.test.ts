import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { warmUpPage, warmUpSegmenter } from '../../src/segmentation/segmenterWarmUp.ts';
import { segmentPage } from '../../src/segmentation/segmentPage.ts';
import { segmentationTree, internalNodes } from '../../src/segmentation/segmentationTree.ts';
import { parseSegmentationModel } from '../../src/segmentation/segmentationModel.ts';
import { warmUpAfterFirstRun, WarmUpState, WARM_UP_MIN_ELEMENTS, WARM_UP_ROUNDS } from '../../extension/shared/segmenterWarmUp.ts';
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
    warmUp: null,
  };
  const smoothPayload = { options: {} } as Parameters<Handlers<WorkerApi>['smooth']>[0];
  /** A classify request for a page of `count` elements (the wrapper reads only the count). */
  const pageOf = (count: number) => ({ snapshot: { count } }) as Parameters<Handlers<WorkerApi>['classify']>[0];
  const graphPayload = { options: {} } as Parameters<Handlers<WorkerApi>['graphSegments']>[0];

  /** Handlers whose two wrapped methods are spies, a warm-up that takes `roundMs` on a clock it advances itself. */
  const setUp = (warmUpBody: (round: number) => void = () => {}, roundMs = [5, 3, 2]) => {
    vi.useFakeTimers();
    let t = 100;
    let round = 0;
    const warmUp = vi.fn(() => {
      t += roundMs[round] ?? 1;
      warmUpBody(round++);
    });
    const classify = vi.fn(() => ({ nodes: 1 }));
    const smooth = vi.fn(() => ({ smoothMs: 1 }));
    const graphSegments = vi.fn(() => graph);
    // Only the three handlers the warm-up wraps are called here.
    const handlers = { classify, smooth, graphSegments } as unknown as Handlers<WorkerApi>;
    const wrapped = warmUpAfterFirstRun(handlers, warmUp, () => t);
    return { wrapped, warmUp, classify, smooth, graphSegments };
  };
  /** A wrapped worker that has classified a page large enough to be warmed up for. */
  const setUpLarge = (...args: Parameters<typeof setUp>) => {
    const made = setUp(...args);
    made.wrapped.classify(pageOf(WARM_UP_MIN_ELEMENTS), undefined);
    return made;
  };

  it('starts only after the first smoothing is answered, one round per task, and never again', async () => {
    const { wrapped, warmUp, smooth, classify } = setUpLarge();
    expect(classify).toHaveBeenCalledTimes(1);
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
    expect(answer.warmUp).toEqual({ rounds: WARM_UP_ROUNDS, ms: 10, failed: false });
    expect(answer.segmentMs).toBe(1);
  });

  it('reports nothing before it ran, and stops at a real segmentation, reporting the rounds before it', async () => {
    const { wrapped, warmUp, graphSegments } = setUp();
    expect((await wrapped.graphSegments(graphPayload, undefined)).warmUp).toBeNull();

    const second = setUpLarge();
    second.wrapped.smooth(smoothPayload, undefined);
    vi.advanceTimersToNextTimer();
    expect((await second.wrapped.graphSegments(graphPayload, undefined)).warmUp).toEqual({ rounds: 1, ms: 5, failed: false });
    vi.runAllTimers();
    expect(second.warmUp).toHaveBeenCalledTimes(1);
    expect((await second.wrapped.graphSegments(graphPayload, undefined)).warmUp).toEqual({ rounds: 1, ms: 5, failed: false });
    expect(warmUp).not.toHaveBeenCalled();
    expect(graphSegments).toHaveBeenCalledTimes(1);
  });

  it('ends at a round that throws, says so, and the worker answers as before', async () => {
    const { wrapped, warmUp, graphSegments } = setUpLarge((round) => {
      if (round === 1) throw new Error('no model');
    });
    wrapped.smooth(smoothPayload, undefined);
    vi.runAllTimers();
    expect(warmUp).toHaveBeenCalledTimes(2);
    const answer = await wrapped.graphSegments(graphPayload, undefined);
    expect(answer.warmUp).toEqual({ rounds: 1, ms: 8, failed: true });
    expect(answer.segments).toEqual([]);
    expect(graphSegments).toHaveBeenCalledTimes(1);
  });

  it('leaves a small page alone, and warms up once a re-run brings a large one', async () => {
    const { wrapped, warmUp } = setUp();
    wrapped.classify(pageOf(WARM_UP_MIN_ELEMENTS - 1), undefined);
    wrapped.smooth(smoothPayload, undefined);
    vi.runAllTimers();
    expect(warmUp).not.toHaveBeenCalled();
    wrapped.classify(pageOf(5 * WARM_UP_MIN_ELEMENTS), undefined);
    wrapped.smooth(smoothPayload, undefined);
    vi.runAllTimers();
    expect(warmUp).toHaveBeenCalledTimes(WARM_UP_ROUNDS);
  });

  it('warms up once for all the pages of a host that shares its state (the background), and tells each of them', async () => {
    vi.useFakeTimers();
    const warmUp = vi.fn();
    const state = new WarmUpState();
    const page = () => {
      const handlers = { classify: vi.fn(), smooth: vi.fn(), graphSegments: vi.fn(() => graph) } as unknown as
        Handlers<WorkerApi>;
      const wrapped = warmUpAfterFirstRun(handlers, warmUp, () => 0, state);
      wrapped.classify(pageOf(WARM_UP_MIN_ELEMENTS), undefined);
      wrapped.smooth(smoothPayload, undefined);
      vi.runAllTimers();
      return wrapped;
    };
    page();
    expect(warmUp).toHaveBeenCalledTimes(WARM_UP_ROUNDS);
    const second = page();
    expect(warmUp).toHaveBeenCalledTimes(WARM_UP_ROUNDS);
    expect((await second.graphSegments(graphPayload, undefined)).warmUp).toEqual({ rounds: WARM_UP_ROUNDS, ms: 0,
      failed: false });
  });
});
