/**
 * A stand-in for webextension-polyfill in unit tests (the real one throws outside an extension): storage.local in
 * memory and a runtime.onMessage that records listeners. Tests `vi.mock('webextension-polyfill', ...)` with it.
 */
type Listener = (message: unknown, sender: unknown) => unknown;

export function createFakeBrowser() {
  let store: Record<string, unknown> = {};
  const listeners: Listener[] = [];
  return {
    storage: {
      local: {
        async get(keys: string | string[] | null): Promise<Record<string, unknown>> {
          if (keys === null) return structuredClone(store);
          const list = Array.isArray(keys) ? keys : [keys];
          return Object.fromEntries(list.filter((k) => k in store).map((k) => [k, structuredClone(store[k])]));
        },
        async set(items: Record<string, unknown>): Promise<void> {
          store = { ...store, ...structuredClone(items) };
        },
        async clear(): Promise<void> {
          store = {};
        },
      },
    },
    runtime: {
      onMessage: {
        addListener: (l: Listener) => listeners.push(l),
      },
      // The background's engine ports (background/enginePorts.ts): no content script connects in unit tests.
      onConnect: {
        addListener: () => {},
      },
      /** Delivers a message to every listener as the browser would; the first Promise answers. */
      async deliver(message: unknown): Promise<unknown> {
        const answers = listeners.map((l) => l(message, {})).filter((a) => a !== undefined);
        return answers.length > 0 ? answers[0] : undefined;
      },
      getURL: (path: string) => `chrome-extension://fake/${path}`,
    },
  };
}
