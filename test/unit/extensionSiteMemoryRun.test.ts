// The content script's side of a run's site memory: site memory helps when it can and never stops a run; a page is
// remembered only when its evidence was used (not when too large, nor when it looks like a copy).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgottenSite, loadSiteMemory, readSiteMemory, rememberAndStore, siteAfterClassify, type SiteMemoryDeps,
} from '../../extension/content/siteMemoryRun.ts';
import type { SiteEvidenceWire, SiteMemoryReadWire } from '../../extension/shared/siteMemoryApi.ts';

const wire = (over: Partial<SiteEvidenceWire> = {}): SiteEvidenceWire =>
  ({ pagesSeen: 3, methods: ['siteLevel'], templateNodes: 5, setAside: null, ms: 12, ...over });

function deps(over: Partial<SiteMemoryDeps> = {}): SiteMemoryDeps {
  return {
    load: async () => ({ host: 'a.example', memory: '{"stored":1}', pages: 3, problem: null, version: 'v7' }),
    save: async () => ({ host: 'a.example', pages: 4, bytes: 100, stored: true, evicted: [], problem: null }),
    ...over,
  };
}

const engine = (read = async (m: string | null): Promise<SiteMemoryReadWire> =>
  ({ pages: m ? 3 : 0, otherPages: m ? 2 : 0, problem: null, ms: 1 })) =>
  Promise.resolve({ readSiteMemory: vi.fn(read) });

afterEach(() => vi.restoreAllMocks());

/** What a run does: load the memory from the background, then have the engine read it. */
async function fetchSiteMemory(d: SiteMemoryDeps, host: string, e: ReturnType<typeof engine>) {
  return readSiteMemory(await loadSiteMemory(d, host), e, 'https://a.example/p');
}

describe('loadSiteMemory, then readSiteMemory', () => {
  it('hands the stored text and the page\'s address to the worker, which counts the other pages', async () => {
    const e = engine();
    const fetched = await fetchSiteMemory(deps(), 'a.example', e);
    expect(fetched).toEqual({ ready: true, host: 'a.example', pages: 3, otherPages: 2, problem: null, version: 'v7' });
    expect((await e).readSiteMemory).toHaveBeenCalledWith('{"stored":1}', 'https://a.example/p');
  });

  it('goes on without site memory when the background cannot answer, and will not store', async () => {
    const fetched = await fetchSiteMemory(deps({ load: async () => { throw new Error('no answer'); } }), 'a.example', engine());
    expect(fetched).toMatchObject({ ready: false, problem: 'Site memory is unavailable: no answer' });
    expect(siteAfterClassify(fetched, null, false).remember).toBe(false);
  });

  it('reports dropped data (console and status) and what the worker could not read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetched = await fetchSiteMemory(
      deps({ load: async () => ({ host: 'a.example', memory: null, pages: 0, problem: 'The stored memory was damaged.',
        version: 'v1' }) }),
      'a.example', engine(async () => ({ pages: 0, otherPages: 0, problem: 'Could not be read.', ms: 1 })));
    expect(fetched).toMatchObject({ ready: true, problem: 'The stored memory was damaged. Could not be read.' });
    expect(warn).toHaveBeenCalledWith('Winnow: The stored memory was damaged. Could not be read.');
  });
});

describe('siteAfterClassify', () => {
  const fetched = { ready: true, host: 'a.example', pages: 3, otherPages: 2, problem: null, version: 'v7' };

  it('remembers a page whose evidence was used', () => {
    const { state, remember } = siteAfterClassify(fetched, wire(), false);
    expect(remember).toBe(true);
    expect(state).toEqual({ host: 'a.example', pagesSeen: 3, pagesRemembered: 3, methods: ['siteLevel'], setAside: null,
      ms: { evidence: 12, remember: 0 }, problem: null });
  });

  it('neither uses nor remembers a page too large, or a copy of a remembered one', () => {
    expect(siteAfterClassify(fetched, null, true)).toMatchObject({ state: { setAside: 'large', pagesSeen: 0 }, remember: false });
    expect(siteAfterClassify(fetched, wire({ setAside: 'copy' }), false)).toMatchObject({ state: { setAside: 'copy' }, remember: false });
  });
});

describe('rememberAndStore', () => {
  const state = siteAfterClassify({ ready: true, host: 'a.example', pages: 3, otherPages: 2, problem: null,
    version: 'v7' }, wire(), false).state;
  const remembering = { rememberPage: async () => ({ memory: '{"new":1}', pagesRemembered: 4, ms: 30 }) };

  it('stores the memory with the page added and counts what the background kept', async () => {
    const save = vi.fn(deps().save);
    const after = await rememberAndStore(deps({ save }), remembering, state, 'v7');
    expect(save).toHaveBeenCalledWith('{"new":1}', 'v7');
    expect(after).toMatchObject({ pagesRemembered: 4, ms: { evidence: 12, remember: 30 }, problem: null });
  });

  it('says so when the memory was not stored or the background failed, without failing the run', async () => {
    const refused = await rememberAndStore(deps({ save: async () => ({ host: 'a.example', pages: 3, bytes: 9, stored: false,
      evicted: [], problem: 'Over the cap: this page was not remembered.' }) }), remembering, state, 'v7');
    expect(refused).toMatchObject({ pagesRemembered: 3, problem: 'Over the cap: this page was not remembered.' });
    const failed = await rememberAndStore(deps({ save: async () => { throw new Error('quota'); } }), remembering, state,
      'v7');
    expect(failed.problem).toBe('This page could not be remembered: quota');
  });

  it('after forgetting, nothing is seen or remembered', () => {
    expect(forgottenSite({ ...state, problem: 'old' })).toMatchObject({ pagesSeen: 0, pagesRemembered: 0, methods: [], problem: null });
  });
});
