/**
 * The size of a store's stored form, computed without building it: byteSize() runs after every added page (the byte
 * budget), and encoding every bit array just to measure it would cost more than adding the page.
 *
 * The arithmetic mirrors storeJson.ts exactly (a property test compares it with the real JSON on random stores):
 * the JSON is ASCII only (numbers, base-36 and base-64 text), so its length in characters is its size in bytes.
 */
import { CHECKSUM_DIGITS, storeBody } from './storeJson.ts';
import type { ClusterData, StoreData } from './storeData.ts';

/** Length of base64 text for `bytes` bytes (with padding). */
function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

/** Length of JSON.stringify(clusterToJson(key, cluster, lanes)). */
export function clusterJsonLength(key: string, cluster: ClusterData, lanes: number): number {
  // {"key":"K","pages":[…],"words":{"w":"b64",…}}
  let n = '{"key":"","pages":[],"words":{}}'.length + key.length;
  n += cluster.pages.reduce((sum, p) => sum + String(p).length, 0) + Math.max(0, cluster.pages.length - 1);
  const recordBytes = 4 * (1 + lanes);
  for (const [word, records] of cluster.words) {
    n += '"":""'.length + word.toString(36).length + base64Length(recordBytes * records.length);
  }
  return n + Math.max(0, cluster.words.size - 1);
}

/** Length of JSON.stringify(storeToJson(store)). */
export function storeJsonLength(store: StoreData): number {
  let n = JSON.stringify(storeBody(store, false)).length + ',"checksum":""'.length + CHECKSUM_DIGITS;
  for (const [key, c] of store.clusters) n += clusterJsonLength(key, c, store.lanes);
  return n + Math.max(0, store.clusters.size - 1);
}
