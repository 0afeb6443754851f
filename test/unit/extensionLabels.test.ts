// @vitest-environment happy-dom
// Inspect mode's labels, driven through the controller with a fake engine and a fake label store (the background):
// click and key labelling, undo, what is saved, labels found again after a re-smooth and a re-run, the one notice for
// labels that no longer match, and what happens when the store refuses a save. happy-dom lays nothing out: no
// geometry is asserted, only what was saved, what the page's events did and what is in Winnow's shadow root.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WinnowController, type ControllerDeps } from '../../extension/content/winnowController.ts';
import type { PageUi } from '../../extension/content/pageUi.ts';
import { LABELS_CHANGED_ELSEWHERE, type PageLabels } from '../../extension/shared/labelsApi.ts';
import { DEFAULT_SITE_SETTINGS } from '../../extension/shared/settings.ts';
import type { PipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { segmentTextHash } from '../../src/labels/segmentText.ts';
import { FakeEngine } from './extensionFakeEngine.ts';
import { personInput } from '../../extension/content/personInput.ts';

// happy-dom's events are all untrusted (isTrusted false): here they stand for the person's, but where a test says not.
const fromPerson = personInput.fromPerson;
beforeEach(() => { personInput.fromPerson = () => true; });

Element.prototype.getBoundingClientRect = function () {
  return { left: 0, top: 0, width: 100, height: 20, right: 100, bottom: 20, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
};

/**
 * The fake engine with each segment's text (labels find their segment by it; happy-dom's capture sees no visible text,
 * so it is read from the page: the fake's segments are the menu and the footer, in that order), and a penalty that
 * merges the footer's segment into the page's.
 */
class TextEngine extends FakeEngine {
  override async smooth(options: PipelineOptions) {
    const r = await super.smooth(options);
    const ids = ['menu', 'foot'];
    r.segments.forEach((g, k) => { if (k > 0) g.text = document.getElementById(ids[k - 1])!.textContent!.trim(); });
    if (options.penaltyFactor >= 0.5) {
      r.segments = r.segments.slice(0, -1);
      r.siteSegments = r.siteSegments.slice(0, -1);
    }
    return r;
  }
}

function fillPage(): void {
  document.body.innerHTML = `
    <nav class="menu" id="menu"><a id="home" href="/">Home</a> <a href="/world">World</a></nav>
    <article id="story"><h1>Flood waters recede</h1><p>The river fell by a metre overnight.</p>
      <input id="field"></article>
    <footer class="footer" id="foot"><a href="/privacy">Privacy policy</a></footer>`;
}

/**
 * The background's label store, in memory; `failSave`/`failLoad` make it refuse. Like the real one, it refuses a save
 * based on a revision it no longer holds (another tab saved, an import, a clear).
 */
function fakeStore(initial: PageLabels | null = null) {
  let kept = initial;
  let revision = 0;
  const current = () => (kept ? `r${revision}` : null);
  const store = {
    failSave: null as Error | null,
    failLoad: null as Error | null,
    saves: [] as PageLabels[],
    get kept() { return kept; },
    get revision() { return current(); },
    /** "Clear all" in the popup. */
    clear() { kept = null; revision += 1; },
    load: vi.fn(async (_url: string) => {
      if (store.failLoad) throw store.failLoad;
      return { page: kept && structuredClone(kept), problem: null, revision: current() };
    }),
    save: vi.fn(async (page: PageLabels, basedOn: string | null) => {
      if (store.failSave) throw store.failSave;
      if (basedOn !== current()) throw new Error(`${LABELS_CHANGED_ELSEWHERE} (${page.url}): read them again`);
      revision += 1;
      kept = page.segments.length > 0 ? structuredClone(page) : null;
      store.saves.push(structuredClone(page));
      return { revision: current() };
    }),
  };
  return store;
}

const controllers: WinnowController[] = [];

/** A controller on the page (a tab); `fill: false` keeps the page as it is (a second tab's script on it). */
function setUp(store = fakeStore(), { fill = true, site = { ...DEFAULT_SITE_SETTINGS } } = {}) {
  if (fill) fillPage();
  const engine = new TextEngine();
  const roots: ShadowRoot[] = [];
  const deps = {
    loadSettings: async () => ({ ...site }),
    saveSettings: async (patch: Partial<typeof site>) => { Object.assign(site, patch); },
    model: async () => ({ json: {}, version: 'model-test' }),
    startEngine: async (ui: PageUi) => {
      roots.push(ui.root);
      return engine;
    },
    friendlyError: (message: string) => message,
    labels: store,
  } satisfies ControllerDeps;
  const controller = new WinnowController(document, deps);
  controllers.push(controller);
  const ui = () => roots[0];
  return {
    controller, engine, store, ui,
    /** Texts of the labelled segments' drawn tags. */
    tags: () => Array.from(ui().querySelectorAll('.human .box .tag')).map((t) => t.textContent),
    toast: () => ui().querySelector('.toast')?.textContent ?? '',
    card: (field: string) => ui().querySelector(`.inspect-card [data-field="${field}"]`)?.textContent ?? null,
  };
}

const byId = (id: string) => document.getElementById(id)!;
const click = (el: Element, init: MouseEventInit = {}) => {
  const e = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  el.dispatchEvent(e);
  return e;
};
const key = (k: string, target: Element = document.body, init: KeyboardEventInit = {}) => {
  const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, composed: true, ...init });
  target.dispatchEvent(e);
  return e;
};
const hover = (el: Element) => el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
const kept = (store: ReturnType<typeof fakeStore>) =>
  (store.kept?.segments ?? []).map((s) => `${s.record.selector}=${s.record.label}`).sort();

afterEach(async () => {
  for (const c of controllers.splice(0)) if (c.hasRun) await c.setMode('off');
  for (const host of Array.from(document.querySelectorAll('winnow-ui'))) host.remove();
});

describe('labelling by click', () => {
  it('cycles unlabelled → template → content → unlabelled, saves each, and keeps the click from the page', async () => {
    const { controller, store, tags } = setUp();
    await controller.run('inspect');
    const followed = vi.fn();
    byId('home').addEventListener('click', followed);
    const first = click(byId('home'));
    expect(first.defaultPrevented).toBe(true); // a link must not navigate on a labelling click
    expect(followed).not.toHaveBeenCalled();
    expect(tags()).toEqual(['you: template']);
    await vi.waitFor(() => expect(store.saves).toHaveLength(1));
    const saved = store.saves[0];
    expect(saved).toMatchObject({ url: expect.any(String), title: expect.any(String), viewport: expect.any(Object) });
    expect(saved.segments).toHaveLength(1);
    const [segment] = saved.segments;
    expect(segment.record).toMatchObject({ selector: '#menu', label: 'template',
      textHash: segmentTextHash(segment.annotation.text) });
    expect(Date.parse(segment.record.labelledAt)).not.toBeNaN();
    expect(segment.annotation).toMatchObject({ selector: '#menu', humanLabel: 'template', label: 'template',
      labelledAt: segment.record.labelledAt, text: expect.stringMatching(/^Home\s+World$/) });
    expect(segment.rows?.features).toHaveLength(1); // the engine's training rows for the segment

    click(byId('home'));
    expect(tags()).toEqual(['you: content']);
    await vi.waitFor(() => expect(kept(store)).toEqual(['#menu=content']));
    click(byId('home'));
    expect(tags()).toEqual([]);
    await vi.waitFor(() => expect(kept(store)).toEqual([]));
    expect(store.saves.map((p) => p.segments.map((s) => s.record.label))).toEqual([['template'], ['content'], []]);
  });

  it('leaves the page its clicks outside inspect mode, with a modifier key, and on the page as a whole', async () => {
    const { controller, store } = setUp();
    await controller.run('highlight');
    expect(click(byId('home')).defaultPrevented).toBe(false);
    await controller.setMode('inspect');
    expect(click(byId('home'), { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click(byId('story')).defaultPrevented).toBe(false); // the article is part of the page's own segment
    await controller.setMode('off');
    expect(click(byId('home')).defaultPrevented).toBe(false);
    expect(store.save).not.toHaveBeenCalled();
  });
});

describe('labelling by keys', () => {
  it('sets labels with T, C and U on the hovered segment, walks with the arrows and undoes every change with Z', async () => {
    const { controller, store, tags, card } = setUp();
    await controller.run('inspect');
    expect(key('t').defaultPrevented).toBe(false); // nothing focused: the key is the page's
    hover(byId('home'));
    expect(card('breadcrumb')).toBe('page › nav#menu');
    expect(key('c').defaultPrevented).toBe(true);
    expect(tags()).toEqual(['you: content']);
    expect(key('ArrowRight').defaultPrevented).toBe(true); // the next segment: the footer
    expect(card('breadcrumb')).toBe('page › footer#foot');
    key('T');
    expect(tags()).toEqual(['you: content', 'you: template']);
    key('ArrowLeft');
    key('u'); // unlabel the menu
    expect(tags()).toEqual(['you: template']);
    await vi.waitFor(() => expect(kept(store)).toEqual(['#foot=template']));
    // Changes made faster than a save are saved together: the whole page each time.
    expect(store.saves).toHaveLength(1);

    key('z'); // undo U: the menu's content label is back
    expect(tags()).toEqual(['you: content', 'you: template']);
    key('z'); // undo T on the footer
    key('z'); // undo C on the menu
    expect(tags()).toEqual([]);
    expect(key('z').defaultPrevented).toBe(false); // nothing left to undo
    await vi.waitFor(() => expect(store.saves).toHaveLength(2));
    expect(kept(store)).toEqual([]);
  });

  it('ignores keys typed into the page, and Escape lets the segment go', async () => {
    const { controller, store, ui } = setUp();
    await controller.run('inspect');
    hover(byId('home'));
    expect(key('t', byId('field')).defaultPrevented).toBe(false);
    expect(ui().querySelector('.inspect-card')).not.toBeNull();
    expect(key('Escape').defaultPrevented).toBe(true);
    expect(ui().querySelector('.inspect-card')).toBeNull();
    expect(key('t').defaultPrevented).toBe(false);
    await new Promise((r) => setTimeout(r, 10));
    expect(store.save).not.toHaveBeenCalled();
  });
});

describe('what is not the person labelling', () => {
  it('ignores clicks and keys the page\'s own scripts make (untrusted events)', async () => {
    personInput.fromPerson = fromPerson; // the browser's own rule: happy-dom's events are untrusted, as a page's are
    const { controller, store, tags } = setUp();
    await controller.run('inspect');
    const e = click(byId('home'));
    expect(e.isTrusted).not.toBe(true);
    expect(e.defaultPrevented).toBe(false);
    hover(byId('home'));
    expect(key('t').defaultPrevented).toBe(false);
    expect(tags()).toEqual([]);
    await new Promise((r) => setTimeout(r, 10));
    expect(store.save).not.toHaveBeenCalled();
  });

  it('leaves keys typed into fields inside a web component, widgets with a keyed role, and an input method\'s', async () => {
    const { controller, store, tags } = setUp();
    const host = document.createElement('search-box');
    const field = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('input'));
    byId('menu').append(host);
    const roles = ['textbox', 'combobox', 'searchbox', 'slider', 'spinbutton'].map((role) => {
      const el = byId('menu').appendChild(document.createElement('div'));
      el.setAttribute('role', role);
      return el.appendChild(document.createElement('span'));
    });
    await controller.run('inspect');
    hover(byId('home'));
    expect(key('t', field).defaultPrevented).toBe(false);
    for (const el of roles) expect(key('t', el).defaultPrevented).toBe(false);
    expect(key('t', byId('home'), { isComposing: true }).defaultPrevented).toBe(false);
    expect(tags()).toEqual([]);
    await new Promise((r) => setTimeout(r, 10));
    expect(store.save).not.toHaveBeenCalled();
  });

  it('undoes one change for Z held down, not every change made', async () => {
    const { controller, tags } = setUp();
    await controller.run('inspect');
    hover(byId('home'));
    key('t');
    key('ArrowRight');
    key('c');
    expect(tags()).toEqual(['you: template', 'you: content']);
    key('z');
    for (let i = 0; i < 5; i++) key('z', document.body, { repeat: true });
    expect(tags()).toEqual(['you: template']);
  });
});

describe('the inspect card', () => {
  it('shows the scores, the nesting, the counts, the features, the site and the merge penalty', async () => {
    const { controller, engine, card } = setUp();
    await controller.run('inspect');
    hover(byId('home'));
    expect(card('smoothed')).toBe('smoothed 0.80');
    await vi.waitFor(() => expect(card('raw')).toBe('raw 0.80'));
    expect(engine.inspected.at(-1)).toMatchObject({ top: 5, options: { penaltyFactor: 0.01 } });
    expect(card('verdict')).toContain('model: template');
    expect(card('counts')).toMatch(/^100 × 20 px at 0, 0 · \d+ words · 2 links$/) // happy-dom counts no visible words;
    expect(card('features')).toContain('+1.50 → template: link text share (0.9)');
    expect(card('merge')).toBe('Merges with its parent at c ≥ 0.04 (now c = 0.01)');
    key('c');
    expect(card('human')).toBe('you: content');
  });
});

describe('labels on later runs', () => {
  it('stay through a re-smooth that merges their segment, with one notice, and come back with it', async () => {
    const { controller, store, tags, toast } = setUp();
    await controller.run('inspect');
    click(byId('foot').firstElementChild!);
    await vi.waitFor(() => expect(store.saves).toHaveLength(1));
    await controller.setOptions({ penaltyFactor: 0.5, threshold: 0.5 });
    expect(tags()).toEqual([]);
    expect(toast()).toContain('1 of your labels no longer matches this page: not a segment at this penalty');
    expect(toast()).toContain('It is kept.');
    expect(kept(store)).toEqual(['#foot=template']); // nothing was saved over it
    expect((await controller.exportAnnotations()).segments.filter((s) => s.humanLabel)).toEqual([]);
    await controller.setOptions({ penaltyFactor: 0.01, threshold: 0.5 });
    expect(tags()).toEqual(['you: template']);
    expect(store.saves).toHaveLength(1);
  });

  it('are read again on a re-run, and one whose text changed is named in the notice and kept', async () => {
    const { controller, store, toast } = setUp();
    await controller.run('inspect');
    click(byId('home'));
    click(byId('foot').firstElementChild!);
    await vi.waitFor(() => expect(kept(store)).toEqual(['#foot=template', '#menu=template']));
    byId('home').textContent = 'Start';
    await controller.rerun();
    expect(store.load).toHaveBeenCalledTimes(2);
    expect(toast()).toContain('1 of your labels no longer matches this page: the text changed. It is kept.');
    expect((await controller.exportAnnotations()).segments.filter((s) => s.humanLabel).map((s) => s.selector)).toEqual(['#foot']);
    expect(kept(store)).toEqual(['#foot=template', '#menu=template']);
  });

  it('are put on screen from the store, and exported with their time', async () => {
    const seed = setUp();
    await seed.controller.run('inspect');
    click(byId('home'));
    await vi.waitFor(() => expect(seed.store.saves).toHaveLength(1));
    await seed.controller.setMode('off');
    const page = structuredClone(seed.store.kept!);
    page.segments[0].rows = null; // as an imported file leaves it

    const { controller, store, engine, tags } = setUp(fakeStore(page));
    await controller.run('inspect');
    expect(tags()).toEqual(['you: template']);
    const exported = (await controller.exportAnnotations()).segments.find((s) => s.selector === '#menu')!;
    expect(exported).toMatchObject({ humanLabel: 'template', labelledAt: page.segments[0].record.labelledAt });
    // The imported label gets its feature rows, and is saved with them.
    await vi.waitFor(() => expect(store.saves).toHaveLength(1));
    expect(store.saves[0].segments[0].rows?.features).toHaveLength(1);
    expect(engine.rowsAsked).toHaveLength(1);
  });

  it('labelsChanged reads the store again and answers the counts', async () => {
    const { controller, store, tags } = setUp();
    await controller.run('inspect');
    click(byId('home'));
    await vi.waitFor(() => expect(store.saves).toHaveLength(1));
    const elsewhere = structuredClone(store.kept!);
    elsewhere.segments.push({ ...structuredClone(elsewhere.segments[0]),
      record: { ...elsewhere.segments[0].record, selector: '#gone', xpath: null, textHash: 'ffffffff' } });
    elsewhere.segments[0].record.label = 'content';
    await store.save(elsewhere, store.revision);
    expect(await controller.labelsChanged()).toEqual({ applied: 1, changed: 0, missing: 1 });
    expect(tags()).toEqual(['you: content']);
  });
});

describe('labels changed in the popup', () => {
  it('are drawn again in hide mode, where they change what is hidden', async () => {
    const { controller, store } = setUp();
    await controller.run('inspect');
    click(byId('foot').firstElementChild!);
    click(byId('foot').firstElementChild!); // the footer, template to the model, is content to the person
    await vi.waitFor(() => expect(kept(store)).toEqual(['#foot=content']));
    await controller.setMode('hide');
    expect(controller.pageEffects.hidden).toBe(1); // the menu only: the labelled footer stays
    store.clear();
    expect(await controller.labelsChanged()).toEqual({ applied: 0, changed: 0, missing: 0 });
    expect(controller.pageEffects.hidden).toBe(2);
  });
});

describe('inspect mode and the site\'s mode', () => {
  it('is not kept as the site\'s mode: the next page opens in the mode kept before', async () => {
    const site = { ...DEFAULT_SITE_SETTINGS, mode: 'hide' as const, alwaysRun: true };
    const tab = setUp(fakeStore(), { site });
    await tab.controller.run();
    await tab.controller.setMode('inspect');
    expect(tab.controller.status()?.mode).toBe('inspect');
    expect(site.mode).toBe('hide');
    const next = setUp(fakeStore(), { site, fill: false });
    expect((await next.controller.run()).mode).toBe('hide');
    // A run asked for in inspect mode (the popup) does not keep it either; nor is a kept inspect opened by itself.
    const highlightSite = { ...site, mode: 'highlight' as const };
    await setUp(fakeStore(), { site: highlightSite, fill: false }).controller.run('inspect');
    expect(highlightSite.mode).toBe('highlight');
    expect((await setUp(fakeStore(), { site: { ...site, mode: 'inspect' as const }, fill: false }).controller.run()).mode)
      .toBe('highlight');
  });
});

describe('two tabs of one page', () => {
  it('keep both tabs\' labels: a save over labels another tab kept meanwhile reads them again first', async () => {
    const store = fakeStore();
    const tab1 = setUp(store);
    const tab2 = setUp(store, { fill: false });
    await tab1.controller.run('inspect');
    await tab2.controller.run('highlight'); // read the page's labels (none yet) too
    click(byId('home')); // tab 1 labels the menu
    await vi.waitFor(() => expect(kept(store)).toEqual(['#menu=template']));
    await tab1.controller.setMode('off');
    await tab2.controller.setMode('inspect');
    click(byId('foot').firstElementChild!); // tab 2 labels the footer, from a list without the menu
    await vi.waitFor(() => expect(kept(store)).toEqual(['#foot=template', '#menu=template']));
    expect(tab2.tags()).toEqual(['you: template', 'you: template']);
    expect(tab2.toast()).not.toContain('not saved');
  });

  it('do not bring back labels cleared in the popup while the tab was not told', async () => {
    const { controller, store, tags } = setUp();
    await controller.run('inspect');
    click(byId('home'));
    await vi.waitFor(() => expect(kept(store)).toEqual(['#menu=template']));
    store.clear(); // "Clear all labels" with this tab in the background
    click(byId('foot').firstElementChild!);
    await vi.waitFor(() => expect(store.saves).toHaveLength(2));
    expect(kept(store)).toEqual(['#foot=template']);
    expect(tags()).toEqual(['you: template']);
  });
});

/** Makes the engine's answers for feature rows wait until the returned function is called. */
function holdTrainingRows(engine: ReturnType<typeof setUp>['engine']): () => void {
  let release = () => {};
  const held = new Promise<void>((r) => { release = r; });
  const rows = engine.trainingRows.bind(engine);
  engine.trainingRows = async (...args) => { await held; return rows(...args); };
  return () => release();
}

describe('feature rows of a labelled segment', () => {
  it('are dropped when the engine answers after the page was classified again (its node numbers are another capture\'s)', async () => {
    const { controller, store, engine } = setUp();
    await controller.run('inspect');
    const release = holdTrainingRows(engine);
    click(byId('home')); // asks for the menu's rows, answered only after the re-run's classify below
    byId('menu').before(document.createElement('aside')); // the menu's node number is another element's now
    const rerun = controller.rerun();
    await vi.waitFor(() => expect(engine.classified).toHaveLength(2));
    release();
    await rerun;
    await vi.waitFor(() => expect(store.saves).toHaveLength(2));
    expect(store.saves[0].segments.map((x) => [x.record.selector, x.rows])).toEqual([['#menu', null]]);
    // Found again on the new capture, the label gets the rows of its own element there.
    expect(store.saves[1].segments[0].rows).not.toBeNull();
    expect(engine.rowsAsked.map((r) => r.node)).toEqual([engine.rowsAsked[0].node, engine.rowsAsked[0].node + 1]);
  });
});

describe('a single-page site showing another page', () => {
  const first = location.href;
  afterEach(() => history.replaceState(null, '', first));

  it('saves the labels under the address they were read for, though a capture of the next page is on screen', async () => {
    const { controller, store, engine } = setUp();
    await controller.run('inspect');
    const release = holdTrainingRows(engine);
    click(byId('home')); // its save waits for the segment's feature rows
    history.pushState(null, '', '/next-story');
    const rerun = controller.rerun(); // captures /next-story, then reads its labels after the save above
    await new Promise((r) => setTimeout(r, 10));
    release();
    await rerun;
    await vi.waitFor(() => expect(store.saves.length).toBeGreaterThan(0));
    expect(store.saves[0].url).toBe(first.split('#')[0]);
    expect(store.load.mock.calls.map(([url]) => new URL(url).pathname)).toEqual([new URL(first).pathname, '/next-story']);
  });

  it('lets go of the page before\'s undo and unsaved changes, saying so', async () => {
    const { controller, store, tags, toast } = setUp();
    await controller.run('inspect');
    store.failSave = new Error('label storage is full (2 MB)');
    click(byId('home'));
    await vi.waitFor(() => expect(tags()).toEqual(['you: template · not saved']));
    history.pushState(null, '', '/next-story');
    await controller.rerun();
    expect(toast()).toContain(`1 label change on ${first.split('#')[0]} could not be saved and was dropped: the ` +
      'page\'s address changed.');
    expect(tags()).toEqual([]);
    expect(key('z').defaultPrevented).toBe(false); // nothing of the page before to undo
    store.failSave = null;
    click(byId('foot').firstElementChild!);
    await vi.waitFor(() => expect(store.saves).toHaveLength(1));
    expect(store.saves[0]).toMatchObject({ url: expect.stringMatching(/\/next-story$/) });
    expect(kept(store)).toEqual(['#foot=template']);
  });
});

describe('a save the store refuses', () => {
  it('keeps the label on screen marked not saved, says why, and the next save carries it', async () => {
    const { controller, store, tags, toast } = setUp();
    await controller.run('inspect');
    store.failSave = new Error('label storage is full (2 MB)');
    click(byId('home'));
    await vi.waitFor(() => expect(tags()).toEqual(['you: template · not saved']));
    expect(toast()).toContain('Your label is shown but not saved: label storage is full (2 MB)');
    expect((await controller.exportAnnotations()).segments.find((s) => s.selector === '#menu')?.humanLabel).toBe('template');
    store.failSave = null;
    click(byId('foot').firstElementChild!);
    await vi.waitFor(() => expect(tags()).toEqual(['you: template', 'you: template']));
    expect(kept(store)).toEqual(['#foot=template', '#menu=template']);
  });

  it('writes nothing over kept labels it could not read', async () => {
    const { controller, store, tags, toast } = setUp();
    store.failLoad = new Error('no answer');
    await controller.run('inspect');
    expect(toast()).toContain('Your labels for this page could not be read: no answer');
    click(byId('home'));
    await vi.waitFor(() => expect(tags()).toEqual(['you: template · not saved']));
    expect(store.save).not.toHaveBeenCalled();
    expect(toast()).toContain('nothing was written over them');
  });
});
