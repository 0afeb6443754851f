import { afterAll, beforeAll } from 'vitest';
import { FixtureServer } from '../e2e/extensionHarness.ts';
import { FirefoxExtensionBrowser } from './firefoxHarness.ts';

/**
 * The Chromium e2e tests' fixture server and Firefox with the built Firefox extension, started before the file's
 * tests and stopped after them; `routes` adds the file's own pages to the server once it runs.
 */
export function useFirefoxBrowser(routes: (server: FixtureServer) => void = () => {}):
  { server: FixtureServer; b: FirefoxExtensionBrowser } {
  const server = new FixtureServer();
  const b = new FirefoxExtensionBrowser();
  beforeAll(async () => {
    await server.start();
    routes(server);
    await b.start();
  });
  afterAll(async () => {
    await b.stop();
    await server.stop();
  });
  return { server, b };
}
