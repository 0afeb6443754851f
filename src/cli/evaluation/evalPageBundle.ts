import { bundleClassicScript } from '../pageBundle.ts';

let cached: Promise<string> | null = null;

/**
 * evalPageEntry.ts with Readability.js and Defuddle as one classic script, built on demand like Winnow's own page
 * script. The peers are dev dependencies: this only runs under `winnow eval`.
 */
export function evalPageBundle(): Promise<string> {
  cached ??= bundleClassicScript(new URL('./evalPageEntry.ts', import.meta.url));
  return cached;
}
