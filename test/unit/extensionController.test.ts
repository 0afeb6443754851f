// @vitest-environment happy-dom
// The content script's controller driven through its injected dependencies (settings, model, engine, site memory),
// on a live happy-dom page: which mode is on screen, what was captured, smoothed and saved. happy-dom lays nothing
// out, so no geometry is asserted: only the state, the calls the fakes saw and what is in the DOM.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WinnowController, type ControllerDeps } from '../../extension/content/winnowController.ts';
import type { SiteMemoryDeps } from '../../extension/content/siteMemoryRun.ts';
import type { PageUi } from '../../extension/content/pageUi.ts';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../extension/shared/settings.ts';
import { FakeEngine } from './extensionFakeEngine.ts';

// Every box 100×20: capture drops 0×0 boxes as clipped away, and highlight mode draws nothing for them.
Element.prototype.getBoundingClientRect = function () {
  return { left: 0, top: 0, width: 100, height: 20, right: 100, bottom: 20, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
};

const STORY = 'The river fell by a metre overnight, and the people of Mill Street began to clear their homes.';

function fillPage(): void {
  document.body.innerHTML = `
    <nav class="menu" id="menu"><a href="/">Home</a> <a href="/world">World</a></nav>
    <article id="story"><h1>Flood waters recede</h1><p id="para">${STORY}</p></article>
    <footer class="footer" id="foot"><a href="/privacy">Privacy policy</a></footer>`;
}

const byId = (id: string) => document.getElementById(id)!;
const isHidden = (id: string) => byId(id).style.getPropertyValue('display') === 'none';

interface Options {
  settings?: Partial<SiteSettings>;
  saveSettings?: ControllerDeps['saveSettings'];
  /** Answers each engine start (the fake engine by default). */
  startEngine?: (engine: FakeEngine) => Promise<FakeEngine>;
  siteMemory?: ControllerDeps['siteMemory'];
}

const controllers: WinnowController[] = [];

function setUp(options: Options = {}) {
  fillPage();
  const engine = new FakeEngine();
  const roots: ShadowRoot[] = [];
  const deps = {
    loadSettings: vi.fn(async (): Promise<SiteSettings> => ({ ...DEFAULT_SITE_SETTINGS, ...options.settings })),
    saveSettings: vi.fn(options.saveSettings ?? (async () => {})),
    model: vi.fn(async () => ({ json: {}, version: 'model-test' })),
    startEngine: vi.fn(async (ui: PageUi) => {
      roots.push(ui.root);
      return options.startEngine ? options.startEngine(engine) : engine;
    }),
    friendlyError: (message: string) => `Winnow could not finish: ${message}`,
    siteMemory: options.siteMemory ?? null,
  } satisfies ControllerDeps;
  const controller = new WinnowController(document, deps);
  controllers.push(controller);
  return {
    controller, engine, deps,
    /** Winnow's closed shadow root (the engine starts in it): where the reader and messages are. */
    ui: () => roots[0],
    /** Every settings change the controller stored, in order. */
    saved: () => deps.saveSettings.mock.calls.map(([patch]) => patch),
  };
}

afterEach(async () => {
  // An earlier test's controller must not re-run on the next test's page: its live watcher ignores changes when off.
  for (const c of controllers.splice(0)) if (c.hasRun) await c.setMode('off');
  for (const host of Array.from(document.querySelectorAll('winnow-ui'))) host.remove();
});

describe('WinnowController before a run', () => {
  it('has no status, no export, and refuses changes', async () => {
    const { controller, engine } = setUp();
    expect(controller.status()).toBeNull();
    expect(controller.hasRun).toBe(false);
    await expect(controller.exportAnnotations()).rejects.toThrow(/not run on this page yet/);
    await expect(controller.setMode('hide')).rejects.toThrow(/not run on this page yet/);
    await expect(controller.rerun()).resolves.toBeNull();
    expect(engine.classified).toHaveLength(0);
    expect(document.querySelector('winnow-ui')).toBeNull(); // nothing is added to the page before a run
  });
});

describe('the first run', () => {
  it('captures once, shows the chosen mode and saves it as the site mode', async () => {
    const { controller, engine, deps, saved } = setUp();
    const status = await controller.run('hide');
    expect(status).toMatchObject({ mode: 'hide', captures: 1, smooths: 1, engine: 'worker', segments: 3,
      templateSegments: 2, site: null, nodes: document.body.querySelectorAll('*').length + 1 });
    expect(isHidden('menu') && isHidden('foot')).toBe(true);
    expect(isHidden('story')).toBe(false);
    expect(controller.pageEffects).toMatchObject({ hidden: 2, readerOpen: false });
    expect(saved()).toEqual([{ mode: 'hide' }]);
    expect(engine.classified).toEqual([expect.objectContaining({ useSiteMemory: false })]);
    // What the document declares goes to the engine as read, for it to decide among.
    expect(engine.classified[0].declared).toMatchObject({ metadata: { documentTitle: expect.any(String) },
      authorNodes: [] });
    expect(deps.startEngine).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('winnow-ui')).toHaveLength(1);
  });

  it('shows the site mode when none is asked, highlight when the site mode is off', async () => {
    const off = setUp({ settings: { mode: 'off' } });
    expect((await off.controller.run()).mode).toBe('highlight');
    expect(off.controller.pageEffects.boxes).toBe(2);
    expect(off.saved()).toEqual([{ mode: 'highlight' }]);

    const reader = setUp({ settings: { mode: 'reader' } });
    expect((await reader.controller.run()).mode).toBe('reader');
    expect(reader.controller.pageEffects.readerOpen).toBe(true);
    expect(reader.saved()).toEqual([]); // the site mode is shown: nothing to save
  });

  it('runs once: a second run only switches the mode', async () => {
    const { controller, engine, deps } = setUp();
    await controller.run('highlight');
    const status = await controller.run('hide');
    expect(status).toMatchObject({ mode: 'hide', captures: 1, smooths: 1 });
    expect(engine.classified).toHaveLength(1);
    expect(deps.loadSettings).toHaveBeenCalledTimes(1);
    expect((await controller.run()).mode).toBe('hide');
  });

  it('heads the reader with the title and author the engine decided from what the document declares', async () => {
    document.head.innerHTML = '<title>Flood | Daily Example</title><meta property="og:title" content="Flood waters recede">' +
      '<meta name="author" content="Ana Lima">';
    const { controller, engine, ui } = setUp();
    await controller.run('reader');
    document.head.innerHTML = '';
    expect(engine.classified[0].declared!.metadata.meta).toMatchObject({ 'og:title': ['Flood waters recede'],
      author: ['Ana Lima'] });
    const article = ui().querySelector('.reader article')!;
    expect(article.querySelector('h1')!.textContent).toBe('Flood waters recede');
    expect(article.querySelector('.byline')!.textContent).toBe('Ana Lima');
  });

  it('opens the reader on the kept text, and leaving it turns Winnow off for the site', async () => {
    const { controller, saved, ui } = setUp();
    await controller.run('reader');
    const article = ui().querySelector('.reader article')!;
    expect(article.textContent).toContain(STORY);
    expect(article.textContent).not.toContain('Privacy policy');
    (Array.from(ui().querySelectorAll('.reader button')).find((b) => b.textContent === 'Close reader') as HTMLElement)
      .click();
    expect(controller.pageEffects.readerOpen).toBe(false);
    expect(controller.status()!.mode).toBe('off');
    expect(saved().at(-1)).toEqual({ mode: 'off' });
  });
});

describe('setMode', () => {
  it('switches what is on screen, putting the page back between modes', async () => {
    const { controller, saved, engine } = setUp();
    await controller.run('hide');
    expect(isHidden('menu')).toBe(true);
    expect((await controller.setMode('highlight')).mode).toBe('highlight');
    expect(byId('menu').hasAttribute('style')).toBe(false);
    expect(controller.pageEffects).toEqual({ hidden: 0, boxes: 2, readerOpen: false });
    await controller.setMode('reader');
    expect(controller.pageEffects).toEqual({ hidden: 0, boxes: 0, readerOpen: true });
    const off = await controller.setMode('off');
    expect(off).toMatchObject({ mode: 'off', captures: 1, smooths: 1 });
    expect(controller.pageEffects).toEqual({ hidden: 0, boxes: 0, readerOpen: false });
    expect(saved()).toEqual([{ mode: 'hide' }, { mode: 'highlight' }, { mode: 'reader' }, { mode: 'off' }]);
    expect(engine.classified).toHaveLength(1);
  });
});

describe('setOptions', () => {
  it('re-smooths the kept classification without capturing again, and saves the new values', async () => {
    const { controller, engine, saved } = setUp();
    await controller.run('highlight');
    const status = await controller.setOptions({ penaltyFactor: 0.05, threshold: 0.9 });
    expect(status).toMatchObject({ penaltyFactor: 0.05, threshold: 0.9, captures: 1, smooths: 2, templateSegments: 0,
      mode: 'highlight' });
    expect(engine.smoothed.at(-1)).toMatchObject({ penaltyFactor: 0.05, threshold: 0.9 });
    expect(engine.classified).toHaveLength(1);
    // Nothing is template at 0.9, but the menu and footer are still not content (hide mode would remove them):
    // highlight draws them, as "not content".
    expect(controller.pageEffects.boxes).toBe(2);
    expect(saved().at(-1)).toEqual({ penaltyFactor: 0.05, threshold: 0.9 });
    // The same values again change nothing.
    expect((await controller.setOptions({ penaltyFactor: 0.05, threshold: 0.9 })).smooths).toBe(2);
  });

  it('rejects an invalid penalty or threshold before anything changes', async () => {
    const { controller, engine, saved } = setUp();
    await controller.run('hide');
    const before = controller.status();
    for (const bad of [{ penaltyFactor: -1, threshold: 0.5 }, { penaltyFactor: Number.NaN, threshold: 0.5 },
      { penaltyFactor: 0.01, threshold: 2 }]) {
      expect(() => controller.setOptions(bad)).toThrow(/penalty|threshold/);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(controller.status()).toEqual(before);
    expect(engine.smoothed).toHaveLength(1);
    expect(saved()).toEqual([{ mode: 'hide' }]);
  });

  it('skips stale requests: only the latest of several quick ones is smoothed and saved', async () => {
    const { controller, engine, saved } = setUp();
    await controller.run('highlight');
    const answers = await Promise.all([
      controller.setOptions({ penaltyFactor: 0.02, threshold: 0.5 }),
      controller.setOptions({ penaltyFactor: 0.03, threshold: 0.5 }),
      controller.setOptions({ penaltyFactor: 0.04, threshold: 0.6 }),
    ]);
    expect(answers.map((s) => s.penaltyFactor)).toEqual([0.04, 0.04, 0.04]);
    expect(engine.smoothed.map((o) => o.penaltyFactor)).toEqual([0.01, 0.04]);
    expect(saved().filter((p) => 'penaltyFactor' in p)).toEqual([{ penaltyFactor: 0.04, threshold: 0.6 }]);
  });
});

describe('site memory', () => {
  function siteMemory() {
    const memory: SiteMemoryDeps = {
      load: vi.fn(async () => ({ host: 'news.example', memory: '{"pages":2}', pages: 2, problem: null, version: 'v1' })),
      save: vi.fn(async () => ({ host: 'news.example', pages: 3, bytes: 100, stored: true, evicted: [], problem: null })),
    };
    return { memory, siteMemory: { host: 'news.example', deps: memory } };
  }

  it('uses the site evidence, then remembers the page shown onto the version it was read from', async () => {
    const site = siteMemory();
    const { controller, engine } = setUp({ siteMemory: site.siteMemory });
    const status = await controller.run('highlight');
    expect(engine.memoriesRead).toEqual(['{"pages":2}']);
    expect(engine.classified[0].useSiteMemory).toBe(true);
    expect(engine.remembered).toBe(1);
    expect(site.memory.save).toHaveBeenCalledWith('{"pages":3}', 'v1');
    expect(status.site).toMatchObject({ host: 'news.example', pagesSeen: 2, pagesRemembered: 3, templateSegments: 1,
      methods: ['siteLevel'], problem: null });
  });

  it('forgetSite drops the evidence and re-smooths the kept classification', async () => {
    const site = siteMemory();
    const { controller, engine } = setUp({ siteMemory: site.siteMemory });
    await controller.run('highlight');
    expect((await controller.exportAnnotations()).segments.filter((g) => g.siteTemplate)).toHaveLength(1);
    const status = await controller.forgetSite();
    expect(engine.droppedSiteEvidence).toBe(1);
    expect(status).toMatchObject({ captures: 1, smooths: 2, mode: 'highlight' });
    expect(status.site).toMatchObject({ pagesSeen: 0, pagesRemembered: 0, templateSegments: 0, methods: [] });
    expect((await controller.exportAnnotations()).segments.some((g) => g.siteTemplate)).toBe(false);
    // A re-run after forgetting reads the memory again.
    await controller.rerun();
    expect(engine.memoriesRead).toHaveLength(2);
  });
});

describe('rerun', () => {
  it('captures and classifies again, keeping the mode', async () => {
    const { controller, engine } = setUp();
    await controller.run('hide');
    const before = controller.status()!.nodes;
    byId('story').insertAdjacentHTML('beforeend', '<p>A second paragraph, added by the page later.</p>');
    const status = await controller.rerun();
    expect(status).toMatchObject({ mode: 'hide', captures: 2, smooths: 2, nodes: before + 1 });
    expect(engine.classified).toHaveLength(2);
    expect(isHidden('menu')).toBe(true);
  });

  it('runs by itself once the page has changed a lot', async () => {
    const { controller } = setUp();
    await controller.run('highlight');
    byId('story').insertAdjacentHTML('beforeend', '<p>More of the story.</p>'.repeat(30));
    await vi.waitFor(() => expect(controller.status()!.captures).toBe(2), { timeout: 3000, interval: 50 });
    expect(controller.status()!.mode).toBe('highlight');
  });

  it('keeps the last complete run when a re-run fails, and says why', async () => {
    const { controller, engine, ui } = setUp();
    await controller.run('hide');
    engine.failNextClassify = new Error('the worker stopped');
    await expect(controller.rerun()).resolves.toBeNull();
    expect(ui().querySelector('.toast.error')!.textContent).toContain('Winnow could not finish: the worker stopped');
    expect(controller.hasRun).toBe(true);
    const exported = await controller.exportAnnotations();
    expect(exported.segments).toHaveLength(3);
    // The engine may hold the failed capture's nodes: no GCuts segmentation is made of them for the page on screen.
    expect(exported.segmentation).toBeUndefined();
    expect(engine.graphAsked).toHaveLength(0);
  });
});

describe('failures', () => {
  it('a failing engine gives a friendly error, and a later run can retry', async () => {
    let starts = 0;
    const { controller, ui } = setUp({
      startEngine: async (engine) => {
        starts += 1;
        if (starts === 1) throw new Error('the worker frame did not load');
        return engine;
      },
    });
    await expect(controller.run('hide')).rejects.toThrow('the worker frame did not load');
    const toast = ui().querySelector('.toast.error');
    expect(toast?.textContent).toContain('Winnow could not finish: the worker frame did not load');
    expect(controller.status()).toBeNull();
    expect(isHidden('menu')).toBe(false);
    const retried = await controller.run('hide');
    expect(starts).toBe(2);
    expect(retried.mode).toBe('hide');
    expect(isHidden('menu')).toBe(true);
  });

  it('a failing settings store does not break the page', async () => {
    const { controller, saved } = setUp({ saveSettings: async () => { throw new Error('storage is unavailable'); } });
    expect((await controller.run('hide')).mode).toBe('hide');
    expect(isHidden('menu')).toBe(true);
    expect((await controller.setMode('reader')).mode).toBe('reader');
    expect((await controller.setOptions({ penaltyFactor: 0.1, threshold: 0.5 })).penaltyFactor).toBe(0.1);
    expect(controller.pageEffects.readerOpen).toBe(true);
    expect(saved()).toHaveLength(3); // each change was tried, none was stored
  });
});

describe('a page judged all template', () => {
  it('hides nothing and says so, and the reader says why it is empty', async () => {
    const { controller, ui } = setUp();
    document.body.innerHTML = '<nav class="menu" id="menu"><a href="/">Home</a><p>Only links here.</p></nav>';
    expect((await controller.run('hide')).mode).toBe('hide');
    expect(controller.pageEffects.hidden).toBe(0);
    expect(ui().querySelector('.toast.error')!.textContent).toContain('nothing was hidden');
    await controller.setMode('reader');
    expect(ui().querySelector('.reader article')!.textContent).toContain('nothing to read here');
  });
});

describe('exportAnnotations', () => {
  it('exports the segments of the last run with the model and the settings it was smoothed with', async () => {
    const { controller } = setUp();
    await controller.run('highlight');
    await controller.setOptions({ penaltyFactor: 0.2, threshold: 0.5 });
    const exported = await controller.exportAnnotations();
    expect(exported.model.version).toBe('model-test');
    expect(exported.segments).toHaveLength(3);
    expect(exported.segments.filter((g) => g.label === 'template')).toHaveLength(2);
    expect(exported.options).toMatchObject({ penaltyFactor: 0.2, threshold: 0.5 });
  });
});
