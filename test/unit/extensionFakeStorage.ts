/**
 * storage.local in memory, for the background's stores in unit tests: values are cloned in and out, as the browser's
 * storage does (what a store keeps is never the object it was given), and `data` lets a test look at or damage what
 * is stored.
 */
import type { StorageAreaLike } from '../../extension/background/siteMemoryStore.ts';

export function memoryArea(): { area: StorageAreaLike; data: Record<string, unknown> } {
  const data: Record<string, unknown> = {};
  const area: StorageAreaLike = {
    async get(keys) {
      if (keys === null) return structuredClone(data);
      const list = Array.isArray(keys) ? keys : [keys];
      return Object.fromEntries(list.filter((k) => k in data).map((k) => [k, structuredClone(data[k])]));
    },
    async set(items) {
      Object.assign(data, structuredClone(items));
    },
    async remove(keys) {
      for (const k of Array.isArray(keys) ? keys : [keys]) delete data[k];
    },
  };
  return { area, data };
}
