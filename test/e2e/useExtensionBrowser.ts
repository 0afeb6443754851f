import { afterAll, beforeAll } from 'vitest';
import { ExtensionBrowser, FixtureServer } from './extensionHarness.ts';

/**
 * The fixture server and the browser with the built extension, started before the file's tests and stopped after
 * them; `routes` adds the file's own pages to the server once it runs.
 */
export function useExtensionBrowser(routes: (server: FixtureServer) => void = () => {}):
  { server: FixtureServer; b: ExtensionBrowser } {
  const server = new FixtureServer();
  const b = new ExtensionBrowser();
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
