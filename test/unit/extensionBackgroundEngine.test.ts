// The background's engine (content/backgroundEngine.ts ⇄ background/enginePorts.ts) over runtime ports as the
// browser gives them: each message cloned on its way, either end disconnecting the other. The browser stopping the
// service worker (every port cut, every session gone) must cost the page time only: the engine connects again and
// replays the page before the next request.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadModel } from '../../src/cli/modelFile.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { PageSession } from '../../src/session/pageSession.ts';
import { SITE_PAGE, sitePage as sitePageOf } from '../fixtures/sitePages.ts';

type Listener = (m: unknown) => void;

/** One end of a runtime port pair. */
class FakePort {
  other!: FakePort;
  readonly listeners: Listener[] = [];
  readonly disconnectListeners: Array<() => void> = [];
  connected = true;
  constructor(readonly name: string, readonly sender?: { tab: { id: number } }) {}
  readonly onMessage = { addListener: (l: Listener) => { this.listeners.push(l); } };
  readonly onDisconnect = { addListener: (l: () => void) => { this.disconnectListeners.push(l); } };
  postMessage(m: unknown): void {
    if (!this.connected) throw new Error('Attempting to use a disconnected port object');
    // As the browser: cloned (typed arrays kept, as with "message_serialization": "structured_clone"), delivered later.
    const copy = fakeRuntime.serialize(m);
    setTimeout(() => { if (this.other.connected) for (const l of this.other.listeners) l(copy); }, 0);
  }
  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.other.connected = false;
    // Only the other end hears of it, as in the browser.
    setTimeout(() => { for (const l of this.other.disconnectListeners) l(); }, 0);
  }
}

const fakeRuntime = {
  connectListeners: [] as Array<(port: FakePort) => void>,
  ports: [] as FakePort[],
  connects: 0,
  serialize: (m: unknown) => structuredClone(m),
  /** The browser stops the service worker: every port is cut from the background's side. */
  stopBackground(): void {
    for (const p of this.ports.splice(0)) p.disconnect();
  },
};

vi.mock('webextension-polyfill', () => ({
  default: {
    runtime: {
      connect: ({ name }: { name: string }) => {
        fakeRuntime.connects++;
        const page = new FakePort(name);
        const background = new FakePort(name, { tab: { id: 7 } });
        page.other = background;
        background.other = page;
        fakeRuntime.ports.push(background);
        setTimeout(() => { for (const l of fakeRuntime.connectListeners) l(background); }, 0);
        return page;
      },
      onConnect: { addListener: (l: (port: FakePort) => void) => { fakeRuntime.connectListeners.push(l); } },
    },
  },
}));

const { serveEnginePorts, MAX_ENGINE_SESSIONS } = await import('../../extension/background/enginePorts.ts');
const { connectBackgroundEngine } = await import('../../extension/content/backgroundEngine.ts');
serveEnginePorts();

const sitePage = (k: number) => sitePageOf(k, { repeat: 6 });

beforeEach(() => {
  fakeRuntime.serialize = (m) => structuredClone(m);
  fakeRuntime.connects = 0;
});

describe('the background engine', () => {
  it('classifies and smooths as the page session does, and leaves the page its snapshot', async () => {
    const { json, weights } = await loadModel();
    const engine = await connectBackgroundEngine(1000);
    expect(engine.kind).toBe('background');
    const posts: number[] = [];
    engine.onPageBusy = (ms) => posts.push(ms);
    const snapshot = sitePage(0);
    await engine.classify(snapshot, json);
    const options = pipelineOptions();
    const smoothed = await engine.smooth(options);
    const session = PageSession.classify(sitePage(0), weights);
    const expected = session.smooth(options);
    expect(Array.from(smoothed.values)).toEqual(Array.from(expected.values));
    expect(smoothed.segments).toEqual(expected.segments);
    // Cloned, not moved: the page's buffers are whole.
    expect(snapshot.parent.length).toBe(snapshot.count);
    // Each request's posting (where the browser clones it) is told to the run as page-thread work.
    expect(posts).toHaveLength(2);
    expect(posts.every((ms) => ms >= 0)).toBe(true);
    engine.dispose();
  });

  it('replays the page on a new connection when the browser stopped the background, site memory included', async () => {
    const { json } = await loadModel();
    const engine = await connectBackgroundEngine(1000);
    const options = pipelineOptions();
    // A site memory of one page: the page's evidence then comes from it.
    const other = await connectBackgroundEngine(1000);
    await other.readSiteMemory(null);
    await other.classify(sitePage(1), json, true);
    const { memory } = await other.rememberPage();
    other.dispose();

    await engine.readSiteMemory(memory);
    const withMemory = await engine.classify(sitePage(0), json, true);
    expect(withMemory.site?.pagesSeen).toBe(1);
    const before = await engine.smooth(options);
    const card = await engine.inspect(SITE_PAGE.NAV, options);

    fakeRuntime.stopBackground();
    await new Promise((r) => setTimeout(r, 5));
    const connectsBefore = fakeRuntime.connects;
    const after = await engine.smooth(options);
    expect(fakeRuntime.connects).toBe(connectsBefore + 1);
    expect(Array.from(after.values)).toEqual(Array.from(before.values));
    expect(await engine.inspect(SITE_PAGE.NAV, options)).toEqual(card);

    // Dropping the site's evidence is replayed too.
    await engine.dropSiteEvidence();
    const pageLevel = await engine.smooth(options);
    const pageLevelCard = await engine.inspect(SITE_PAGE.NAV, options);
    expect(pageLevelCard).not.toEqual(card);
    fakeRuntime.stopBackground();
    await new Promise((r) => setTimeout(r, 5));
    expect(Array.from((await engine.smooth(options)).values)).toEqual(Array.from(pageLevel.values));
    expect(await engine.inspect(SITE_PAGE.NAV, options)).toEqual(pageLevelCard);
    engine.dispose();
  });

  it('replays a site memory read for a classify still to come, when the background stopped between the two', async () => {
    const { json } = await loadModel();
    const other = await connectBackgroundEngine(1000);
    await other.readSiteMemory(null);
    await other.classify(sitePage(1), json, true);
    const { memory } = await other.rememberPage();
    other.dispose();

    const engine = await connectBackgroundEngine(1000);
    await engine.readSiteMemory(memory);
    fakeRuntime.stopBackground();
    await new Promise((r) => setTimeout(r, 5));
    // The new session has the memory the page read before: the classify uses it, as it would have on the old one.
    expect((await engine.classify(sitePage(0), json, true)).site?.pagesSeen).toBe(1);
    engine.dispose();

    // A classify under way when the background stops is sent once more, after the replay, not also by it (a second
    // classify would find the memory taken by the first).
    const again = await connectBackgroundEngine(1000);
    await again.readSiteMemory(memory);
    const classified = again.classify(sitePage(0), json, true);
    fakeRuntime.stopBackground();
    expect((await classified).site?.pagesSeen).toBe(1);
    again.dispose();
  });

  it('answers a request that was under way when the background stopped, on a new connection', async () => {
    const { json } = await loadModel();
    const engine = await connectBackgroundEngine(1000);
    await engine.classify(sitePage(0), json);
    const options = pipelineOptions();
    const expected = await engine.smooth(options);
    const answer = engine.smooth(options);
    fakeRuntime.stopBackground();
    expect(Array.from((await answer).values)).toEqual(Array.from(expected.values));
    engine.dispose();
  });

  it('refuses, with the reason, a browser that sends extension messages as JSON', async () => {
    fakeRuntime.serialize = (m) => JSON.parse(JSON.stringify(m));
    await expect(connectBackgroundEngine(1000)).rejects.toThrow(/typed arrays as plain objects/);
  });

  it('gives up on a background that does not answer', async () => {
    fakeRuntime.serialize = () => ({ lost: true });
    await expect(connectBackgroundEngine(50)).rejects.toThrow(/did not answer in time/);
  });

  it('lets the session used longest ago go past the most it keeps, and that page replays itself when it asks', async () => {
    expect(MAX_ENGINE_SESSIONS).toBeGreaterThan(2);
    // A background that keeps two sessions (this test's own server in place of the default one).
    const listeners = fakeRuntime.connectListeners.splice(0);
    serveEnginePorts(2);
    try {
      const { json } = await loadModel();
      const options = pipelineOptions();
      const engines = [];
      for (let k = 0; k < 3; k++) {
        const engine = await connectBackgroundEngine(1000);
        await engine.classify(sitePage(k), json);
        engines.push({ engine, values: Array.from((await engine.smooth(options)).values) });
      }
      // Connecting the third let the first go; the second and third were not touched.
      const connects = fakeRuntime.connects;
      expect(Array.from((await engines[2].engine.smooth(options)).values)).toEqual(engines[2].values);
      expect(Array.from((await engines[1].engine.smooth(options)).values)).toEqual(engines[1].values);
      expect(fakeRuntime.connects).toBe(connects);
      // The first connects again, replays its page, and gets the same answer; the third, used longest ago, goes.
      expect(Array.from((await engines[0].engine.smooth(options)).values)).toEqual(engines[0].values);
      expect(fakeRuntime.connects).toBe(connects + 1);
      expect(Array.from((await engines[1].engine.smooth(options)).values)).toEqual(engines[1].values);
      expect(fakeRuntime.connects).toBe(connects + 1);
      expect(Array.from((await engines[2].engine.smooth(options)).values)).toEqual(engines[2].values);
      expect(fakeRuntime.connects).toBe(connects + 2);
      for (const { engine } of engines) engine.dispose();
    } finally {
      fakeRuntime.connectListeners.splice(0, Infinity, ...listeners);
    }
  });
});
