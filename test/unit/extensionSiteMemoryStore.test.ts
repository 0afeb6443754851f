// The background's site memory store: per-site and total caps with least-recently-used eviction of whole sites,
// damaged or oversized data dropped for its site only, forget and export; and who may ask the background for what.
// The storage area is a plain in-memory one (the shared fake browser has no `remove`, which the store needs).
import { describe, expect, it } from 'vitest';
import { SiteMemory } from '../../src/site/memory/siteMemory.ts';
import { ENTRY_PREFIX, INDEX_KEY, jsonBytes, SiteMemoryStore } from '../../extension/background/siteMemoryStore.ts';
import { siteMemoryHandlers } from '../../extension/background/siteMemoryHandlers.ts';
import { readStoredSiteMemory } from '../../src/session/storedSiteMemory.ts';
import { siteMemoryHost } from '../../extension/shared/siteMemoryApi.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';
import { memoryArea } from './extensionFakeStorage.ts';


/** Page k of a site: the same navigation, an article of its own. */
function page(host: string, k: number) {
  const s = buildSnapshot([
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
    { parent: 0, tag: 'nav', rect: [0, 0, 1280, 60], hints: HintBit.NAV },
    { parent: 1, tag: 'a', rect: [10, 10, 80, 20], text: `Home of ${host}`, link: 'intra' },
    { parent: 0, tag: 'article', rect: [240, 100, 800, 1600] },
    { parent: 3, tag: 'p', rect: [240, 200, 800, 400], text: `Story number ${k} of ${host}, told in plain words.` },
  ]);
  return { ...s, url: `https://${host}/story-${k}` };
}

/** A site's memory as the store keeps it: JSON text. */
function memoryJson(host: string, pages: number): string {
  const m = SiteMemory.create();
  for (let k = 1; k <= pages; k++) m.remember(page(host, k));
  return JSON.stringify(m.toJson());
}

const pagesOf = (text: string | null) => SiteMemory.fromJson(JSON.parse(text!)).pageCount;

function store(caps = { perSiteBytes: 512 * 1024, totalBytes: 8 * 1024 * 1024 }) {
  const { area, data } = memoryArea();
  let t = 1000;
  const warnings: string[] = [];
  const s = new SiteMemoryStore(area, caps, () => t, (m) => warnings.push(m));
  return { s, data, warnings, tick: (ms = 1000) => { t += ms; } };
}

/** A save based on what is stored now (as a run that loaded just before would send). */
const save = (s: SiteMemoryStore, host: string, memory: string) => s.save(host, memory, s.version(host));

describe('SiteMemoryStore', () => {
  it('stores, loads and counts a site; nothing for a site not seen', async () => {
    const { s } = store();
    expect(await s.load('a.example')).toMatchObject({ host: 'a.example', memory: null, pages: 0, problem: null });
    const saved = await save(s, 'a.example', memoryJson('a.example', 3));
    expect(saved).toMatchObject({ host: 'a.example', pages: 3, stored: true, evicted: [], problem: null });
    const loaded = await s.load('a.example');
    expect(pagesOf(loaded.memory)).toBe(3);
    expect(loaded.pages).toBe(3);
    expect(await s.info('a.example')).toMatchObject({ host: 'a.example', pages: 3, sites: 1, bytes: saved.bytes });
    expect(await s.info('b.example')).toMatchObject({ pages: 0, sites: 1 });
  });

  it('drops the least recently used sites, whole, to stay under the total cap', async () => {
    const one = jsonBytes(memoryJson('a.example', 2), ENTRY_PREFIX + 'a.example');
    const { s, data, tick } = store({ perSiteBytes: one * 2, totalBytes: Math.floor(one * 3.5) });
    for (const host of ['a.example', 'b.example', 'c.example']) {
      await save(s, host, memoryJson(host, 2));
      tick();
    }
    await s.load('a.example'); // a is now used more recently than b
    tick();
    const saved = await save(s, 'd.example', memoryJson('d.example', 2));
    expect(saved.evicted).toEqual(['b.example']);
    expect(Object.keys(data).filter((k) => k.startsWith(ENTRY_PREFIX)).sort())
      .toEqual(['a.example', 'c.example', 'd.example'].map((h) => ENTRY_PREFIX + h));
    const info = await s.info('a.example');
    expect(info.sites).toBe(3);
    expect(info.totalBytes).toBeLessThanOrEqual(Math.floor(one * 3.5));
  });

  it('refuses a memory over the per-site cap and keeps what the site had', async () => {
    const small = memoryJson('a.example', 1);
    const { s, warnings } = store({ perSiteBytes: jsonBytes(small, ENTRY_PREFIX + 'a.example') + 10, totalBytes: 1 << 20 });
    await save(s, 'a.example', small);
    const saved = await save(s, 'a.example', memoryJson('a.example', 4));
    expect(saved.stored).toBe(false);
    expect(saved.pages).toBe(1);
    expect(saved.problem).toMatch(/over the \d+ KB cap per site: this page was not remembered/);
    expect(warnings).toHaveLength(1);
    expect(pagesOf((await s.load('a.example')).memory)).toBe(1);
  });

  it('drops damaged or oversized stored data for that site only, and says why', async () => {
    const { s, data, warnings } = store();
    for (const host of ['a.example', 'b.example', 'c.example']) await save(s, host, memoryJson(host, 2));
    data[ENTRY_PREFIX + 'a.example'] = JSON.stringify({ format: 'winnow-site-memory', version: 1, siteLevel: 'garbage' });
    data[ENTRY_PREFIX + 'c.example'] = 'x'.repeat(600 * 1024);
    const a = await s.load('a.example');
    expect(a.memory).toBeNull();
    expect(a.problem).toMatch(/The stored memory of a\.example was damaged \(SiteLevel store: .*\): it was cleared/);
    const c = await s.load('c.example');
    expect(c.problem).toMatch(/c\.example is 601 KB, over the 512 KB cap per site: it was cleared/);
    expect(warnings).toHaveLength(2);
    expect(ENTRY_PREFIX + 'a.example' in data).toBe(false);
    expect(ENTRY_PREFIX + 'c.example' in data).toBe(false);
    const b = await s.load('b.example');
    expect(b.problem).toBeNull();
    expect(pagesOf(b.memory)).toBe(2);
    expect((await s.info(null)).sites).toBe(1);
    // The dropped site starts afresh.
    expect((await save(s, 'a.example', memoryJson('a.example', 1))).pages).toBe(1);
  });

  it('checks only the header of what it loads and stores: the one full decode is the worker\'s', async () => {
    const { s, data } = store();
    await save(s, 'a.example', memoryJson('a.example', 2));
    const damagedDeep = JSON.parse(data[ENTRY_PREFIX + 'a.example'] as string);
    damagedDeep.blocks.checksum = 'not the checksum';
    data[ENTRY_PREFIX + 'a.example'] = JSON.stringify(damagedDeep);
    const loaded = await s.load('a.example');
    expect(loaded).toMatchObject({ problem: null, pages: 2 });
    // Where the memory is used, the full decode finds the damage, and the run starts the site afresh with a reason.
    const read = readStoredSiteMemory(loaded.memory);
    expect(read.memory.pageCount).toBe(0);
    expect(read.problem).toMatch(/could not be read/);
  });

  it('moves memory kept under a www. host name to its site the first time the site loads, and forgets both', async () => {
    const { s, data } = store();
    await save(s, 'www.a.example', memoryJson('a.example', 2));
    const loaded = await s.load('a.example');
    expect(loaded).toMatchObject({ host: 'a.example', pages: 2, problem: null });
    expect(pagesOf(loaded.memory)).toBe(2);
    expect(ENTRY_PREFIX + 'www.a.example' in data).toBe(false);
    expect(await s.info('a.example')).toMatchObject({ pages: 2, sites: 1 });
    await save(s, 'www.b.example', memoryJson('b.example', 1));
    await s.forget('b.example');
    expect(ENTRY_PREFIX + 'www.b.example' in data).toBe(false);
    expect((await s.info(null)).sites).toBe(1);
  });

  it('rebuilds a damaged index from the entries, dropping the damaged ones', async () => {
    const { s, data, warnings } = store();
    for (const host of ['a.example', 'b.example']) await save(s, host, memoryJson(host, 2));
    data[INDEX_KEY] = 'not an index';
    data[ENTRY_PREFIX + 'b.example'] = 17;
    const info = await s.info('a.example');
    expect(info).toMatchObject({ pages: 2, sites: 1 });
    expect(warnings.join('\n')).toMatch(/index was damaged/);
    expect(warnings.join('\n')).toMatch(/b\.example was damaged/);
  });

  it('forgets one site, then everything (settings and other keys stay)', async () => {
    const { s, data } = store();
    data['site:https://a.example'] = { mode: 'hide' };
    for (const host of ['a.example', 'b.example', 'c.example']) await save(s, host, memoryJson(host, 2));
    await s.forget('a.example');
    expect(await s.load('a.example')).toMatchObject({ memory: null, problem: null });
    expect((await s.info('b.example')).sites).toBe(2);
    data[ENTRY_PREFIX + 'orphan.example'] = memoryJson('orphan.example', 1); // an entry the index lost
    expect(await s.forgetAll()).toBe(2);
    expect(Object.keys(data)).toEqual(['site:https://a.example']);
    expect((await s.info('b.example')).sites).toBe(0);
  });

  it('exports every site as stored: hashes and structure, no page text, no addresses', async () => {
    const { s } = store();
    for (const host of ['b.example', 'a.example']) await save(s, host, memoryJson(host, 3));
    const file = await s.exportAll();
    expect(file).toMatchObject({ format: 'winnow-site-memory-export', version: 1, caps: { perSiteBytes: 512 * 1024 } });
    expect(file.sites.map((x) => [x.host, x.pages])).toEqual([['a.example', 3], ['b.example', 3]]);
    const text = JSON.stringify(file.sites.map((x) => x.memory));
    expect(text).not.toMatch(/Story|plain words|Home of|story-/);
    for (const site of file.sites) expect(SiteMemory.fromJson(site.memory).pageCount).toBe(3);
  });

  it('keeps a memory as text: the object Chromium\'s storage gives back (keys sorted) fails the block checksum', async () => {
    const sortKeys = (v: unknown): unknown => Array.isArray(v) ? v.map(sortKeys) : v && typeof v === 'object'
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])])) : v;
    const text = memoryJson('a.example', 3);
    expect(() => SiteMemory.fromJson(sortKeys(JSON.parse(text)))).toThrow(/checksum/);
    const { s, data } = store();
    await save(s, 'a.example', text);
    expect(data[ENTRY_PREFIX + 'a.example']).toBe(text);
    expect((await s.load('a.example')).memory).toBe(text);
  });

  it('runs operations one at a time, so concurrent saves of different sites all land', async () => {
    const { s } = store();
    await Promise.all(['a', 'b', 'c', 'd'].map((h) => save(s, `${h}.example`, memoryJson(`${h}.example`, 1))));
    expect((await s.info(null)).sites).toBe(4);
  });

  it('does not write back a memory that was forgotten, or replaced by another tab, after it was loaded', async () => {
    const { s, data } = store();
    await save(s, 'a.example', memoryJson('a.example', 2));
    // A run loads, the person forgets the site, the run saves what it loaded plus its page.
    const run = await s.load('a.example');
    await s.forget('a.example');
    const late = await s.save('a.example', memoryJson('a.example', 3), run.version);
    expect(late).toMatchObject({ stored: false, pages: 0 });
    expect(late.problem).toMatch(/changed while this page was read/);
    expect(data[ENTRY_PREFIX + 'a.example']).toBeUndefined();
    // The same after "forget everything".
    const again = await s.load('a.example');
    await s.forgetAll();
    expect((await s.save('a.example', memoryJson('a.example', 1), again.version)).stored).toBe(false);
    expect(data[ENTRY_PREFIX + 'a.example']).toBeUndefined();
    // Two tabs of one site: the second save, based on the memory before the first, is refused, not overwriting.
    const [tab1, tab2] = [await s.load('a.example'), await s.load('a.example')];
    expect((await s.save('a.example', memoryJson('a.example', 1), tab1.version)).stored).toBe(true);
    expect((await s.save('a.example', memoryJson('a.example', 4), tab2.version)).stored).toBe(false);
    expect(pagesOf((await s.load('a.example')).memory)).toBe(1);
  });
});

describe('site memory messages', () => {
  const base = 'chrome-extension://winnow/';
  const popup = { url: `${base}extension/popup/popup.html?tab=3` };
  const tab = (url: string, frameId = 0) => ({ url, frameId, tab: { id: 3 } });

  it('gives a page its own site\'s memory only, and the popup the rest', async () => {
    const { s } = store();
    const h = siteMemoryHandlers(s, base);
    const { version } = await h.loadSiteMemory({}, tab('https://a.example/story-9') as never);
    await h.saveSiteMemory({ memory: memoryJson('a.example', 2), basedOn: version }, tab('https://a.example/story-9') as never);
    expect((await h.loadSiteMemory({}, tab('https://a.example/other') as never)).host).toBe('a.example');
    await expect(Promise.resolve().then(() => h.loadSiteMemory({}, tab('https://a.example/', 2) as never))).rejects.toThrow(/own content script/);
    await expect(Promise.resolve().then(() => h.exportSiteMemory({}, tab('https://a.example/') as never))).rejects.toThrow(/extension's own pages/);
    await expect(Promise.resolve().then(() => h.forgetAllSites({}, tab('https://a.example/') as never))).rejects.toThrow(/extension's own pages/);
    expect(await h.siteMemoryInfo({ url: 'https://a.example/x' }, popup as never)).toMatchObject({ pages: 2, sites: 1 });
    expect(await h.forgetSite({ url: 'https://a.example/x' }, popup as never)).toMatchObject({ pages: 0, sites: 0 });
  });

  it('keys sites by host name: no site for files and browser pages', () => {
    expect(siteMemoryHost('https://News.Example:8443/a?b#c')).toBe('news.example');
    expect(siteMemoryHost('https://WWW.news.example/a')).toBe('news.example');
    expect(siteMemoryHost('http://www2.news.example/a')).toBe('news.example');
    expect(siteMemoryHost('http://127.0.0.1:5000/x')).toBe('127.0.0.1');
    expect(siteMemoryHost('file:///home/a.html')).toBeNull();
    expect(siteMemoryHost('chrome://settings')).toBeNull();
    expect(siteMemoryHost('not a url')).toBeNull();
  });
});
