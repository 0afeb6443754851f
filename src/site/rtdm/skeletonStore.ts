/**
 * The site memory for RTDM-TD: the encoded skeletons of up to K recently seen pages of one site, each under a hash
 * of its address. Nothing else is kept — no text, no addresses (the issue: "store only hashes, skeletons"). When a
 * K+1-th page arrives the oldest is forgotten; seeing a page again replaces its old skeleton and makes it the newest.
 *
 * Immutable: each update returns a new store, so a caller can compare or persist versions. The JSON form holds each
 * skeleton as base64 of its bytes (skeletonCodec.ts) and is what a browser's storage would keep.
 */
import { toBase64, fromBase64 } from '../../util/base64.ts';
import { findTemplate, type FindTemplateOptions } from './findTemplate.ts';
import { hashText31 } from './hashText.ts';
import { decodeSkeleton, encodeSkeleton } from './skeletonCodec.ts';
import type { Skeleton } from './skeleton.ts';

export interface StoredPage {
  /** pageKey(address): a 31-bit hash, never the address itself. */
  readonly key: number;
  readonly bytes: Uint8Array;
}

export interface SiteSkeletonStore {
  /** K: how many pages are remembered at most. */
  readonly limit: number;
  /** Oldest first. */
  readonly pages: readonly StoredPage[];
}

export interface SiteSkeletonStoreJson {
  version: 1;
  limit: number;
  pages: Array<{ key: number; skeleton: string }>;
}

export function emptySkeletonStore(limit: number): SiteSkeletonStore {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`skeleton store: limit must be a whole number ≥ 1, got ${limit}`);
  return { limit, pages: [] };
}

export function pageKey(address: string): number {
  return hashText31(address, 0x5173);
}

export function rememberPage(store: SiteSkeletonStore, key: number, skeleton: Skeleton): SiteSkeletonStore {
  const pages = store.pages.filter((p) => p.key !== key);
  pages.push({ key, bytes: encodeSkeleton(skeleton) });
  return { limit: store.limit, pages: pages.slice(Math.max(0, pages.length - store.limit)) };
}

export function storedSkeletons(store: SiteSkeletonStore): Skeleton[] {
  return store.pages.map((p) => decodeSkeleton(p.bytes));
}

/** The site template from the remembered pages (FindTemplate over them, oldest first); null with fewer than two. */
export function storeTemplate(store: SiteSkeletonStore, options: FindTemplateOptions = {}): Skeleton | null {
  return store.pages.length < 2 ? null : findTemplate(storedSkeletons(store), options);
}

/** Bytes the store holds: each skeleton's encoding plus 4 bytes for its key. */
export function storeByteSize(store: SiteSkeletonStore): number {
  return store.pages.reduce((sum, p) => sum + p.bytes.length + 4, 0);
}

export function storeToJson(store: SiteSkeletonStore): SiteSkeletonStoreJson {
  return { version: 1, limit: store.limit, pages: store.pages.map((p) => ({ key: p.key, skeleton: toBase64(p.bytes) })) };
}

export function storeFromJson(json: SiteSkeletonStoreJson): SiteSkeletonStore {
  if (!json || json.version !== 1 || !Array.isArray(json.pages)) throw new Error('skeleton store: not a version 1 store');
  const store = emptySkeletonStore(json.limit);
  const pages = json.pages.map((p): StoredPage => {
    if (!Number.isInteger(p.key) || p.key < 0 || typeof p.skeleton !== 'string') throw new Error('skeleton store: bad page entry');
    const bytes = fromBase64(p.skeleton);
    decodeSkeleton(bytes); // rejects a corrupt skeleton now rather than at template time
    return { key: p.key, bytes };
  });
  if (pages.length > store.limit) throw new Error(`skeleton store: ${pages.length} pages over its limit ${store.limit}`);
  return { limit: store.limit, pages };
}
