// The background's label store: labels kept per page address under a 2 MB cap that refuses rather than evicts,
// damaged entries dropped and reported, a damaged index rebuilt; annotation files imported (v1, v2, a list of files as
// "export all" writes) and merged (new labels added, conflicts kept until confirmed, the newer wins when confirmed),
// bad files rejected with one line each and nothing changed; every page exported as a valid annotation file; and who
// may ask the background for what.
import { describe, expect, it, vi } from 'vitest';
import type browser from 'webextension-polyfill';
import {
  LABEL_ENTRY_PREFIX, LABEL_INDEX_KEY, LabelStore, labelsFullMessage,
} from '../../extension/background/labelStore.ts';
import { labelHandlers } from '../../extension/background/labelHandlers.ts';
import { PersonalModelStore } from '../../extension/background/personalModelStore.ts';
import { jsonBytes } from '../../extension/background/siteMemoryStore.ts';
import { LABELS_CHANGED_ELSEWHERE, type LabelledSegment, type PageLabels } from '../../extension/shared/labelsApi.ts';
import { labelRevision } from '../../extension/background/labelRevision.ts';
import { validateAnnotationExport } from '../../src/labels/annotationFile.ts';
import { segmentTextHash } from '../../src/labels/segmentText.ts';
import { importSummary, readPickedFiles } from '../../extension/popup/labelsPanel.ts';
import { memoryArea } from './extensionFakeStorage.ts';

// The popup's panel talks to the browser only when clicked; its file check runs without it.
vi.mock('webextension-polyfill', () => ({ default: {} }));


function store(capBytes?: number) {
  const { area, data } = memoryArea();
  const warnings: string[] = [];
  return { s: new LabelStore(area, capBytes, (m) => warnings.push(m)), data, warnings, area };
}

const rect = { x: 0, y: 0, width: 800, height: 60 };

function segment(selector: string, text: string, label: 'template' | 'content', labelledAt: string,
  rows: LabelledSegment['rows'] = { features: [[1, 2, 3]], areaFractions: [0.1] }): LabelledSegment {
  const textHash = segmentTextHash(text);
  return {
    record: { selector, xpath: null, textHash, label, labelledAt },
    annotation: { selector, xpath: null, rect, score: 0.7, label: 'template', humanLabel: label, parentSegment: -1, text,
      textHash, labelledAt },
    rows,
  };
}

function page(url: string, segments: LabelledSegment[]): PageLabels {
  return { url, title: `Title of ${url}`, viewport: { width: 1280, height: 800 }, segments };
}

const MAY = '2026-05-01T10:00:00.000Z';
const JUNE = '2026-06-01T10:00:00.000Z';

/** An annotation file of a page with a labelled navigation and an unlabelled article (version 1 or 2). */
function annotationFile(url: string, version: 1 | 2, navLabel: 'template' | 'content', labelledAt = MAY) {
  const seg = (selector: string, text: string, humanLabel: 'template' | 'content' | null) => ({
    selector, xpath: null, rect, score: 0.8, label: 'template', humanLabel, parentSegment: -1, text,
    ...(version === 2 ? { textHash: segmentTextHash(text), labelledAt: humanLabel ? labelledAt : null } : {}),
  });
  return {
    schema: 'winnow-annotations', version, page: { url, title: 'Imported page', viewport: { width: 1280, height: 800 } },
    createdAt: labelledAt,
    model: { version: 'winnow-lr-buckets@v1', featureSchema: 'winnow-node-features', featureSchemaVersion: 3 },
    options: { penaltyFactor: 0.01, threshold: 0.5, minArea: 2000 },
    segments: [seg('#nav', 'Home News Sport', navLabel), seg('#story', 'The story itself', null)],
  };
}

/** A save as a tab makes it: based on the revision it read just before. */
async function put(s: LabelStore, p: PageLabels) {
  return s.save(p, (await s.load(typeof p.url === 'string' ? p.url : '')).revision);
}

const file = (name: string, json: unknown) => ({ name, text: JSON.stringify(json) });

describe('LabelStore', () => {
  it('keeps labels per page address without its #fragment, and lists each page with its counts', async () => {
    const { s } = store();
    expect(await s.load('https://a.example/story')).toEqual({ page: null, problem: null, revision: null });
    const saved = await put(s, page('https://a.example/story#comments', [
      segment('#nav', 'Home', 'template', MAY), segment('#story', 'Story', 'content', JUNE, null),
    ]));
    expect(saved.labels).toBe(2);
    const loaded = await s.load('https://a.example/story#top');
    expect(loaded.page?.url).toBe('https://a.example/story');
    expect(loaded.page?.segments.map((x) => x.record.label)).toEqual(['template', 'content']);
    const list = await s.list();
    expect(list.pages).toEqual([{ url: 'https://a.example/story', title: 'Title of https://a.example/story#comments',
      template: 1, content: 1, withoutRows: 1, updatedAt: JUNE }]);
    expect(list).toMatchObject({ bytes: saved.bytes, capBytes: 2 * 1024 * 1024, problem: null });
    // An empty list of labels removes the page.
    await put(s, page('https://a.example/story', []));
    expect((await s.list()).pages).toEqual([]);
  });

  it('refuses a save over the cap with a clear message, and evicts nothing', async () => {
    const small = page('https://a.example/1', [segment('#nav', 'Home', 'template', MAY)]);
    // The cap: room for two such pages and their index, not three.
    const probe = store().s;
    const oneBytes = (await put(probe, small)).bytes;
    const twoBytes = (await put(probe, { ...small, url: 'https://a.example/2' })).bytes;
    const cap = twoBytes + Math.floor((twoBytes - oneBytes) / 2);
    const { s, data } = store(cap);
    await put(s, small);
    await put(s, { ...small, url: 'https://a.example/2' });
    const before = structuredClone(data);
    await expect(put(s, { ...small, url: 'https://a.example/3' })).rejects.toThrow(labelsFullMessage(cap));
    expect(data).toEqual(before);
    expect(labelsFullMessage(2 * 1024 * 1024)).toBe('Label storage is full (2 MB): export your labels and clear some pages');
    // Replacing a page's labels by ones of the same size still fits.
    await put(s, { ...small, url: 'https://a.example/2', segments: [segment('#nav', 'Home', 'content', JUNE)] });
    expect((await s.list()).pages.map((p) => p.url).sort()).toEqual(['https://a.example/1', 'https://a.example/2']);
  });

  it('refuses a save based on a revision storage no longer holds (another tab, an import, a clear), and changes nothing', async () => {
    const { s, data, area } = store();
    const url = 'https://a.example/story';
    const tab1 = await s.load(url);
    const tab2 = await s.load(url);
    expect(tab1.revision).toBeNull();
    const first = await s.save(page(url, [segment('#nav', 'Home', 'template', MAY)]), tab1.revision);
    expect(first.revision).toMatch(/^[0-9a-f]{24}$/);
    // The second tab read the page before the first tab's label: its whole list would lose that label.
    const before = structuredClone(data);
    await expect(s.save(page(url, [segment('#story', 'Story', 'content', MAY)]), tab2.revision))
      .rejects.toThrow(new RegExp(`^${LABELS_CHANGED_ELSEWHERE} \\(https://a\\.example/story\\): read them again$`));
    expect(data).toEqual(before);
    // Read again, the revision is the one the first tab's save answered (the same after the worker restarts: a new
    // store over the same storage), and a save based on it goes through.
    const again = await s.load(url);
    expect(again.revision).toBe(first.revision);
    expect((await new LabelStore(area, undefined, () => {}).load(url)).revision).toBe(first.revision);
    expect(await labelRevision(structuredClone(again.page))).toBe(first.revision);
    await s.save(page(url, [...again.page!.segments, segment('#story', 'Story', 'content', MAY)]), again.revision);
    expect((await s.load(url)).page!.segments.map((x) => x.record.selector)).toEqual(['#nav', '#story']);
    // Cleared meanwhile: a save based on what was there before the clear is refused too.
    const stale = (await s.load(url)).revision;
    await s.clear();
    await expect(s.save(page(url, [segment('#nav', 'Home', 'template', MAY)]), stale)).rejects.toThrow(LABELS_CHANGED_ELSEWHERE);
    expect((await s.list()).pages).toEqual([]);
  });

  it('gives the same revision whatever order storage hands the keys back in', async () => {
    const entry = page('https://a.example/1', [segment('#nav', 'Home', 'template', MAY)]);
    const reversed = JSON.parse(JSON.stringify(entry), (_, v) => (v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).reverse()) : v));
    expect(Object.keys(reversed)[0]).toBe('segments');
    expect(await labelRevision(reversed)).toBe(await labelRevision(entry));
    expect(await labelRevision(undefined)).toBeNull();
  });

  it('counts what storage.local charges: UTF-8 bytes of key and JSON (CJK text is 3 bytes a character), and the index', async () => {
    expect(jsonBytes('日本語', 'k')).toBe(12); // "日本語" in UTF-8 and its quotes, and the key
    expect(jsonBytes({ a: 'é' }, 'ключ')).toBe(10 + 8);
    const story = '洪水の水位は一晩で一メートル下がった。'.repeat(60);
    const cjk = page('https://a.example/1', [segment('#story', story, 'content', MAY)]);
    // The cap holds the page's JSON counted in UTF-16 characters, with room to spare, but not its UTF-8 bytes.
    const { s, data } = store(JSON.stringify(cjk).length + 1000);
    await expect(put(s, cjk)).rejects.toThrow(/^Label storage is full/);
    expect(Object.keys(data).filter((k) => k.startsWith(LABEL_ENTRY_PREFIX))).toEqual([]);
    // What the listing says the labels take is the entries and the index, as stored.
    const roomy = store();
    await put(roomy.s, cjk);
    const stored = Object.entries(roomy.data).reduce((n, [k, v]) => n + new TextEncoder().encode(k + JSON.stringify(v)).length, 0);
    expect((await roomy.s.list()).bytes).toBe(stored);
  });

  it('reads all of storage.local once to build an empty index, not on every page\'s load', async () => {
    const { s, area, data } = store();
    const getAll = vi.spyOn(area, 'get');
    const readsOfAll = () => getAll.mock.calls.filter(([keys]) => keys === null).length;
    await s.load('https://a.example/1');
    expect(readsOfAll()).toBe(1);
    expect(data[LABEL_INDEX_KEY]).toEqual({});
    await s.load('https://a.example/2');
    await new LabelStore(area, undefined, () => {}).load('https://a.example/3'); // after a restart too
    expect(readsOfAll()).toBe(1);
  });

  it('refuses to keep a page whose labels do not check', async () => {
    const { s, data } = store();
    const bad = page('https://a.example/1', [segment('#nav', 'Home', 'template', 'yesterday')]);
    await expect(s.save(bad, null)).rejects.toThrow(/labelledAt: not an ISO 8601 time/);
    expect(data).toEqual({});
  });

  it('drops a damaged page entry and reports it once; the other pages stay', async () => {
    const { s, data, warnings } = store();
    await put(s, page('https://a.example/1', [segment('#nav', 'Home', 'template', MAY)]));
    await put(s, page('https://a.example/2', [segment('#nav', 'Home', 'content', MAY)]));
    (data[LABEL_ENTRY_PREFIX + 'https://a.example/1'] as { segments: unknown[] }).segments = [{ record: 'garbage' }];
    const loaded = await s.load('https://a.example/1');
    expect(loaded.page).toBeNull();
    expect(loaded.problem).toMatch(/^The labels kept for https:\/\/a\.example\/1 were damaged \(.+\): they were dropped\.$/);
    expect(warnings).toHaveLength(1);
    const list = await s.list();
    expect(list.pages.map((p) => p.url)).toEqual(['https://a.example/2']);
    expect(list.problem).toBe(loaded.problem);
    expect((await s.list()).problem).toBeNull();
    expect(LABEL_ENTRY_PREFIX + 'https://a.example/1' in data).toBe(false);
  });

  it('rebuilds a damaged index from the entries, dropping damaged ones', async () => {
    const { s, data } = store();
    await put(s, page('https://a.example/1', [segment('#nav', 'Home', 'template', MAY)]));
    await put(s, page('https://a.example/2', [segment('#nav', 'Home', 'content', MAY)]));
    data[LABEL_INDEX_KEY] = 'not an index';
    data[LABEL_ENTRY_PREFIX + 'https://a.example/3'] = { url: 'https://a.example/3', segments: 'no' };
    const list = await s.list();
    expect(list.pages.map((p) => p.url).sort()).toEqual(['https://a.example/1', 'https://a.example/2']);
    expect(list.problem).toMatch(/index of your labels was damaged; it was rebuilt from 3 pages/);
    expect(list.problem).toMatch(/https:\/\/a\.example\/3 were damaged/);
    expect(LABEL_ENTRY_PREFIX + 'https://a.example/3' in data).toBe(false);
  });

  it('imports v1 and v2 files: their human labels, without feature rows, under the address without #fragment', async () => {
    const { s } = store();
    const report = await s.importFiles([
      file('old.json', annotationFile('https://b.example/one#x', 1, 'template')),
      file('new.json', annotationFile('https://b.example/two', 2, 'content')),
    ], false);
    expect(report).toEqual({ files: 2, pages: 2, added: 2, unchanged: 0, conflicts: 0, replaced: 0, rejected: [],
      changedUrls: ['https://b.example/one', 'https://b.example/two'] });
    const one = (await s.load('https://b.example/one')).page!;
    expect(one.segments).toHaveLength(1);
    expect(one.segments[0]).toMatchObject({ record: { selector: '#nav', label: 'template', labelledAt: MAY }, rows: null });
    expect((await s.list()).pages.map((p) => [p.url, p.template, p.content, p.withoutRows]).sort())
      .toEqual([['https://b.example/one', 1, 0, 1], ['https://b.example/two', 0, 1, 1]]);
    // The same file again changes nothing.
    const again = await s.importFiles([file('new.json', annotationFile('https://b.example/two', 2, 'content'))], false);
    expect(again).toMatchObject({ added: 0, unchanged: 1, changedUrls: [] });
  });

  it('keeps a label a newer import would change until confirmed; confirmed, the newer wins and the rows stay', async () => {
    const { s } = store();
    const rows = { features: [[4, 5, 6]], areaFractions: [0.2] };
    await put(s, page('https://b.example/one', [segment('#nav', 'Home News Sport', 'template', MAY, rows)]));
    const newer = file('newer.json', annotationFile('https://b.example/one', 2, 'content', JUNE));
    const asked = await s.importFiles([newer], false);
    expect(asked).toMatchObject({ added: 0, conflicts: 1, replaced: 0, changedUrls: [] });
    expect((await s.load('https://b.example/one')).page!.segments[0].record.label).toBe('template');
    const confirmed = await s.importFiles([newer], true);
    expect(confirmed).toMatchObject({ conflicts: 1, replaced: 1, changedUrls: ['https://b.example/one'] });
    const kept = (await s.load('https://b.example/one')).page!.segments;
    expect(kept).toHaveLength(1);
    expect(kept[0].record).toMatchObject({ label: 'content', labelledAt: JUNE });
    expect(kept[0].annotation).toMatchObject({ humanLabel: 'content', labelledAt: JUNE });
    expect(kept[0].rows).toEqual(rows);
    // An older import never replaces a newer kept label.
    const older = await s.importFiles([file('older.json', annotationFile('https://b.example/one', 2, 'template', MAY))], true);
    expect(older).toMatchObject({ conflicts: 0, replaced: 0, unchanged: 1 });
    expect((await s.load('https://b.example/one')).page!.segments[0].record.label).toBe('content');
  });

  it('rejects a wrong schema, cut-off JSON and a 50 MB file with one line each, and changes nothing', async () => {
    const { s, data } = store();
    await put(s, page('https://a.example/1', [segment('#nav', 'Home', 'template', MAY)]));
    const before = structuredClone(data);
    const good = JSON.stringify(annotationFile('https://b.example/one', 2, 'content'));
    const report = await s.importFiles([
      file('other.json', { ...annotationFile('https://b.example/one', 2, 'content'), schema: 'someone-else' }),
      { name: 'cut.json', text: good.slice(0, good.length - 40) },
      { name: 'huge.json', text: ' '.repeat(50 * 1024 * 1024) },
      file('bad-entry.json', [annotationFile('https://b.example/one', 2, 'content'), { schema: 'winnow-annotations', version: 2 }]),
    ], true);
    expect(report.rejected).toHaveLength(4);
    expect(report.rejected[0]).toBe('other.json: $.schema: expected "winnow-annotations", got "someone-else"');
    expect(report.rejected[1]).toMatch(/^cut\.json: not JSON \(.*\); was the file cut short\?$/);
    expect(report.rejected[2]).toBe('huge.json: the file is 50 MB; annotation files are at most 10 MB');
    expect(report.rejected[3]).toMatch(/^bad-entry\.json: file 2 of 2: \$\.page: expected an object \(and \d+ more\)$/);
    for (const line of report.rejected) expect(line).not.toContain('\n');
    expect(report).toMatchObject({ files: 0, pages: 0, added: 0, changedUrls: [] });
    expect(data).toEqual(before);
  });

  it('refuses an import that would go over the cap, whole', async () => {
    const first = page('https://a.example/1', [segment('#nav', 'Home', 'template', MAY)]);
    const { s, data } = store((await put(store().s, first)).bytes + 200);
    await put(s, first);
    const before = structuredClone(data);
    await expect(s.importFiles([file('b.json', annotationFile('https://b.example/one', 2, 'content'))], false))
      .rejects.toThrow(/^Label storage is full \(\d+ KB\): export your labels and clear some pages$/);
    expect(data).toEqual(before);
  });

  it('exports every page as a valid annotation file, and "export all" imports again as the same labels', async () => {
    const { s } = store();
    await put(s, page('https://a.example/1', [segment('#nav', 'Home', 'template', MAY), segment('#story', 'Story', 'content', JUNE)]));
    await s.importFiles([file('old.json', annotationFile('https://b.example/one', 1, 'template'))], false);
    const files = await s.exportAll({ createdAt: JUNE, modelVersion: 'winnow-lr-buckets@v1@2026-04-01' });
    expect(files.map((f) => f.page.url)).toEqual(['https://a.example/1', 'https://b.example/one']);
    for (const f of files) expect(validateAnnotationExport(f)).toEqual([]);
    expect(files[0].segments.map((x) => [x.selector, x.humanLabel, x.labelledAt, x.parentSegment]))
      .toEqual([['#nav', 'template', MAY, -1], ['#story', 'content', JUNE, -1]]);

    const fresh = store().s;
    const report = await fresh.importFiles([{ name: 'winnow-labels.json', text: JSON.stringify(files, null, 2) }], false);
    expect(report).toMatchObject({ files: 1, pages: 2, added: 3, rejected: [] });
    const records = async (st: LabelStore) => (await st.allPages()).map((p) => [p.url, p.segments.map((x) => x.record)]);
    expect(await records(fresh)).toEqual(await records(s));
  });

  it('clears one page or all of them', async () => {
    const { s, data } = store();
    await put(s, page('https://a.example/1', [segment('#nav', 'Home', 'template', MAY), segment('#s', 'S', 'content', MAY)]));
    await put(s, page('https://a.example/2', [segment('#nav', 'Home', 'content', MAY)]));
    data['winnow-settings'] = { keep: true };
    expect(await s.clear('https://a.example/1#x')).toEqual({ pages: 1, labels: 2 });
    expect((await s.list()).pages.map((p) => p.url)).toEqual(['https://a.example/2']);
    expect(await s.clear()).toEqual({ pages: 1, labels: 1 });
    expect(data).toEqual({ 'winnow-settings': { keep: true }, [LABEL_INDEX_KEY]: {} });
  });
});

describe('label handlers', () => {
  const base = 'chrome-extension://winnow/';
  const popup = { url: `${base}extension/popup/popup.html` } as browser.Runtime.MessageSender;
  const tab = (url: string) => ({ url, frameId: 0 }) as browser.Runtime.MessageSender;

  function handlers() {
    const { area } = memoryArea();
    const labels = new LabelStore(area, undefined, () => {});
    return labelHandlers({ labels, personal: new PersonalModelStore(area, () => {}), modelVersion: async () => 'bundled@v1',
      improve: async () => { throw new Error('not here'); } }, base);
  }

  it('lets a content script read and keep only its own page\'s labels', async () => {
    const h = handlers();
    const own = page('https://a.example/1', [segment('#nav', 'Home', 'template', MAY)]);
    await h.savePageLabels({ page: own, basedOn: null }, tab('https://a.example/1#top'));
    expect((await h.pageLabels({ url: 'https://a.example/1' }, tab('https://a.example/1'))).page?.segments).toHaveLength(1);
    await expect(h.pageLabels({ url: 'https://a.example/1' }, tab('https://evil.example/'))).rejects.toThrow(/own page/);
    await expect(h.savePageLabels({ page: { ...own, url: 'https://b.example/' }, basedOn: null }, tab('https://a.example/1'))).rejects.toThrow(/own page/);
    await expect(h.pageLabels({ url: 'https://a.example/1' }, { url: 'https://a.example/1', frameId: 3 } as browser.Runtime.MessageSender))
      .rejects.toThrow(/own page/);
    // Listing, exporting, importing and clearing are for the extension's own pages.
    for (const ask of [() => h.labelledPages({}, tab('https://a.example/1')), () => h.exportLabels({}, tab('https://a.example/1')),
      () => h.clearLabels({}, tab('https://a.example/1')), () => h.resetModel({}, tab('https://a.example/1')),
      () => h.importAnnotations({ files: [], replace: false }, tab('https://a.example/1'))]) {
      await expect(ask()).rejects.toThrow(/only the extension's own pages/);
    }
    expect((await h.labelledPages({}, popup)).pages).toHaveLength(1);
    const exported = await h.exportLabels({}, popup);
    expect(exported[0].model.version).toBe('bundled@v1');
  });
});


describe('the popup\'s import', () => {
  it('refuses a file over 10 MB from its size, without reading it, and reads the others', async () => {
    const reads: string[] = [];
    const picked = (name: string, size: number, text = '{}') =>
      ({ name, size, text: async () => { reads.push(name); return text; } });
    const { files, rejected } = await readPickedFiles([picked('huge.json', 50 * 1024 * 1024), picked('ok.json', 2, '[]')]);
    expect(rejected).toEqual(['huge.json: the file is 50 MB; annotation files are at most 10 MB']);
    expect(files).toEqual([{ name: 'ok.json', text: '[]' }]);
    expect(reads).toEqual(['ok.json']);
  });

  it('says what an import did', () => {
    const report = { files: 2, pages: 3, added: 4, unchanged: 1, conflicts: 2, replaced: 0, rejected: [], changedUrls: [] };
    expect(importSummary(report)).toBe('Imported 2 files (3 pages): 4 labels added, 2 kept where the file had a newer, ' +
      'different label, 1 already there.');
    expect(importSummary({ ...report, replaced: 2 })).toBe('Imported 2 files (3 pages): 4 labels added, 2 replaced by ' +
      'newer ones, 1 already there.');
    expect(importSummary({ ...report, files: 0 })).toBe('Nothing was imported.');
  });
});
