/**
 * The stored form of a site's block store: plain JSON (what the extension keeps in storage.local and the command
 * line writes to disk), and the validation that turns stored data back into a store or says exactly what is wrong.
 *
 * Layout (ASCII only, so its length is its byte size):
 *   { format, version, lanes, maxBytes, maxPagesPerCluster, next,
 *     pages: [[seq, pageKey], …],
 *     clusters: [{ key, pages: [seq, …], words: { wordHashBase36: base64(records) } }, …],
 *     checksum }
 * A word's records are Uint32s, (1 + lanes) per record: the page's sequence number, then the bit array's lanes.
 * `checksum` is a 53-bit hash of everything else, so a stored object that was truncated, edited or bit-flipped in a
 * way that still parses is rejected instead of silently changing template decisions.
 */
import { decodeUint32Base64, encodeUint32Base64 } from '../../util/base64.ts';
import { SequenceHasher } from './hashing.ts';
import { MAX_LANES, type ClusterData, type StoreData, type WordRecord } from './storeData.ts';

export const STORE_FORMAT = 'winnow-block-clusters';
export const STORE_VERSION = 1;

export interface ClusterJson {
  key: string;
  pages: number[];
  words: Record<string, string>;
}

export interface SiteBlockStoreJson {
  format: typeof STORE_FORMAT;
  version: typeof STORE_VERSION;
  lanes: number;
  maxBytes: number;
  maxPagesPerCluster: number;
  next: number;
  pages: [number, string][];
  clusters: ClusterJson[];
  checksum: string;
}

/** 2^53 in base 36 has 11 digits. */
export const CHECKSUM_DIGITS = 11;
const KEY = /^[0-9a-z]{1,11}$/;
const WORD_KEY = /^[0-9a-z]{1,7}$/;

export function clusterToJson(key: string, cluster: ClusterData, lanes: number): ClusterJson {
  const words: Record<string, string> = {};
  for (const [word, records] of cluster.words) {
    const flat = new Uint32Array(records.length * (1 + lanes));
    records.forEach((r, k) => {
      flat[k * (1 + lanes)] = r.page;
      flat.set(r.bits, k * (1 + lanes) + 1);
    });
    words[word.toString(36)] = encodeUint32Base64(flat);
  }
  return { key, pages: [...cluster.pages], words };
}

/** The checksum of a store's content: fixed width (11 base-36 digits), so it never changes the store's size. */
function checksumOf(json: Omit<SiteBlockStoreJson, 'checksum'>): string {
  const content = JSON.stringify([json.format, json.version, json.lanes, json.maxBytes, json.maxPagesPerCluster,
    json.next, json.pages, json.clusters.map((c) => [c.key, c.pages, Object.entries(c.words)])]);
  return new SequenceHasher().addString(content).digest().toString(36).padStart(CHECKSUM_DIGITS, '0');
}

/** Everything of the stored form but the checksum (and without the clusters' content when `clusters` is false). */
export function storeBody(store: StoreData, clusters = true): Omit<SiteBlockStoreJson, 'checksum'> {
  return {
    format: STORE_FORMAT, version: STORE_VERSION, lanes: store.lanes, maxBytes: store.limits.maxBytes,
    maxPagesPerCluster: store.limits.maxPagesPerCluster, next: store.next,
    pages: [...store.pages].sort((a, b) => a[0] - b[0]),
    clusters: clusters ? [...store.clusters].map(([key, c]) => clusterToJson(key, c, store.lanes)) : [],
  };
}

export function storeToJson(store: StoreData): SiteBlockStoreJson {
  const body = storeBody(store);
  return { ...body, checksum: checksumOf(body) };
}

function fail(message: string): never {
  throw new Error(`block store: ${message}`);
}

function wholeNumber(v: unknown, what: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) fail(`${what} is not a whole number in [${min}, ${max}]`);
  return v;
}

function ascending(values: unknown, what: string, max: number): number[] {
  if (!Array.isArray(values)) fail(`${what} is not an array`);
  values.forEach((v, k) => {
    wholeNumber(v, `${what}[${k}]`, 0, max);
    if (k > 0 && (v as number) <= (values[k - 1] as number)) fail(`${what} is not strictly ascending at ${k}`);
  });
  return values as number[];
}

/** Rebuilds a store from its JSON, checking everything a corrupt or foreign object could get wrong. */
export function storeFromJson(json: unknown): StoreData {
  if (!json || typeof json !== 'object' || Array.isArray(json)) fail('not an object');
  const j = json as Partial<SiteBlockStoreJson>;
  if (j.format !== STORE_FORMAT) fail(`format is ${JSON.stringify(j.format)}, expected "${STORE_FORMAT}"`);
  if (j.version !== STORE_VERSION) fail(`version ${JSON.stringify(j.version)}, expected ${STORE_VERSION}`);
  const lanes = wholeNumber(j.lanes, 'lanes', 1, MAX_LANES);
  const maxBytes = wholeNumber(j.maxBytes, 'maxBytes', 256);
  const maxPagesPerCluster = wholeNumber(j.maxPagesPerCluster, 'maxPagesPerCluster', 1);
  const next = wholeNumber(j.next, 'next', 0, 0xffffffff);
  if (typeof j.checksum !== 'string') fail('checksum is missing');
  if (!Array.isArray(j.pages)) fail('pages is not an array');
  if (!Array.isArray(j.clusters)) fail('clusters is not an array');

  const pages = new Map<number, string>();
  const pageKeys = new Set<string>();
  j.pages.forEach((entry, k) => {
    if (!Array.isArray(entry) || entry.length !== 2) fail(`pages[${k}] is not a [seq, key] pair`);
    const seq = wholeNumber(entry[0], `pages[${k}] seq`, 0, next - 1);
    const key = entry[1];
    if (typeof key !== 'string' || !KEY.test(key)) fail(`pages[${k}] key is not a page hash`);
    if (pages.has(seq)) fail(`page ${seq} is listed twice`);
    if (pageKeys.has(key)) fail(`page key ${key} is listed twice`);
    pages.set(seq, key);
    pageKeys.add(key);
  });

  const clusters = new Map<string, ClusterData>();
  const referenced = new Set<number>();
  j.clusters.forEach((c, k) => {
    const where = `clusters[${k}]`;
    if (!c || typeof c !== 'object') fail(`${where} is not an object`);
    if (typeof c.key !== 'string' || !KEY.test(c.key)) fail(`${where}.key is not a cluster hash`);
    if (clusters.has(c.key)) fail(`cluster ${c.key} is listed twice`);
    const clusterPages = ascending(c.pages, `${where}.pages`, next - 1);
    if (clusterPages.length === 0) fail(`${where} has no pages`);
    if (clusterPages.length > maxPagesPerCluster) fail(`${where} has more than maxPagesPerCluster pages`);
    for (const p of clusterPages) {
      if (!pages.has(p)) fail(`${where} refers to page ${p}, which is not in pages`);
      referenced.add(p);
    }
    const inCluster = new Set(clusterPages);
    if (!c.words || typeof c.words !== 'object' || Array.isArray(c.words)) fail(`${where}.words is not an object`);
    const words = new Map<number, WordRecord[]>();
    for (const [wordKey, encoded] of Object.entries(c.words)) {
      const w = `${where}.words.${wordKey}`;
      if (!WORD_KEY.test(wordKey) || parseInt(wordKey, 36) > 0xffffffff) fail(`${w}: key is not a word hash`);
      const word = parseInt(wordKey, 36);
      if (word.toString(36) !== wordKey) fail(`${w}: key is not in canonical form`);
      if (typeof encoded !== 'string') fail(`${w} is not a string`);
      let flat: Uint32Array;
      try {
        flat = decodeUint32Base64(encoded);
      } catch (e) {
        fail(`${w}: ${(e as Error).message}`);
      }
      if (flat.length === 0 || flat.length % (1 + lanes) !== 0) fail(`${w} does not hold whole records of ${1 + lanes} numbers`);
      const records: WordRecord[] = [];
      for (let at = 0; at < flat.length; at += 1 + lanes) {
        const page = flat[at];
        if (!inCluster.has(page)) fail(`${w} has a record of page ${page}, which is not in the cluster`);
        if (records.length > 0 && page <= records[records.length - 1].page) fail(`${w} records are not in page order`);
        const bits = flat.slice(at + 1, at + 1 + lanes);
        // Every word has at least one offset, so at least one bit: an empty array is damage.
        if (bits.every((x) => x === 0)) fail(`${w} has an empty bit array for page ${page}`);
        records.push({ page, bits });
      }
      words.set(word, records);
    }
    clusters.set(c.key, { pages: clusterPages, words });
  });
  for (const seq of pages.keys()) if (!referenced.has(seq)) fail(`page ${seq} is in pages but in no cluster`);

  const { checksum, ...body } = j as SiteBlockStoreJson;
  if (checksumOf(body) !== checksum) fail('checksum does not match the content (the stored data was changed or damaged)');
  return { lanes, limits: { maxBytes, maxPagesPerCluster }, next, pages, clusters };
}
