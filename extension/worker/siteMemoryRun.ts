import { SiteMemory } from '../../src/site/memory/siteMemory.ts';
import type { SiteEvidence } from '../../src/site/memory/siteEvidence.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import type { SiteAwarePage } from '../../src/pipeline/siteAware.ts';
import { errorMessage } from '../shared/protocol.ts';
import type { RememberedWire, SiteEvidenceWire, SiteMemoryReadWire } from '../shared/siteMemoryApi.ts';
import { now } from '../../src/util/clock.ts';

/** A site's memory read from its stored text. */
export interface SiteMemoryRead {
  memory: SiteMemory;
  problem: string | null;
  ms: number;
}

/**
 * The site's memory from its stored JSON text (null for a new site). Memory that cannot be read starts afresh: the
 * background already drops damaged data, so this is a second guard.
 */
export function readSiteMemory(stored: string | null): SiteMemoryRead {
  const t0 = now();
  try {
    const memory = stored === null ? SiteMemory.create() : SiteMemory.fromJson(JSON.parse(stored));
    return { memory, problem: null, ms: now() - t0 };
  } catch (e) {
    const problem = `This site's memory could not be read (${errorMessage(e)}) and starts afresh.`;
    return { memory: SiteMemory.create(), problem, ms: now() - t0 };
  }
}

export function readWire(r: SiteMemoryRead): SiteMemoryReadWire {
  return { pages: r.memory.pageCount, problem: r.problem, ms: r.ms };
}

/**
 * The page's site evidence. The page is added to the memory only afterwards (`rememberPage`), so it never votes for
 * itself; SiteMemory also leaves out a stored page with the same address, e.g. after a reload.
 */
export function evidenceOf(memory: SiteMemory, snapshot: PageSnapshot): { evidence: SiteEvidence; ms: number } {
  const t0 = now();
  const evidence = memory.evidence(snapshot);
  return { evidence, ms: now() - t0 };
}

/** What the content script is told about the evidence the run used. */
export function evidenceWire(read: SiteMemoryRead, found: { evidence: SiteEvidence; ms: number }, page: SiteAwarePage):
  SiteEvidenceWire {
  let templateNodes = 0;
  for (const bit of page.siteTemplate) templateNodes += bit;
  return {
    pagesSeen: found.evidence.pagesSeen,
    methods: [...found.evidence.available],
    templateNodes,
    setAside: page.setAside,
    ms: read.ms + found.ms,
  };
}

/** Adds the page to the memory; the JSON text is what the background stores. */
export function rememberPage(memory: SiteMemory, snapshot: PageSnapshot): RememberedWire {
  const t0 = now();
  memory.remember(snapshot);
  return { memory: JSON.stringify(memory.toJson()), pagesRemembered: memory.pageCount, ms: now() - t0 };
}
