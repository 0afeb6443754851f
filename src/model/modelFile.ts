import { FEATURE_SCHEMA_VERSION } from '../features/featureSchema.ts';

/**
 * The bundled weights' file name (in public/model/, copied to the extension's model/): versioned with the feature
 * schema, so a schema change cannot silently reuse old weights. The library imports the file by its literal name
 * (src/capture/winnowExtract.ts); a unit test keeps that name equal to this one.
 */
export const MODEL_FILE_NAME = `winnow-lr-v${FEATURE_SCHEMA_VERSION}.json`;

/** "format@vVERSION@trained-date" from a weights file (format, formatVersion, training.date), for exports and status. */
export function modelVersionOf(json: unknown): string {
  const o = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const name = typeof o.format === 'string' ? o.format : 'winnow-lr';
  const version = typeof o.formatVersion === 'number' || typeof o.formatVersion === 'string' ? `v${o.formatVersion}` : null;
  const training = (typeof o.training === 'object' && o.training !== null ? o.training : {}) as Record<string, unknown>;
  const date = typeof training.date === 'string' ? training.date : null;
  return [name, version, date].filter(Boolean).join('@');
}
