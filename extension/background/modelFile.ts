import browser from 'webextension-polyfill';
import { MODEL_FILE_NAME, modelVersionOf } from '../../src/model/modelFile.ts';
import { parseModelPrior, priorFileName, type ModelPrior } from '../../src/model/modelPrior.ts';
import type { StoredModelWeights } from '../../src/model/weights.ts';
import type { ModelInfo } from '../shared/backgroundApi.ts';
import type { PersonalModelStore } from './personalModelStore.ts';

/** Bundled weights: public/model is copied to the extension root. */
export const MODEL_PATH = `model/${MODEL_FILE_NAME}`;
/** What the bundled weights' training data says about them (src/model/modelPrior.ts), for the personal model's fit. */
export const PRIOR_PATH = `model/${priorFileName(MODEL_FILE_NAME)}`;

let cached: Promise<ModelInfo> | null = null;

/** Reads the extension's own file (no network); cached for the service worker's life. */
export function bundledModel(): Promise<ModelInfo> {
  cached ??= (async () => {
    const json = await extensionJson(MODEL_PATH, 'model weights');
    return { json, version: modelVersionOf(json), personal: false, problem: null };
  })();
  cached.catch(() => { cached = null; });
  return cached;
}

/** The bundled model's prior, checked against the weights it belongs to. Read only when a person improves the model. */
export async function bundledPrior(weights: StoredModelWeights): Promise<ModelPrior> {
  return parseModelPrior(await extensionJson(PRIOR_PATH, 'model prior'), weights);
}

/**
 * The model runs use: the personal one when one is kept and checks, else the bundled one. A damaged personal model
 * is dropped by the store and named in `problem`; the run goes on with the bundled model.
 */
export async function modelInUse(personal: PersonalModelStore): Promise<ModelInfo> {
  const kept = await personal.load().catch(() => null);
  if (kept) return { json: kept.weights, version: kept.info.version, personal: true, problem: null };
  return { ...(await bundledModel()), problem: personal.problem() };
}

async function extensionJson(path: string, what: string): Promise<unknown> {
  const response = await fetch(browser.runtime.getURL(path));
  if (!response.ok) throw new Error(`${what} ${path} are missing from the extension`);
  return response.json();
}
