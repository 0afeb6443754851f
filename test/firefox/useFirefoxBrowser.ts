import type { FixtureServer } from '../e2e/extensionHarness.ts';
import { useBrowserAndServer } from '../e2e/useExtensionBrowser.ts';
import { FirefoxExtensionBrowser } from './firefoxHarness.ts';

/**
 * The Chromium e2e tests' fixture server and Firefox with the built Firefox extension, started before the file's
 * tests and stopped after them; `routes` adds the file's own pages to the server once it runs.
 */
export function useFirefoxBrowser(routes: (server: FixtureServer) => void = () => {}):
  { server: FixtureServer; b: FirefoxExtensionBrowser } {
  return useBrowserAndServer(() => new FirefoxExtensionBrowser(), routes);
}
