import { describe, expect, it } from 'vitest';
import {
  decodeSkeleton, emptySkeletonStore, encodeSkeleton, fromBase64, pageKey, rememberPage, skeletonOf,
  storeByteSize, storedSkeletons, storeFromJson, storeTemplate, storeToJson, toBase64, type Skeleton,
} from '../../src/site/rtdm/index.ts';

const chain = (labels: number[]): Skeleton => skeletonOf(labels.map((_, i) => i - 1), labels);
const page = (k: number): Skeleton => skeletonOf([-1, 0, 1, 1, 0, 0], [10, 20, 30, 30, 40 + k, 50]);

describe('skeleton codec', () => {
  it('round-trips, with about two bytes per node when labels repeat', () => {
    const wide = skeletonOf([-1, ...Array(300).fill(0)], [7, ...Array.from({ length: 300 }, (_, i) => (i % 5) + 1)]);
    const bytes = encodeSkeleton(wide);
    expect(decodeSkeleton(bytes)).toEqual(wide);
    // version, n, dictionary (6 labels), 301 child counts (the root's 300 takes two bytes), 301 label indices
    expect(bytes.length).toBe(1 + 2 + 1 + 6 + 302 + 301);
    const empty = skeletonOf([], []);
    expect(decodeSkeleton(encodeSkeleton(empty))).toEqual(empty);
    const big = chain([0xffffffff, 0x80000000, 0]);
    expect(decodeSkeleton(encodeSkeleton(big))).toEqual(big);
  });

  it('rejects corrupt bytes', () => {
    const bytes = encodeSkeleton(page(1));
    expect(() => decodeSkeleton(Uint8Array.of(2, ...bytes.subarray(1)))).toThrow(/version/);
    expect(() => decodeSkeleton(bytes.subarray(0, bytes.length - 1))).toThrow();
    expect(() => decodeSkeleton(Uint8Array.of(...bytes, 0))).toThrow(/trailing/);
    // Child counts that promise a node that never comes.
    expect(() => decodeSkeleton(Uint8Array.of(1, 2, 1, 9, 2, 0, 0, 0))).toThrow(/more nodes/);
    // A second root.
    expect(() => decodeSkeleton(Uint8Array.of(1, 2, 1, 9, 0, 0, 0, 0))).toThrow(/no parent/);
    expect(() => decodeSkeleton(Uint8Array.of(1, 200, 1))).toThrow(/cannot fit/);
  });

  it('base64 round-trips every length', () => {
    for (let n = 0; n < 20; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n * 31) & 0xff);
      expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    }
    expect(toBase64(Uint8Array.of(0xfb, 0xff))).toBe('+/8=');
    expect(() => fromBase64('ab$=')).toThrow(/bad character/);
  });
});

describe('the site skeleton store', () => {
  it('keeps the last K pages, replaces a page seen again, and stores only hashes and skeletons', () => {
    let store = emptySkeletonStore(3);
    for (let k = 1; k <= 4; k++) store = rememberPage(store, pageKey(`https://example.org/${k}`), page(k));
    expect(store.pages.map((p) => p.key)).toEqual([2, 3, 4].map((k) => pageKey(`https://example.org/${k}`)));
    store = rememberPage(store, pageKey('https://example.org/2'), page(9));
    expect(storedSkeletons(store).map((s) => s.label[4])).toEqual([43, 44, 49]);
    expect(storeByteSize(store)).toBe(store.pages.reduce((a, p) => a + p.bytes.length + 4, 0));
    const json = JSON.stringify(storeToJson(store));
    expect(json).not.toMatch(/example/);
    expect(storeFromJson(JSON.parse(json))).toEqual(store);
  });

  it('gives the template of the remembered pages once it holds two', () => {
    let store = emptySkeletonStore(5);
    expect(storeTemplate(store)).toBeNull();
    store = rememberPage(store, 1, page(1));
    expect(storeTemplate(store)).toBeNull();
    store = rememberPage(store, 2, page(2));
    expect(Array.from(storeTemplate(store)!.label)).toEqual([10, 20, 30, 30, 50]);
  });

  it('rejects a malformed store', () => {
    expect(() => emptySkeletonStore(0)).toThrow();
    expect(() => storeFromJson({ version: 1, limit: 1, pages: [{ key: 1, skeleton: 'AAAA' }] })).toThrow();
    const two = storeToJson(rememberPage(rememberPage(emptySkeletonStore(2), 1, page(1)), 2, page(2)));
    expect(() => storeFromJson({ ...two, limit: 1 })).toThrow(/limit/);
  });
});
