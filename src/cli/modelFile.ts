import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseModelWeights } from '../model/weights.ts';
import type { ModelWeights } from '../model/weights.ts';
import { FEATURE_SCHEMA } from '../features/featureSchema.ts';
import { MODEL_FILE_NAME } from '../model/modelFile.ts';

/** The bundled weights, relative to the repository's root. */
export const DEFAULT_MODEL_FILE = `public/model/${MODEL_FILE_NAME}`;
/** The bundled weights, as a file path. */
export const DEFAULT_MODEL_PATH = fileURLToPath(new URL(`../../${DEFAULT_MODEL_FILE}`, import.meta.url));

export interface LoadedModel {
  path: string;
  json: unknown;
  weights: ModelWeights;
}

export async function loadModel(path = DEFAULT_MODEL_PATH): Promise<LoadedModel> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new Error(`cannot read model weights ${path}: run 'npx winnow train' to create them`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`model weights ${path} are not valid JSON: ${(e as Error).message}`);
  }
  return { path, json, weights: parseModelWeights(json, FEATURE_SCHEMA) };
}
