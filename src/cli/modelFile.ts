import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseModelWeights } from '../model/weights.ts';
import type { ModelWeights } from '../model/weights.ts';
import { FEATURE_SCHEMA, FEATURE_SCHEMA_VERSION } from '../features/featureSchema.ts';

/** The bundled weights: versioned with the feature schema, so a schema change cannot silently reuse old weights. */
export const DEFAULT_MODEL_PATH = fileURLToPath(
  new URL(`../../public/model/winnow-lr-v${FEATURE_SCHEMA_VERSION}.json`, import.meta.url),
);

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
