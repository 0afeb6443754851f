/**
 * The library's public surface (`npm run build:lib` → dist-lib/winnow.js, a classic script defining the global
 * `Winnow`, and dist-lib/winnow.mjs, an ES module). Everything runs synchronously in the page it is loaded into, with
 * the bundled classifier weights inlined; nothing is fetched.
 */
export { winnowExtract, type WinnowArticle, type WinnowExtractOptions } from './winnowExtract.ts';
export { readPageMetadata } from './pageMetadata.ts';
export type { ArticleMetadata } from '../reader/articleMetadata.ts';
