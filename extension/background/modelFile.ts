import browser from 'webextension-polyfill';
import { MODEL_FILE_NAME, modelVersionOf } from '../../src/model/modelFile.ts';
import type { ModelInfo } from '../shared/backgroundApi.ts';

/** Bundled weights: public/model is copied to the extension root. */
export const MODEL_PATH = `model/${MODEL_FILE_NAME}`;

let cached: Promise<ModelInfo> | null = null;

/** Reads the extension's own file (no network); cached for the service worker's life. */
export function bundledModel(): Promise<ModelInfo> {
  cached ??= (async () => {
    const response = await fetch(browser.runtime.getURL(MODEL_PATH));
    if (!response.ok) throw new Error(`model weights ${MODEL_PATH} are missing from the extension`);
    const json: unknown = await response.json();
    return { json, version: modelVersionOf(json) };
  })();
  cached.catch(() => { cached = null; });
  return cached;
}
