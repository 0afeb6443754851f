// The background's wiring with a stand-in browser: the shortcut, the context menu and "always run here" each end in
// the right calls (the real browser cannot press a browser shortcut, open a context menu or grant a host
// permission from a test; the e2e tests cover the runs themselves).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeBrowser } from './extensionFakeBrowser.ts';

type Listener = (...args: any[]) => unknown;
const events = new Map<string, Listener[]>();
const event = (name: string) => ({ addListener: (l: Listener) => events.set(name, [...(events.get(name) ?? []), l]) });
const fire = async (name: string, ...args: unknown[]) => { for (const l of events.get(name) ?? []) await l(...args); };

const calls: Array<[string, ...unknown[]]> = [];
let grantedOrigins: string[] = [];
let registered: Array<{ id: string; matches: string[] }> = [];
const base = createFakeBrowser();
const fake = {
  ...base,
  runtime: { ...base.runtime, onMessage: event('runtime.onMessage'), onInstalled: event('runtime.onInstalled') },
  commands: { onCommand: event('commands.onCommand') },
  contextMenus: {
    onClicked: event('contextMenus.onClicked'),
    removeAll: async () => { calls.push(['contextMenus.removeAll']); },
    create: (item: { id: string }) => { calls.push(['contextMenus.create', item.id]); },
  },
  permissions: {
    onRemoved: event('permissions.onRemoved'),
    contains: async ({ origins }: { origins: string[] }) => origins.every((o) => grantedOrigins.includes(o.replace(/\/\*$/, ''))),
  },
  tabs: {
    query: async () => [{ id: 7 }],
    get: async (id: number) => ({ id, url: 'https://news.example/story' }),
    sendMessage: async (tabId: number, message: { type: string; payload: unknown }) => {
      calls.push(['tabs.sendMessage', tabId, message.type, message.payload]);
      if (message.type === 'ping') throw new Error('Could not establish connection. Receiving end does not exist.');
      return { ok: true, value: { mode: 'highlight' } };
    },
  },
  scripting: {
    executeScript: async (details: { target: { tabId: number } }) => { calls.push(['scripting.executeScript', details.target.tabId]); },
    getRegisteredContentScripts: async () => registered,
    unregisterContentScripts: async () => { registered = []; },
    registerContentScripts: async (scripts: Array<{ id: string; matches: string[] }>) => { registered = scripts; },
  },
  action: {
    setBadgeText: async (d: { text: string }) => { calls.push(['action.setBadgeText', d.text]); },
    setBadgeBackgroundColor: async () => {},
    setTitle: async (d: { title: string }) => { calls.push(['action.setTitle', d.title]); },
  },
};

vi.mock('webextension-polyfill', () => ({ default: fake }));
vi.mock('../../extension/background/contentScriptFile.ts', () => ({ CONTENT_SCRIPT_FILE: 'content.js' }));
await import('../../extension/background/serviceWorker.ts');

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('background service worker', () => {
  beforeEach(async () => {
    calls.length = 0;
    grantedOrigins = [];
    registered = [];
    await fake.storage.local.clear();
  });

  it('the keyboard shortcut injects the content script into the active tab and runs Winnow there', async () => {
    await fire('commands.onCommand', 'run-winnow', undefined);
    await settle();
    expect(calls).toContainEqual(['scripting.executeScript', 7]);
    expect(calls).toContainEqual(['tabs.sendMessage', 7, 'run', { mode: undefined }]);
  });

  it('ignores commands that are not its own', async () => {
    await fire('commands.onCommand', 'something-else', { id: 3 });
    await settle();
    expect(calls.filter((c) => c[0] === 'tabs.sendMessage')).toEqual([]);
  });

  it('each context-menu entry runs Winnow in its mode on the clicked tab', async () => {
    await fire('contextMenus.onClicked', { menuItemId: 'winnow-reader' }, { id: 4 });
    await settle();
    expect(calls).toContainEqual(['tabs.sendMessage', 4, 'run', { mode: 'reader' }]);
  });

  it('creates the context-menu entries on install: three modes, and saving the clean page two ways', async () => {
    await fire('runtime.onInstalled', {});
    await settle();
    expect(calls.filter((c) => c[0] === 'contextMenus.create').map((c) => c[1]))
      .toEqual(['winnow-highlight', 'winnow-hide', 'winnow-reader', 'winnow-save-markdown', 'winnow-save-html']);
  });

  it('a failed run from the shortcut shows a "!" badge with a friendly message', async () => {
    const original = fake.scripting.executeScript;
    fake.scripting.executeScript = async () => { throw new Error('Cannot access a chrome:// URL'); };
    try {
      await fire('commands.onCommand', 'run-winnow', { id: 9 });
      await settle();
      expect(calls).toContainEqual(['action.setBadgeText', '!']);
      expect(calls.find((c) => c[0] === 'action.setTitle' && String(c[1]).startsWith('Winnow: '))).toBeTruthy();
    } finally {
      fake.scripting.executeScript = original;
    }
  });

  it('"always run here" registers the content script only for sites whose permission was granted', async () => {
    await fake.storage.local.set({
      'site:https://news.example': { alwaysRun: true, mode: 'reader' },
      'site:https://blog.example': { alwaysRun: true, mode: 'hide' },
      'site:https://other.example': { alwaysRun: false },
    });
    grantedOrigins = ['https://news.example'];
    const [onMessage] = events.get('runtime.onMessage')!;
    const reply = await onMessage({ ns: 'winnow/background', type: 'syncAlwaysRun', payload: {} }, {}) as
      { ok: boolean; value: string[] };
    expect(reply).toEqual({ ok: true, value: ['https://news.example'] });
    expect(registered).toHaveLength(1);
    expect(registered[0].matches).toEqual(['https://news.example/*']);
    // The permission is withdrawn in the browser's settings: the registration goes with it.
    grantedOrigins = [];
    await fire('permissions.onRemoved', {});
    await settle();
    await settle();
    expect(registered).toEqual([]);
  });
});
