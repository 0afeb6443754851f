/**
 * One site's memory: what Winnow remembers, locally, about the pages of a site the user has read — SiteLevel hashes,
 * RTDM-TD skeletons and block-cluster bit arrays (never page text, never addresses: pages are known by hashes of
 * their address). `remember` adds a page; `evidence` says which nodes of a page the site's *other* pages mark as
 * template. The JSON form is what the extension stores; `fromJson` rejects damaged data with a reason, so the
 * caller can drop that one site and keep the rest.
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { SiteBlockStore } from '../blockClusters/siteBlockStore.ts';
import { pageKey as blockPageKey } from '../blockClusters/hashing.ts';
import { skeletonFromSnapshot } from '../rtdm/skeletonFromSnapshot.ts';
import {
  emptySkeletonStore, pageKey as skeletonPageKey, rememberPage, storeByteSize as skeletonBytes, storedSkeletons,
  storeFromJson as skeletonStoreFromJson, storeToJson as skeletonStoreToJson, type SiteSkeletonStore,
  type SiteSkeletonStoreJson,
} from '../rtdm/skeletonStore.ts';
import { findTemplate } from '../rtdm/findTemplate.ts';
import type { SiteBlockStoreJson } from '../blockClusters/storeJson.ts';
import {
  emptySiteLevelStore, evidenceHashes, pageHashes32, rememberHashes, siteLevelStoreFromJson, siteLevelStoreToJson,
  type SiteLevelStore, type SiteLevelStoreJson,
} from './siteLevelStore.ts';
import {
  blocksMask, combineMasks, EVIDENCE_DEFAULTS, rtdmMask, siteLevelMask, type EvidenceSettings, type SiteEvidence,
} from './siteEvidence.ts';

export const SITE_MEMORY_FORMAT = 'winnow-site-memory';
export const SITE_MEMORY_VERSION = 1;

export interface SiteMemoryJson {
  format: typeof SITE_MEMORY_FORMAT;
  version: typeof SITE_MEMORY_VERSION;
  siteLevel: SiteLevelStoreJson;
  skeletons: SiteSkeletonStoreJson;
  blocks: SiteBlockStoreJson;
}

export interface SiteMemoryLimits {
  /** Pages whose SiteLevel hashes are kept. */
  siteLevelPages: number;
  /** K of RTDM-TD: skeletons kept (FindTemplate compares them all). */
  skeletonPages: number;
  /** Byte budget of the block-cluster store. */
  blockBytes: number;
}

export const SITE_MEMORY_LIMITS: SiteMemoryLimits = { siteLevelPages: 20, skeletonPages: 8, blockBytes: 96 * 1024 };

/** Address without its fragment: `#section` links to the same page. */
export function pageAddress(url: string): string {
  const hash = url.indexOf('#');
  return hash >= 0 ? url.slice(0, hash) : url;
}

/** The stored form's header, checked: an object of this format and version. */
function storedHeader(json: unknown): SiteMemoryJson {
  const j = json as SiteMemoryJson;
  if (!j || typeof j !== 'object') throw new Error('site memory: not an object');
  if (j.format !== SITE_MEMORY_FORMAT) throw new Error(`site memory: format is not ${SITE_MEMORY_FORMAT}`);
  if (j.version !== SITE_MEMORY_VERSION) throw new Error(`site memory: version ${String(j.version)} is not ${SITE_MEMORY_VERSION}`);
  return j;
}

export class SiteMemory {
  private constructor(
    private siteLevel: SiteLevelStore,
    private skeletons: SiteSkeletonStore,
    private readonly blocks: SiteBlockStore,
  ) {}

  static create(limits: SiteMemoryLimits = SITE_MEMORY_LIMITS): SiteMemory {
    return new SiteMemory(emptySiteLevelStore(limits.siteLevelPages), emptySkeletonStore(limits.skeletonPages),
      SiteBlockStore.create({ maxBytes: limits.blockBytes }));
  }

  /** A memory from its stored form; throws an Error saying what is damaged. */
  static fromJson(json: unknown): SiteMemory {
    const j = storedHeader(json);
    return new SiteMemory(siteLevelStoreFromJson(j.siteLevel), skeletonStoreFromJson(j.skeletons), SiteBlockStore.fromJson(j.blocks));
  }

  /**
   * The page count of a stored form, checking only its header (format, version, the SiteLevel page list); throws like
   * fromJson. The cheap check for hosts that keep memory without using it (the extension's background): the full
   * decode, which finds damage deeper down, happens once per run where the memory is used.
   */
  static peekJson(json: unknown): { pages: number } {
    const pages = (storedHeader(json).siteLevel as { pages?: unknown } | undefined)?.pages;
    if (!Array.isArray(pages)) throw new Error('SiteLevel store: its pages are not a list');
    return { pages: pages.length };
  }

  toJson(): SiteMemoryJson {
    return {
      format: SITE_MEMORY_FORMAT,
      version: SITE_MEMORY_VERSION,
      siteLevel: siteLevelStoreToJson(this.siteLevel),
      skeletons: skeletonStoreToJson(this.skeletons),
      blocks: this.blocks.toJson(),
    };
  }

  /** Distinct pages remembered (the SiteLevel window, which is the longest). */
  get pageCount(): number {
    return this.siteLevel.pages.length;
  }

  /** Approximate bytes of the stored form (SiteLevel hashes, skeletons, block store). */
  byteSize(): number {
    const hashBytes = this.siteLevel.pages.reduce((sum, p) => sum + p.hashes.length * 4 + p.key.length, 0);
    return hashBytes + skeletonBytes(this.skeletons) + this.blocks.byteSize();
  }

  /**
   * Remembered pages other than the one at `url` (its address, as the snapshot's): the pages whose evidence a run of
   * that page gets (evidence's pagesSeen). A revisit of the only remembered page gets none.
   */
  pagesOtherThan(url: string): number {
    return this.pagesOtherThanKey(blockPageKey(pageAddress(url)));
  }

  private pagesOtherThanKey(selfKey: string): number {
    return this.siteLevel.pages.filter((p) => p.key !== selfKey).length;
  }

  /** Which nodes of `s` the site's other remembered pages mark as template, per method. */
  evidence(s: PageSnapshot, settings: EvidenceSettings = EVIDENCE_DEFAULTS): SiteEvidence {
    const address = pageAddress(s.url);
    const selfKey = blockPageKey(address);
    const skeleton = skeletonFromSnapshot(s);
    const selfSkeleton = skeletonPageKey(address);
    const others = this.skeletons.pages.filter((p) => p.key !== selfSkeleton);
    const template = others.length >= 2
      ? findTemplate(storedSkeletons({ limit: this.skeletons.limit, pages: others }))
      : null;
    return combineMasks(s.count, this.pagesOtherThanKey(selfKey), {
      siteLevel: siteLevelMask(s, pageHashes32(s), this.siteLevel, selfKey, settings),
      rtdm: rtdmMask(s, template, settings, skeleton),
      blocks: blocksMask(s, this.blocks, settings),
    });
  }

  /** Adds a page (or replaces it, when its address was seen before) to all three stores. */
  remember(s: PageSnapshot): void {
    const address = pageAddress(s.url);
    this.siteLevel = rememberHashes(this.siteLevel, blockPageKey(address), evidenceHashes(s, pageHashes32(s)));
    this.skeletons = rememberPage(this.skeletons, skeletonPageKey(address), skeletonFromSnapshot(s));
    this.blocks.addPage(s);
  }
}
