/**
 * Every site's SiteMemory JSON in storage.local (so it survives restarts and never leaves the machine), bounded:
 * at most `perSiteBytes` per site and `totalBytes` for all sites, the least recently used sites dropped whole to make
 * room. An index (host → last use, bytes, pages) lets the caps be kept without reading every site's data.
 *
 * Damage stays local: a site's entry that is not JSON with a SiteMemory header, or is over the per-site cap, is reported
 * (console warning, and the `problem` the popup shows) and removed, and only that site starts afresh. A damaged index
 * is rebuilt from the entries. All operations run one after another: the background answers several tabs at once,
 * and the index is read, changed and written back.
 *
 * A run loads the memory, adds its page in the worker and saves the result a moment later. Meanwhile the person may
 * have forgotten the site, or another tab of the site may have stored its own page: a save must then not write back
 * the memory it started from. Each load answers a version, and a save whose version is no longer current is refused.
 * Versions live only as long as this service worker: after a restart every earlier version is stale, which refuses
 * one page rather than bringing back a forgotten site.
 *
 * A memory is kept as its JSON text, not as an object: Chromium's storage hands objects back with their keys sorted,
 * and the block store's checksum covers the order of its keys, so a stored object would come back "damaged".
 */
import { SiteMemory } from '../../src/site/memory/siteMemory.ts';
import { siteOfHost } from '../../src/site/siteName.ts';
import { errorMessage } from '../shared/protocol.ts';
import { serialQueue } from '../shared/serialQueue.ts';
import {
  SITE_MEMORY_EXPORT_FORMAT, type SiteMemoryExport, type SiteMemoryInfo, type SiteMemoryLoad, type SiteMemorySave,
} from '../shared/siteMemoryApi.ts';

/** The part of `storage.local` the store uses (the fake in unit tests implements the same). */
export interface StorageAreaLike {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export interface SiteMemoryCaps {
  perSiteBytes: number;
  totalBytes: number;
}

/**
 * Chromium gives storage.local 10 MB: 7 MB for site memory, 2 MB for labels (labelStore.ts), the rest for settings and
 * the personal model.
 */
export const SITE_MEMORY_CAPS: SiteMemoryCaps = { perSiteBytes: 512 * 1024, totalBytes: 7 * 1024 * 1024 };

export const ENTRY_PREFIX = 'winnow-site-memory:';
export const INDEX_KEY = 'winnow-site-memory-index';

interface IndexEntry {
  lastUsed: number;
  bytes: number;
  pages: number;
}

type SiteIndex = Record<string, IndexEntry>;

/**
 * What storage.local charges for a value kept under `key`: the UTF-8 bytes of the key and of the value's JSON form (a
 * stored text with its quotes escaped). Not the JSON's length in UTF-16 characters: a CJK character is 3 bytes.
 */
export function jsonBytes(value: unknown, key = ''): number {
  const utf8 = new TextEncoder();
  return utf8.encode(JSON.stringify(value) ?? '').length + utf8.encode(key).length;
}

export class SiteMemoryStore {
  /** All operations one after another: each reads the index, changes it and writes it back. */
  private readonly serial = serialQueue();
  private lastStamp = 0;
  /** Raised by every save and forget of a host; see `version`. */
  private readonly changes = new Map<string, number>();
  /** Raised by "forget everything", which changes every host at once. */
  private forgetAlls = 0;
  private readonly instance = Math.random().toString(36).slice(2, 10);

  constructor(
    private readonly area: StorageAreaLike,
    private readonly caps: SiteMemoryCaps = SITE_MEMORY_CAPS,
    private readonly clock: () => number = () => Date.now(),
    private readonly warn: (message: string) => void = (m) => console.warn(`Winnow: ${m}`),
  ) {
    if (caps.perSiteBytes > caps.totalBytes) throw new RangeError('site memory: per-site cap over the total cap');
  }

  /** The stored memory of `host` (null when there is none or it had to be dropped); marks the site as used. */
  load(host: string): Promise<SiteMemoryLoad> {
    return this.serial(async () => {
      const key = ENTRY_PREFIX + host;
      const index = await this.readIndex();
      const entry = (await this.area.get(key))[key] ?? await this.adoptOlderEntry(host, index);
      if (entry === undefined) {
        if (index[host]) {
          delete index[host];
          await this.area.set({ [INDEX_KEY]: index });
        }
        return { host, memory: null, pages: 0, problem: null, version: this.version(host) };
      }
      const checked = this.check(host, entry, 'stored');
      if (checked.problem !== null) {
        await this.drop(host, index, checked.problem);
        return { host, memory: null, pages: 0, problem: checked.problem, version: this.version(host) };
      }
      index[host] = { lastUsed: this.stamp(), bytes: checked.bytes, pages: checked.pages };
      await this.area.set({ [INDEX_KEY]: index });
      // check() accepts only text
      return { host, memory: entry as string, pages: checked.pages, problem: null, version: this.version(host) };
    });
  }

  /**
   * Stores `memory` for `host`, dropping least recently used sites while all sites together exceed the total cap.
   * `basedOn` is the version the memory was loaded at; when the host changed since, nothing is stored.
   */
  save(host: string, memory: string, basedOn: string): Promise<SiteMemorySave> {
    return this.serial(async () => {
      const index = await this.readIndex();
      const before = index[host];
      const unchanged = { host, pages: before?.pages ?? 0, bytes: before?.bytes ?? 0, stored: false, evicted: [] };
      if (basedOn !== this.version(host)) {
        return { ...unchanged, problem: `The memory of ${host} changed while this page was read (forgotten, or ` +
          'another tab of the site added its page): this page was not remembered.' };
      }
      const checked = this.check(host, memory, 'new');
      if (checked.problem !== null) {
        this.warn(checked.problem);
        return { ...unchanged, problem: checked.problem };
      }
      index[host] = { lastUsed: this.stamp(), bytes: checked.bytes, pages: checked.pages };
      const evicted = leastRecentlyUsedOver(index, this.caps.totalBytes, host);
      for (const h of evicted) delete index[h];
      try {
        await this.area.set({ [ENTRY_PREFIX + host]: memory, [INDEX_KEY]: index });
      } catch (e) {
        const problem = `could not store the memory of ${host}: ${errorMessage(e)}`;
        this.warn(problem);
        return { ...unchanged, problem };
      }
      this.changed(host);
      // After the index no longer lists them: a failure here leaves unlisted entries, which forgetAll still clears.
      if (evicted.length > 0) await this.area.remove(evicted.map((h) => ENTRY_PREFIX + h));
      return { host, pages: checked.pages, bytes: checked.bytes, stored: true, evicted, problem: null };
    });
  }

  info(host: string | null): Promise<SiteMemoryInfo> {
    return this.serial(async () => {
      const index = await this.readIndex();
      const site = host ? index[host] : undefined;
      const all = Object.values(index);
      return {
        host, pages: site?.pages ?? 0, bytes: site?.bytes ?? 0, sites: all.length,
        totalBytes: all.reduce((sum, e) => sum + e.bytes, 0),
      };
    });
  }

  forget(host: string): Promise<void> {
    return this.serial(async () => {
      this.changed(host);
      const index = await this.readIndex();
      const hosts = [host, ...olderHostsOf(host, index)];
      for (const h of hosts) delete index[h];
      await this.area.remove(hosts.map((h) => ENTRY_PREFIX + h));
      await this.area.set({ [INDEX_KEY]: index });
    });
  }

  /** Removes every site's memory (entries the index lost track of too); answers how many sites were listed. */
  forgetAll(): Promise<number> {
    return this.serial(async () => {
      this.forgetAlls += 1;
      const sites = Object.keys(await this.readIndex()).length;
      const keys = Object.keys(await this.area.get(null)).filter((k) => k.startsWith(ENTRY_PREFIX) || k === INDEX_KEY);
      if (keys.length > 0) await this.area.remove(keys);
      return sites;
    });
  }

  /** Every site's memory, as stored; damaged entries are dropped (and reported) rather than exported. */
  exportAll(): Promise<SiteMemoryExport> {
    return this.serial(async () => {
      const index = await this.readIndex();
      const hosts = Object.keys(index).sort();
      const stored = hosts.length > 0 ? await this.area.get(hosts.map((h) => ENTRY_PREFIX + h)) : {};
      const sites: SiteMemoryExport['sites'] = [];
      for (const host of hosts) {
        const memory = stored[ENTRY_PREFIX + host];
        if (memory === undefined) continue;
        const checked = this.check(host, memory, 'stored');
        if (checked.problem !== null) {
          await this.drop(host, index, checked.problem);
          continue;
        }
        sites.push({ host, lastUsed: new Date(index[host].lastUsed).toISOString(), pages: checked.pages,
          bytes: checked.bytes, memory: checked.json });
      }
      return { format: SITE_MEMORY_EXPORT_FORMAT, version: 1, createdAt: new Date(this.clock()).toISOString(),
        caps: { ...this.caps }, sites };
    });
  }

  /** What `host`'s stored memory is now, as far as saves are concerned: give it back to `save`. */
  version(host: string): string {
    return `${this.instance}:${this.forgetAlls}:${this.changes.get(host) ?? 0}`;
  }

  private changed(host: string): void {
    this.changes.set(host, (this.changes.get(host) ?? 0) + 1);
  }

  /** Size, pages and parsed JSON of a memory's text, or what is wrong with it. */
  private check(host: string, text: unknown, which: 'stored' | 'new'):
    { bytes: number; pages: number; json: unknown; problem: string | null } {
    const bytes = jsonBytes(text, ENTRY_PREFIX + host);
    const what = which === 'stored' ? `The stored memory of ${host}` : `The memory of ${host} with this page`;
    const dropped = which === 'stored' ? 'it was cleared' : 'this page was not remembered';
    if (bytes > this.caps.perSiteBytes) {
      return { bytes, pages: 0, json: null,
        problem: `${what} is ${kb(bytes)}, over the ${kb(this.caps.perSiteBytes)} cap per site: ${dropped}.` };
    }
    try {
      if (typeof text !== 'string') throw new Error('not a JSON text');
      const json: unknown = JSON.parse(text);
      // Only the header: the full decode happens once per run, in the worker that uses the memory.
      return { bytes, pages: SiteMemory.peekJson(json).pages, json, problem: null };
    } catch (e) {
      return { bytes, pages: 0, json: null, problem: `${what} was damaged (${errorMessage(e)}): ${dropped}.` };
    }
  }

  /**
   * Memory stored before a site lost its `www.` (it was keyed by the full host name): moved under the site's name the
   * first time the site is loaded, so nothing remembered is lost. Undefined when there is none.
   */
  private async adoptOlderEntry(site: string, index: SiteIndex): Promise<unknown> {
    const older = olderHostsOf(site, index)[0];
    if (older === undefined) return undefined;
    const entry = (await this.area.get(ENTRY_PREFIX + older))[ENTRY_PREFIX + older];
    index[site] = index[older];
    delete index[older];
    if (entry !== undefined) await this.area.set({ [ENTRY_PREFIX + site]: entry, [INDEX_KEY]: index });
    await this.area.remove(ENTRY_PREFIX + older);
    return entry;
  }

  private async drop(host: string, index: SiteIndex, problem: string): Promise<void> {
    this.warn(problem);
    delete index[host];
    await this.area.remove(ENTRY_PREFIX + host);
    await this.area.set({ [INDEX_KEY]: index });
  }

  /** The index, rebuilt from the entries when it is missing or damaged. */
  private async readIndex(): Promise<SiteIndex> {
    const raw = (await this.area.get(INDEX_KEY))[INDEX_KEY];
    if (isIndex(raw)) return raw;
    const all = await this.area.get(null);
    const hosts = Object.keys(all).filter((k) => k.startsWith(ENTRY_PREFIX)).map((k) => k.slice(ENTRY_PREFIX.length));
    if (raw !== undefined) this.warn(`the site memory index was damaged; rebuilt it from ${hosts.length} sites`);
    const index: SiteIndex = {};
    for (const host of hosts) {
      const checked = this.check(host, all[ENTRY_PREFIX + host], 'stored');
      if (checked.problem !== null) {
        this.warn(checked.problem);
        await this.area.remove(ENTRY_PREFIX + host);
        continue;
      }
      // Unknown last use: older than anything used since.
      index[host] = { lastUsed: 0, bytes: checked.bytes, pages: checked.pages };
    }
    if (raw !== undefined || hosts.length > 0) await this.area.set({ [INDEX_KEY]: index });
    return index;
  }

  /** Strictly increasing, so the order of uses is kept even when the clock does not move between two. */
  private stamp(): number {
    this.lastStamp = Math.max(this.clock(), this.lastStamp + 1);
    return this.lastStamp;
  }
}

/** Hosts to drop, least recently used first, until the rest fit in `cap` (`keep` is never dropped). */
export function leastRecentlyUsedOver(index: SiteIndex, cap: number, keep: string): string[] {
  let total = Object.values(index).reduce((sum, e) => sum + e.bytes, 0);
  const byAge = Object.entries(index).filter(([h]) => h !== keep)
    .sort(([ha, a], [hb, b]) => a.lastUsed - b.lastUsed || (ha < hb ? -1 : 1));
  const out: string[] = [];
  for (const [host, e] of byAge) {
    if (total <= cap) break;
    out.push(host);
    total -= e.bytes;
  }
  return out;
}

function isIndex(raw: unknown): raw is SiteIndex {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  return Object.values(raw).every((e) => typeof e === 'object' && e !== null &&
    [e.lastUsed, e.bytes, e.pages].every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0));
}

function kb(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** Hosts the index lists under their older name for `site` (`www.news.example` for `news.example`), newest use first. */
function olderHostsOf(site: string, index: SiteIndex): string[] {
  return Object.keys(index).filter((h) => h !== site && siteOfHost(h) === site)
    .sort((a, b) => index[b].lastUsed - index[a].lastUsed);
}
