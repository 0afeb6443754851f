/**
 * SiteBlockStore: the compact memory of one site for 001's template detection — block style clusters with, per word,
 * one offset bit array per remembered page. It is the paper's index (001 §3.2) restricted to what template detection
 * needs and bounded: a page window per cluster (storePages.ts) and a byte budget for the whole site (storeBounds.ts).
 *
 * It holds no text: keys are hashes, words are 32-bit hashes, offsets are bit arrays (storeData.ts). `toJson()` is
 * the stored form and `SiteBlockStore.fromJson()` rejects damaged data with a message saying what is wrong
 * (storeJson.ts). A page is known by the hash of its address, so adding a page again replaces it.
 */
import type { PageSnapshot } from '../../snapshot/pageSnapshot.ts';
import { blocksOf, DEFAULT_LANES, type Block } from './blocksOf.ts';
import { pageKey } from './hashing.ts';
import { emptyStore, pagesWithKey, type StoreData, type StoreLimits } from './storeData.ts';
import { addPageBlocks, removePages } from './storePages.ts';
import { enforceByteBudget, storeByteSize } from './storeBounds.ts';
import { storeFromJson, storeToJson, type SiteBlockStoreJson } from './storeJson.ts';

export interface SiteBlockStoreOptions extends Partial<StoreLimits> {
  /** Uint32 lanes per offset bit array (the paper's k; 32 bits each). */
  lanes?: number;
}

export class SiteBlockStore {
  private constructor(readonly data: StoreData) {}

  static create(options: SiteBlockStoreOptions = {}): SiteBlockStore {
    const { lanes = DEFAULT_LANES, ...limits } = options;
    return new SiteBlockStore(emptyStore(lanes, limits));
  }

  /** A store from its stored JSON (an object, as JSON.parse or storage gives it); throws on damaged data. */
  static fromJson(json: unknown): SiteBlockStore {
    return new SiteBlockStore(storeFromJson(json));
  }

  toJson(): SiteBlockStoreJson {
    return storeToJson(this.data);
  }

  /** Size of the stored form in bytes (its JSON text is ASCII only). */
  byteSize(): number {
    return storeByteSize(this.data);
  }

  get lanes(): number {
    return this.data.lanes;
  }

  get limits(): Readonly<StoreLimits> {
    return this.data.limits;
  }

  /** Pages whose records some cluster still holds. */
  get pageCount(): number {
    return this.data.pages.size;
  }

  get clusterCount(): number {
    return this.data.clusters.size;
  }

  /** Adds (or replaces) a page; then applies the byte budget. Returns the page's sequence number. */
  addPage(snapshot: PageSnapshot): number {
    return this.addBlocks(pageKey(snapshot.url), blocksOf(snapshot, this.data.lanes));
  }

  /** addPage for blocks computed elsewhere (a worker), under a page key from hashing.pageKey. */
  addBlocks(key: string, blocks: readonly Block[]): number {
    const seq = addPageBlocks(this.data, key, blocks);
    enforceByteBudget(this.data, seq);
    return seq;
  }

  /** Forgets a page (by address). Returns whether it was stored. */
  removePage(url: string): boolean {
    const seqs = pagesWithKey(this.data, pageKey(url));
    removePages(this.data, seqs);
    return seqs.size > 0;
  }

  hasPage(url: string): boolean {
    return pagesWithKey(this.data, pageKey(url)).size > 0;
  }
}
