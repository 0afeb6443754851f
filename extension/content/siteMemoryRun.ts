import type { SiteRunStatus } from '../shared/runStatus.ts';
import type { SiteEvidenceWire, SiteMemoryLoad, SiteMemoryReadWire, SiteMemorySave } from '../shared/siteMemoryApi.ts';
import { errorMessage } from '../shared/protocol.ts';
import type { PipelineEngine } from './pipelineEngine.ts';

/**
 * Pages with more elements than this run page-level only and are not remembered: adding a page to the block-cluster
 * store grows faster than its size (in Node here: 0.1 s at 5k elements, 0.8 s at 20k, 4.2 s at 50k, about 20 s at
 * 100k), and one such page's memory alone comes near the per-site cap.
 */
export const SITE_MEMORY_MAX_NODES = 20_000;

/** How the content script reaches the site memory (the background in the extension; a fake in tests). */
export interface SiteMemoryDeps {
  load(): Promise<SiteMemoryLoad>;
  save(memory: string, basedOn: string): Promise<SiteMemorySave>;
}

/** The run's site memory as the status reports it; the template segment count comes from each smoothing. */
export type SiteRunState = Omit<SiteRunStatus, 'templateSegments'>;

/** The site's memory as fetched for a run. */
export interface SiteMemoryFetch {
  /** The worker has read the memory and can use it for the next page it classifies. */
  ready: boolean;
  host: string;
  pages: number;
  /** Of those, the pages other than the one being run, whose evidence it gets (0 until the worker has read them). */
  otherPages: number;
  problem: string | null;
  /** The stored memory's version at load time (SiteMemoryLoad.version); null when nothing was loaded. */
  version: string | null;
}

/** The site's stored memory as the background answers it, or why it could not be had. */
export type LoadedSiteMemory = { ok: true; host: string; loaded: SiteMemoryLoad } | { ok: false; fetch: SiteMemoryFetch };

/**
 * The site's memory from the background, not yet read by any engine (readSiteMemory hands it to the worker, which
 * reads it while the page is still being captured). Site memory is a help, never a condition: when it cannot be
 * fetched the run goes on page-level only, and nothing is stored (storing a fresh memory then would overwrite the
 * site's real one).
 */
export async function loadSiteMemory(deps: SiteMemoryDeps, host: string): Promise<LoadedSiteMemory> {
  try {
    return { ok: true, host, loaded: await deps.load() };
  } catch (e) {
    return { ok: false,
      fetch: { ready: false, host, pages: 0, otherPages: 0, problem: `Site memory is unavailable: ${errorMessage(e)}`,
        version: null } };
  }
}

/** The engine that will classify the page (at address `page`) reads the memory loadSiteMemory loaded. */
export async function readSiteMemory(memory: LoadedSiteMemory,
  engine: Promise<Pick<PipelineEngine, 'readSiteMemory'>>, page: string): Promise<SiteMemoryFetch> {
  if (!memory.ok) return memory.fetch;
  const { host, loaded } = memory;
  let read: SiteMemoryReadWire;
  try {
    read = await (await engine).readSiteMemory(loaded.memory, page);
  } catch (e) {
    return { ready: false, host, pages: loaded.pages, otherPages: 0,
      problem: `Site memory is unavailable: ${errorMessage(e)}`, version: null };
  }
  const problem = joinProblems(loaded.problem, read.problem);
  if (problem) console.warn(`Winnow: ${problem}`);
  return { ready: true, host: loaded.host, pages: loaded.pages, otherPages: read.otherPages, problem,
    version: loaded.version };
}

/** The site part of the status once the page is classified, and whether the page is to be remembered. */
export function siteAfterClassify(fetched: SiteMemoryFetch, wire: SiteEvidenceWire | null, tooLarge: boolean):
  { state: SiteRunState; remember: boolean } {
  // A copy of a remembered page is not added either: it would make that page's own text look repeated.
  const setAside = tooLarge ? 'large' : wire?.setAside ?? null;
  return {
    state: {
      host: fetched.host,
      pagesSeen: wire?.pagesSeen ?? 0,
      pagesRemembered: fetched.pages,
      methods: wire?.methods ?? [],
      setAside,
      ms: { evidence: wire?.ms ?? 0, remember: 0 },
      problem: fetched.problem,
    },
    remember: wire !== null && setAside === null,
  };
}

/** Adds the page to the site's memory (in the worker) and has the background store it. */
export async function rememberAndStore(deps: SiteMemoryDeps, engine: Pick<PipelineEngine, 'rememberPage'>,
  state: SiteRunState, basedOn: string): Promise<SiteRunState> {
  try {
    const remembered = await engine.rememberPage();
    const saved = await deps.save(remembered.memory, basedOn);
    return { ...state, pagesRemembered: saved.pages, ms: { ...state.ms, remember: remembered.ms },
      problem: joinProblems(state.problem, saved.problem) };
  } catch (e) {
    return { ...state, problem: joinProblems(state.problem, `This page could not be remembered: ${errorMessage(e)}`) };
  }
}

/** After "forget this site": nothing seen, nothing remembered, nothing wrong. */
export function forgottenSite(state: SiteRunState): SiteRunState {
  return { ...state, pagesSeen: 0, pagesRemembered: 0, methods: [], setAside: null, ms: { evidence: 0, remember: 0 },
    problem: null };
}

function joinProblems(...problems: Array<string | null | undefined>): string | null {
  return problems.filter(Boolean).join(' ') || null;
}
