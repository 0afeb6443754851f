/**
 * The learned costs of paper 003's segmenters (public/model/winnow-seg-v1.json, a few KB), bundled with the code
 * that runs the page session (the worker, and the in-page engine), as the library bundles its classifier: the
 * segments view needs no file read and no message to the background. Parsed once, on first use: pages that never
 * show segments never pay for it.
 */
import bundledSegmentationModel from '../../public/model/winnow-seg-v1.json';
import { parseSegmentationModel, type SegmentationModel } from '../../src/segmentation/segmentationModel.ts';

/** The model's name as exports and status lines give it. */
export const SEGMENTATION_MODEL_NAME = 'winnow-seg-v1';

let parsed: SegmentationModel | null = null;

export function segmentationModel(): SegmentationModel {
  parsed ??= parseSegmentationModel(bundledSegmentationModel);
  return parsed;
}
