/**
 * Site-level template detection by block style clusters and word offset bit arrays (001: Chen, Ye & Li, "Template
 * detection for large scale search engines", SAC 2006), as a pure library with a bounded, text-free site store.
 *
 *   blocksOf(snapshot)                         → blocks: BSC key + per-word offset bit arrays   (blocksOf.ts)
 *   SiteBlockStore.create() / .addPage(s)      → the site's memory; toJson / fromJson / byteSize (siteBlockStore.ts)
 *   templateBlocks(store, snapshot, options)   → per-block template word ratio, per-node marks  (templateBlocks.ts)
 */
export { blocksOf, blocksOfPage, DEFAULT_LANES, type Block } from './blocksOf.ts';
export { SiteBlockStore, type SiteBlockStoreOptions } from './siteBlockStore.ts';
export { templateBlocks, TEMPLATE_DEFAULTS, type TemplateOptions, type BlockVerdict, type PageTemplate } from './templateBlocks.ts';
export type { SiteBlockStoreJson } from './storeJson.ts';
export { DEFAULT_LIMITS, type StoreLimits } from './storeData.ts';
export { pageKey } from './hashing.ts';
