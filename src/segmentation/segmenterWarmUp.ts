/**
 * Warms the segmenter's code up on a small made-up page (warmUpPage.ts), so that the first real segmentation in a new
 * worker does not run its hot loops cold. In a fresh worker V8 runs each function in its interpreter until it has seen
 * enough calls and types to compile it; on a 5k-node page GCuts' first call spends most of its time there. A call
 * on the 143-node warm-up page compiles and profiles the same functions in a few tens of milliseconds, and the real
 * call after a few of them runs far faster (extension/README.md has the bench figures). The worker runs it right
 * after its first smoothing of a page of 1,000 elements or more (extension/worker/segmenterWarmUp.ts); the result is
 * thrown away.
 */
import { segmentPage } from './segmentPage.ts';
import type { SegmentationModel } from './segmentationModel.ts';
import { warmUpPage } from './warmUpPage.ts';

/** Segments the warm-up page by GCuts once; answers its segment count. */
export function warmUpSegmenter(model: SegmentationModel): number {
  const { snapshot, scores } = warmUpPage();
  return segmentPage(snapshot, model, 'gcuts', { scores }).segmentCount;
}
