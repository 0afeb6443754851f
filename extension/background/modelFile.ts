import browser from 'webextension-polyfill';
import { FEATURE_SCHEMA_VERSION } from '../../src/features/featureSchema.ts';
import type { ModelInfo } from '../shared/backgroundApi.ts';

/** Bundled weights (public/model is copied to the extension root), versioned with the feature schema. */
export const MODEL_PATH = `model/winnow-lr-v${FEATURE_SCHEMA_VERSION}.json`;

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

/** "format@vVERSION@trained-date" from the weights file (format winnow-lr-buckets: format, formatVersion, training.date). */
export function modelVersionOf(json: unknown): string {
  const o = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const name = typeof o.format === 'string' ? o.format : 'winnow-lr';
  const version = typeof o.formatVersion === 'number' || typeof o.formatVersion === 'string' ? `v${o.formatVersion}` : null;
  const training = (typeof o.training === 'object' && o.training !== null ? o.training : {}) as Record<string, unknown>;
  const date = typeof training.date === 'string' ? training.date : null;
  return [name, version, date].filter(Boolean).join('@');
}
