// @vitest-environment happy-dom
// Which engine a run uses (pageRun.ts): a small page is classified in the page first, without its site's memory,
// and then by the worker with it; a large page by the worker only; every later request about the page goes to the
// engine that classified it last.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVIDENCE_WAIT_MS, WinnowController, type ControllerDeps } from '../../extension/content/winnowController.ts';
import { IN_PAGE_MAX_ELEMENTS } from '../../extension/content/pageRun.ts';
import { DEFAULT_SITE_SETTINGS } from '../../extension/shared/settings.ts';
import { FakeEngine } from './extensionFakeEngine.ts';
import { HighlightOverlay } from '../../extension/content/highlightOverlay.ts';

// Every box 100×20: capture drops 0×0 boxes as clipped away.
Element.prototype.getBoundingClientRect = function () {
  return { left: 0, top: 0, width: 100, height: 20, right: 100, bottom: 20, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
};

const controllers: WinnowController[] = [];

/**
 * `workerStartMs`: how long the worker takes to start; by default longer than capturing the test page, as a real
 * worker frame does (its page and code load first). `workerMidRun`: instead, the worker starts once the page's own
 * engine has classified the page (so after the capture, which it would otherwise take over), and that engine smooths
 * only once the worker has read the site's memory: no timing decides which comes first.
 */
function setUp(page: string, memory: string | null = null,
  options: { site?: boolean; workerFails?: boolean; workerStartMs?: number; workerMidRun?: boolean } = {}) {
  document.body.innerHTML = page;
  const worker = new FakeEngine();
  const inPage = new FakeEngine();
  Object.defineProperty(inPage, 'kind', { value: 'in-page' });
  const deps = {
    loadSettings: vi.fn(async () => ({ ...DEFAULT_SITE_SETTINGS })),
    saveSettings: vi.fn(async () => {}),
    model: vi.fn(async () => ({ json: {}, version: 'model-test' })),
    startEngine: vi.fn(async () => {
      if (options.workerMidRun) await vi.waitFor(() => expect(inPage.classified).toHaveLength(1));
      else await new Promise((resolve) => setTimeout(resolve, options.workerStartMs ?? 200));
      if (options.workerFails) throw new Error('the worker frame did not load');
      return worker;
    }),
    pageEngine: vi.fn(() => inPage),
    friendlyError: (message: string) => message,
    siteMemory: options.site === false ? null : {
      host: 'news.example',
      deps: {
        load: vi.fn(async () => ({ host: 'news.example', memory,
          pages: memory ? (JSON.parse(memory) as { pages: number }).pages : 0, problem: null, version: 'v1' })),
        save: vi.fn(async () => ({ host: 'news.example', pages: 3, bytes: 100, stored: true, evicted: [],
          problem: null })),
      },
    },
  } satisfies ControllerDeps;
  if (options.workerMidRun) {
    const smooth = inPage.smooth.bind(inPage);
    inPage.smooth = async (smoothing) => {
      await vi.waitFor(() => expect(worker.memoriesRead).toHaveLength(1));
      // siteReady's answer, a few promise steps after the read.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return smooth(smoothing);
    };
  }
  const controller = new WinnowController(document, deps);
  controllers.push(controller);
  return { controller, deps, worker, inPage };
}

const SMALL = '<nav class="menu"><a href="/">Home</a></nav><article><h1>Title</h1><p>Some story text here.</p></article>';

afterEach(async () => {
  for (const c of controllers.splice(0)) if (c.hasRun) await c.setMode('off');
  for (const host of Array.from(document.querySelectorAll('winnow-ui'))) host.remove();
});

describe('the engine a run uses', () => {
  it('shows a small page classified in the page, then the worker adds the site evidence and keeps the page', async () => {
    const { controller, deps, worker, inPage } = setUp(SMALL, '{"pages":2}');
    const status = await controller.run('highlight');
    expect(inPage.classified).toEqual([expect.objectContaining({ useSiteMemory: false })]);
    expect(inPage.memoriesRead).toEqual([]);
    expect(worker.memoriesRead).toEqual(['{"pages":2}']);
    expect(worker.classified).toEqual([expect.objectContaining({ useSiteMemory: true, nodes: inPage.classified[0].nodes })]);
    expect(worker.remembered).toBe(1);
    expect(deps.startEngine).toHaveBeenCalledTimes(1);
    expect(status).toMatchObject({ engine: 'worker', firstEngine: 'in-page', captures: 1,
      site: { pagesSeen: 2, pagesRemembered: 3 } });
    expect(status.phasesMs.painted).toBeGreaterThan(0);
    expect(status.phasesMs.siteAdded).toBeGreaterThanOrEqual(status.phasesMs.painted);
    await controller.setOptions({ penaltyFactor: 0.1, threshold: 0.5 });
    expect(worker.smoothed).toHaveLength(2);
    expect(inPage.smoothed).toHaveLength(1);
  });

  it('draws a small page once, with its site evidence, when the worker has read the memory before the first result ' +
    'is smoothed', async () => {
    const { controller, worker, inPage } = setUp(SMALL, '{"pages":2}', { workerMidRun: true });
    const draws = vi.spyOn(HighlightOverlay.prototype, 'show');
    try {
      const status = await controller.run('highlight');
      expect(inPage.classified).toEqual([expect.objectContaining({ useSiteMemory: false })]);
      expect(worker.classified).toEqual([expect.objectContaining({ useSiteMemory: true })]);
      expect(status).toMatchObject({ engine: 'worker', firstEngine: 'in-page', site: { pagesSeen: 2 } });
      expect(draws).toHaveBeenCalledTimes(1);
      expect(status.phasesMs.siteAdded).toBeGreaterThan(0);
      expect(status.phasesMs.siteAdded).toBeLessThanOrEqual(status.phasesMs.drawn);
    } finally {
      draws.mockRestore();
    }
  });

  // Failing in time for the drawing, or after the drawing went ahead without it (EVIDENCE_WAIT_MS).
  it.each([['in time for the drawing', 0], ['too late for the drawing', 2 * EVIDENCE_WAIT_MS]])(
    'still draws the page when adding its site evidence fails %s, and then reports the failure', async (_, delayMs) => {
      const { controller, worker } = setUp(SMALL, '{"pages":2}', { workerMidRun: true });
      worker.smooth = async () => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        throw new Error('the engine stopped');
      };
      const draws = vi.spyOn(HighlightOverlay.prototype, 'show');
      try {
        await expect(controller.run('highlight')).rejects.toThrow('the engine stopped');
        expect(draws).toHaveBeenCalledTimes(1);
        // The boxes drawn stay on the page under the error.
        expect(controller.pageEffects.boxes).toBeGreaterThan(0);
      } finally {
        draws.mockRestore();
      }
    });

  it('draws a small page first, and again with its site evidence, when the evidence comes later than the wait allows',
    async () => {
      const { controller, worker } = setUp(SMALL, '{"pages":2}', { workerMidRun: true });
      const draws = vi.spyOn(HighlightOverlay.prototype, 'show');
      // The worker answers the classify only once the page is drawn: without the wait's limit, never.
      const classify = worker.classify.bind(worker);
      worker.classify = async (...args: Parameters<typeof classify>) => {
        await vi.waitFor(() => expect(draws).toHaveBeenCalledTimes(1), { timeout: 4 * EVIDENCE_WAIT_MS });
        return classify(...args);
      };
      try {
        const status = await controller.run('highlight');
        expect(draws).toHaveBeenCalledTimes(2);
        expect(status.phasesMs.drawn).toBeGreaterThanOrEqual(EVIDENCE_WAIT_MS);
        expect(status.phasesMs.siteAdded).toBeGreaterThan(status.phasesMs.drawn);
        expect(status).toMatchObject({ engine: 'worker', site: { pagesSeen: 2 } });
      } finally {
        draws.mockRestore();
      }
    });

  it('draws a small page first when the site\'s memory holds only the page itself (a revisit): no evidence either',
    async () => {
      const { controller, worker } = setUp(SMALL, '{"pages":1,"others":0}', { workerMidRun: true });
      const status = await controller.run('highlight');
      expect(worker.memoriesRead).toEqual(['{"pages":1,"others":0}']);
      // Asked for this page: the worker counts it out of the evidence only when it knows the address.
      expect(worker.pagesReadFor).toEqual([document.URL]);
      expect(status.phasesMs.siteAdded).toBeGreaterThan(status.phasesMs.drawn);
    });

  it('draws a small page first on a first visit to its site, where there is no evidence to wait for', async () => {
    const { controller, worker } = setUp(SMALL, null, { workerMidRun: true });
    const status = await controller.run('highlight');
    expect(worker.memoriesRead).toEqual([null]);
    expect(worker.classified).toHaveLength(1);
    expect(status.phasesMs.siteAdded).toBeGreaterThan(status.phasesMs.drawn);
  });

  it('draws a small page first and again with its site evidence when the worker is slower than the page', async () => {
    const { controller } = setUp(SMALL, '{"pages":2}');
    const draws = vi.spyOn(HighlightOverlay.prototype, 'show');
    try {
      const status = await controller.run('highlight');
      expect(draws).toHaveBeenCalledTimes(2);
      expect(status.phasesMs.siteAdded).toBeGreaterThan(status.phasesMs.drawn);
    } finally {
      draws.mockRestore();
    }
  });

  it('lets a worker that is up when the capture ends classify a small page, with the site evidence, once', async () => {
    const { controller, worker, inPage } = setUp(SMALL, '{"pages":2}', { workerStartMs: 0 });
    const status = await controller.run('highlight');
    // The first engine is connected beside the capture (before anyone knows whether the worker will be up), unused.
    expect(inPage.classified).toHaveLength(0);
    expect(worker.classified).toEqual([expect.objectContaining({ useSiteMemory: true })]);
    expect(status).toMatchObject({ engine: 'worker', site: { pagesSeen: 2 } });
    expect(status.phasesMs.engineBusy).toBeLessThan(status.phasesMs.pageBusy);
  });

  it('runs a small page without a site in the page only: no worker', async () => {
    const { controller, deps, inPage } = setUp(SMALL, null, { site: false });
    const status = await controller.run('highlight');
    expect(status.engine).toBe('in-page');
    expect(deps.startEngine).not.toHaveBeenCalled();
    await controller.setOptions({ penaltyFactor: 0.1, threshold: 0.5 });
    expect(inPage.smoothed).toHaveLength(2);
  });

  it('sends a page with more elements than the limit to the worker only, with the site memory', async () => {
    const items = '<li><a href="/x">x</a></li>'.repeat(Math.ceil(IN_PAGE_MAX_ELEMENTS / 2));
    const { controller, deps, worker, inPage } = setUp(`<ul>${items}</ul>`, '{"pages":2}');
    await controller.run('highlight');
    expect(deps.startEngine).toHaveBeenCalledTimes(1);
    expect(deps.pageEngine).not.toHaveBeenCalled();
    expect(worker.classified).toEqual([expect.objectContaining({ useSiteMemory: true })]);
    expect(worker.memoriesRead).toEqual(['{"pages":2}']);
    expect(inPage.classified).toHaveLength(0);
  });

  it('counts the page-thread work before the capture as setup, the worker\'s framing as the engine\'s, each once',
    async () => {
      const items = '<li><a href="/x">x</a></li>'.repeat(Math.ceil(IN_PAGE_MAX_ELEMENTS / 2));
      const { controller, deps, worker } = setUp(`<ul>${items}</ul>`);
      const spin = (ms: number) => {
        const until = performance.now() + ms;
        while (performance.now() < until);
      };
      // Asking for the settings holds the page's thread 20 ms before the capture; framing the worker 200 ms.
      deps.loadSettings.mockImplementation(() => {
        spin(20);
        return Promise.resolve({ ...DEFAULT_SITE_SETTINGS });
      });
      deps.startEngine.mockImplementation(() => {
        spin(200);
        return Promise.resolve(worker);
      });
      const { phasesMs: p } = await controller.run('highlight');
      expect(p.setupBusy).toBeGreaterThanOrEqual(20);
      // Framing counted into the setup as well would make it 220 ms or more; under 200, a busy machine (which only
      // adds time) has 180 ms of room before this fails for the wrong reason.
      expect(p.setupBusy).toBeLessThan(200);
      expect(p.engineBusy).toBeGreaterThanOrEqual(200);
      expect(p.setupBusy + p.captureBusy + p.engineBusy + p.drawBusy).toBeCloseTo(p.pageBusy, 6);
    });

  it('keeps the page-level run in the page when the worker cannot start, and answers the slider there', async () => {
    const { controller, inPage } = setUp(SMALL, '{"pages":2}', { workerFails: true });
    const status = await controller.run('highlight');
    expect(status).toMatchObject({ engine: 'in-page', site: null });
    await controller.setOptions({ penaltyFactor: 0.1, threshold: 0.5 });
    expect(inPage.smoothed).toHaveLength(2);
    expect((await controller.exportAnnotations()).segmentation).toBeDefined();
  });

  it('a re-run goes straight to the worker once it is up', async () => {
    const { controller, worker, inPage } = setUp(SMALL, '{"pages":2}');
    await controller.run('highlight');
    await controller.rerun();
    expect(inPage.classified).toHaveLength(1);
    expect(worker.classified).toHaveLength(2);
  });

  it('adds the site evidence in a second background session when the first result came from the background: no frame',
    async () => {
      const { controller, deps } = setUp(SMALL, '{"pages":2}');
      const sessions = [new FakeEngine(), new FakeEngine()];
      for (const e of sessions) Object.defineProperty(e, 'kind', { value: 'background' });
      const [first, second] = sessions;
      const dispose = vi.spyOn(first, 'dispose');
      // Each session's posts are page-thread work: both count into the run's, the second's memory read included.
      first.pageBusyEach = 1000;
      second.pageBusyEach = 100;
      deps.pageEngine.mockImplementation(() => sessions.shift()!);
      const status = await controller.run('highlight');
      expect(deps.startEngine).not.toHaveBeenCalled();
      expect(first.classified).toEqual([expect.objectContaining({ useSiteMemory: false })]);
      expect(second.memoriesRead).toEqual(['{"pages":2}']);
      expect(second.classified).toEqual([expect.objectContaining({ useSiteMemory: true })]);
      expect(status).toMatchObject({ engine: 'background', firstEngine: 'background', site: { pagesSeen: 2 } });
      // 1000 for the first's classify, 100 each for the second's memory read and classify; framing nothing.
      expect(status.phasesMs.engineBusy).toBeGreaterThanOrEqual(1200);
      expect(status.phasesMs.engineBusy).toBeLessThan(1250);
      // The first session is let go; the second holds the page.
      expect(dispose).toHaveBeenCalledTimes(1);
      await controller.setOptions({ penaltyFactor: 0.1, threshold: 0.5 });
      expect(first.smoothed).toHaveLength(1);
      expect(second.smoothed).toHaveLength(2);
      // A re-run goes to it at once, classified once with the site's memory.
      await controller.rerun();
      expect(second.classified).toHaveLength(2);
      expect(first.classified).toHaveLength(1);
    });

  it('frames the worker for the site evidence when a second background session cannot be had', async () => {
    const { controller, deps, worker } = setUp(SMALL, '{"pages":2}');
    const first = new FakeEngine();
    Object.defineProperty(first, 'kind', { value: 'background' });
    const fallback = new FakeEngine();
    Object.defineProperty(fallback, 'kind', { value: 'in-page' });
    const sessions = [first, fallback];
    deps.pageEngine.mockImplementation(() => sessions.shift()!);
    const status = await controller.run('highlight');
    expect(deps.startEngine).toHaveBeenCalledTimes(1);
    expect(fallback.classified).toHaveLength(0);
    expect(worker.classified).toEqual([expect.objectContaining({ useSiteMemory: true })]);
    expect(status).toMatchObject({ engine: 'worker', firstEngine: 'background' });
  });
});
