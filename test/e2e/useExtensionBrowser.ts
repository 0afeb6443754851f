import { afterAll, beforeAll } from 'vitest';
import { ExtensionBrowser, FixtureServer } from './extensionHarness.ts';

/** What a browser under test needs for useBrowserAndServer: to start before the tests and stop after them. */
export interface StartableBrowser {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The fixture server and a browser (`make`), started before the file's tests and stopped after them; `routes` adds
 * the file's own pages to the server once it runs. Chromium's and Firefox's e2e tests share it.
 */
export function useBrowserAndServer<B extends StartableBrowser>(make: () => B,
  routes: (server: FixtureServer) => void = () => {}): { server: FixtureServer; b: B } {
  const server = new FixtureServer();
  const b = make();
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

/** The fixture server and Chromium with the built extension (see useBrowserAndServer). */
export function useExtensionBrowser(routes: (server: FixtureServer) => void = () => {}):
  { server: FixtureServer; b: ExtensionBrowser } {
  return useBrowserAndServer(() => new ExtensionBrowser(), routes);
}
