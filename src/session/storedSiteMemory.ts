import { SiteMemory } from '../site/memory/siteMemory.ts';
import { now } from '../util/clock.ts';

/** A site's memory decoded from the text a host stored. */
export interface StoredSiteMemory {
  memory: SiteMemory;
  /** Why the stored text could not be used (the memory then starts afresh); null when it could. */
  problem: string | null;
  ms: number;
}

/**
 * The site's memory from its stored JSON text (null for a new site): the one full decode of a run, done where the page
 * is classified. Memory that cannot be read starts afresh with a reason; the host that stores it has already made a
 * cheap check of the text (`SiteMemory.peekJson`), so this is a second guard.
 */
export function readStoredSiteMemory(stored: string | null): StoredSiteMemory {
  const t0 = now();
  try {
    const memory = stored === null ? SiteMemory.create() : SiteMemory.fromJson(JSON.parse(stored));
    return { memory, problem: null, ms: now() - t0 };
  } catch (e) {
    const problem = `This site's memory could not be read (${e instanceof Error ? e.message : String(e)}) and starts afresh.`;
    return { memory: SiteMemory.create(), problem, ms: now() - t0 };
  }
}

/** The memory as the text a host stores. */
export function storedSiteMemoryText(memory: SiteMemory): string {
  return JSON.stringify(memory.toJson());
}
