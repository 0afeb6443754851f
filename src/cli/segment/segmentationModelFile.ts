import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseSegmentationModel, type SegmentationModel } from '../../segmentation/segmentationModel.ts';

export const DEFAULT_SEGMENTATION_MODEL_FILE = 'public/model/winnow-seg-v1.json';
export const DEFAULT_SEGMENTATION_MODEL_PATH =
  fileURLToPath(new URL(`../../../${DEFAULT_SEGMENTATION_MODEL_FILE}`, import.meta.url));

/** The GCuts/CClus model at `path` (the bundled one by default), or an error that names the file and the fault. */
export async function loadSegmentationModel(path = DEFAULT_SEGMENTATION_MODEL_PATH): Promise<SegmentationModel> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new Error(`cannot read the segmentation model ${path}: ${(e as Error).message}`);
  }
  try {
    return parseSegmentationModel(JSON.parse(text));
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}`);
  }
}
