import { describe, expect, it } from 'vitest';
import { SiteBlockStore, templateBlocks, type SiteBlockStoreJson } from '../../src/site/blockClusters/index.ts';
import { decodeUint32Base64, encodeUint32Base64 } from '../../src/util/base64.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';

const NAV = 'Home News Sport Weather Contact';

function article(k: number, words: number): string {
  return Array.from({ length: words }, (_, j) => `Token${(k * 7919 + j * 104729) % 1_000_003}`).join(' ');
}

/** A page with a navigation block, a sidebar that exists only on some pages, and an article of `words` words. */
function sitePage(k: number, words = 30, sidebar = false): PageSnapshot {
  const s = buildSnapshot([
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
    { parent: 0, tag: 'nav', rect: [0, 0, 1280, 80], text: NAV },
    { parent: 0, tag: 'article', rect: [0, 80, 800, 1500], text: article(k, words) },
    ...(sidebar ? [{ parent: 0, tag: 'aside', rect: [800, 80, 480, 600] as [number, number, number, number], text: `Related ${article(k + 1, 5)}` }] : []),
  ]);
  s.url = `https://example.org/p/${k}#top`;
  return s;
}

const stored = (store: SiteBlockStore) => JSON.parse(JSON.stringify(store.toJson())) as SiteBlockStoreJson;

describe('SiteBlockStore: stored form', () => {
  it('round-trips through JSON text exactly, with the same decisions', () => {
    const store = SiteBlockStore.create({ lanes: 3 });
    for (let k = 1; k <= 5; k++) store.addPage(sitePage(k, 30, k % 2 === 0));
    const text = JSON.stringify(store.toJson());
    const back = SiteBlockStore.fromJson(JSON.parse(text));
    expect(JSON.stringify(back.toJson())).toBe(text);
    expect(back.lanes).toBe(3);
    expect(back.byteSize()).toBe(text.length);
    expect(templateBlocks(back, sitePage(9))).toEqual(templateBlocks(store, sitePage(9)));
    // Adding to the restored store behaves as adding to the original.
    store.addPage(sitePage(6));
    back.addPage(sitePage(6));
    expect(back.toJson()).toEqual(store.toJson());
  });

  it('holds no page text: only hashes, skeleton keys and bit arrays', () => {
    const store = SiteBlockStore.create();
    const pages = [1, 2, 3].map((k) => sitePage(k));
    for (const p of pages) store.addPage(p);
    const text = JSON.stringify(store.toJson());
    for (const word of pages.flatMap((p) => p.text.split(/\s+/)).filter((w) => w.length >= 4)) {
      expect(text.toLowerCase()).not.toContain(word.toLowerCase());
    }
    expect(text).not.toContain('example.org');
  });

  it('rejects damaged or foreign data with a message that says what is wrong', () => {
    const store = SiteBlockStore.create();
    for (let k = 1; k <= 3; k++) store.addPage(sitePage(k));
    const good = stored(store);
    const broken = (change: (j: any) => void) => {
      const j = structuredClone(good) as any;
      change(j);
      return () => SiteBlockStore.fromJson(j);
    };
    expect(() => SiteBlockStore.fromJson(null)).toThrow(/block store: not an object/);
    expect(() => SiteBlockStore.fromJson('{}')).toThrow(/not an object/);
    expect(broken((j) => { j.format = 'something-else'; })).toThrow(/format/);
    expect(broken((j) => { j.version = 2; })).toThrow(/version 2/);
    expect(broken((j) => { j.lanes = 0; })).toThrow(/lanes/);
    expect(broken((j) => { delete j.checksum; })).toThrow(/checksum is missing/);
    expect(broken((j) => { j.pages.pop(); })).toThrow(/refers to page \d+, which is not in pages/);
    expect(broken((j) => { j.pages[0][0] = j.next + 5; })).toThrow(/pages\[0\] seq/);
    expect(broken((j) => { j.clusters[0].pages.reverse(); })).toThrow(/not strictly ascending/);
    expect(broken((j) => { j.clusters.push(j.clusters[0]); })).toThrow(/listed twice/);
    const firstWord = (j: any) => Object.keys(j.clusters[0].words)[0];
    expect(broken((j) => { j.clusters[0].words[firstWord(j)] = 'not base64!'; })).toThrow(/words\.\w+: base64/);
    expect(broken((j) => { j.clusters[0].words[firstWord(j)] = encodeUint32Base64([0, 1]); }))
      .toThrow(/whole records of 3 numbers/);
    expect(broken((j) => { j.clusters[0].words[firstWord(j)] = encodeUint32Base64([0, 0, 0]); }))
      .toThrow(/empty bit array|not in the cluster/);
    // A change that keeps every structural rule: one bit of one bit array flipped.
    expect(broken((j) => {
      const w = firstWord(j);
      const records = decodeUint32Base64(j.clusters[0].words[w]);
      records[1] ^= 1 << 30;
      j.clusters[0].words[w] = encodeUint32Base64(records);
    })).toThrow(/checksum does not match/);
    expect(broken((j) => { j.next += 1; })).toThrow(/checksum does not match/);
    // Text that no longer parses is the caller's JSON.parse error, before the store sees it.
    expect(() => JSON.parse(JSON.stringify(good).slice(0, -10))).toThrow();
  });
});

describe('SiteBlockStore: bounded size', () => {
  it('keeps at most maxPagesPerCluster pages per cluster, dropping the oldest', () => {
    const store = SiteBlockStore.create({ maxPagesPerCluster: 3 });
    for (let k = 1; k <= 8; k++) store.addPage(sitePage(k));
    const j = store.toJson();
    for (const c of j.clusters) expect(c.pages.length).toBeLessThanOrEqual(3);
    // Article clusters and page table keep only the newest three pages.
    expect(j.pages.map(([seq]) => seq)).toEqual([5, 6, 7]);
    expect(store.pageCount).toBe(3);
    // The navigation stays template on its window.
    expect(templateBlocks(store, sitePage(20)).blocks[1]).toMatchObject({ template: true, clusterPages: 3 });
  });

  it.each([6000, 1500])('never exceeds maxBytes (%i), dropping unshared words, then old pages, so the template survives',
    (maxBytes) => {
      const store = SiteBlockStore.create({ maxBytes });
      for (let k = 1; k <= 40; k++) {
        store.addPage(sitePage(k, 60, k % 3 === 0));
        expect(store.byteSize()).toBeLessThanOrEqual(maxBytes);
        expect(JSON.stringify(store.toJson()).length).toBe(store.byteSize());
      }
      const nav = templateBlocks(store, sitePage(100)).blocks[1];
      expect(nav).toMatchObject({ template: true, ratio: 1 });
      // 6000 bytes hold the navigation of the whole window once the articles' words are gone; 1500 do not, so the
      // oldest pages go as well.
      if (maxBytes === 1500) expect(store.pageCount).toBeLessThan(20);
      else expect(nav.clusterPages).toBe(32);
    });

  it('keeps the bound even when one page alone is larger than the budget', () => {
    const store = SiteBlockStore.create({ maxBytes: 1000 });
    store.addPage(sitePage(1, 2000));
    expect(store.byteSize()).toBeLessThanOrEqual(1000);
    expect(() => SiteBlockStore.fromJson(stored(store))).not.toThrow();
  });

  it('forgets a page on request', () => {
    const store = SiteBlockStore.create();
    store.addPage(sitePage(1));
    store.addPage(sitePage(2));
    expect(store.hasPage('https://example.org/p/1')).toBe(true); // the fragment is not part of a page's identity
    expect(store.removePage('https://example.org/p/1#x')).toBe(true);
    expect(store.pageCount).toBe(1);
    expect(store.removePage('https://example.org/p/1')).toBe(false);
  });

  it('rejects bad limits', () => {
    expect(() => SiteBlockStore.create({ maxBytes: 10 })).toThrow(/maxBytes/);
    expect(() => SiteBlockStore.create({ lanes: 9 })).toThrow(/lanes/);
    expect(() => SiteBlockStore.create({ maxPagesPerCluster: 0 })).toThrow(/maxPagesPerCluster/);
  });
});
