import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SiteBlockStore } from '../../src/site/blockClusters/index.ts';
import { decodeUint32Base64, encodeUint32Base64 } from '../../src/util/base64.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

/**
 * Random pages of one site: a fixed navigation, and a few blocks (some nested) of random words from a vocabulary large
 * enough that most words are new, so the byte budget has to work. Addresses repeat sometimes (reloads).
 */
const wordArb = fc.integer({ min: 0, max: 5000 }).map((n) => `w${n}`);
const pageArb = fc.record({
  address: fc.nat(12),
  blocks: fc.array(fc.record({ words: fc.array(wordArb, { maxLength: 40 }), nested: fc.boolean(), tag: fc.constantFrom('div', 'ul', 'section') }),
    { maxLength: 5 }),
});

function pageOf(p: { address: number; blocks: { words: string[]; nested: boolean; tag: string }[] }) {
  const nodes: NodeSpec[] = [
    { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
    { parent: 0, tag: 'nav', rect: [0, 0, 1280, 60], text: 'Home Products Support About' },
  ];
  let last = 0;
  for (const b of p.blocks) {
    const parent = b.nested ? last : 0;
    last = nodes.length;
    nodes.push({ parent, tag: b.tag, rect: [0, 0, 1280, 100], text: b.words.join(' ') });
  }
  const s = buildSnapshot(nodes);
  s.url = `https://shop.test/item/${p.address}`;
  return s;
}

const limitsArb = fc.record({
  maxBytes: fc.integer({ min: 256, max: 20_000 }),
  maxPagesPerCluster: fc.integer({ min: 1, max: 6 }),
  lanes: fc.integer({ min: 1, max: 4 }),
});

describe('SiteBlockStore size and stored form', () => {
  it('stays within maxBytes and the page window after every page, and byteSize is the JSON length', () => {
    fc.assert(fc.property(limitsArb, fc.array(pageArb, { minLength: 1, maxLength: 25 }), (limits, pages) => {
      const store = SiteBlockStore.create(limits);
      for (const p of pages) {
        store.addPage(pageOf(p));
        const text = JSON.stringify(store.toJson());
        expect(store.byteSize()).toBe(text.length);
        expect(store.byteSize()).toBeLessThanOrEqual(limits.maxBytes);
        for (const c of store.toJson().clusters) expect(c.pages.length).toBeLessThanOrEqual(limits.maxPagesPerCluster);
      }
    }), { numRuns: 60 });
  });

  it('round-trips through JSON text to an identical store', () => {
    fc.assert(fc.property(limitsArb, fc.array(pageArb, { minLength: 1, maxLength: 12 }), (limits, pages) => {
      const store = SiteBlockStore.create(limits);
      for (const p of pages) store.addPage(pageOf(p));
      const text = JSON.stringify(store.toJson());
      expect(JSON.stringify(SiteBlockStore.fromJson(JSON.parse(text)).toJson())).toBe(text);
    }), { numRuns: 60 });
  });

  it('rejects any single changed character of the stored text that still parses', () => {
    fc.assert(fc.property(fc.array(pageArb, { minLength: 1, maxLength: 4 }), fc.nat(), fc.constantFrom(...'0123456789abcdefxyzAZ+/='),
      (pages, at, ch) => {
        const store = SiteBlockStore.create();
        for (const p of pages) store.addPage(pageOf(p));
        const text = JSON.stringify(store.toJson());
        const k = at % text.length;
        if (text[k] === ch) return;
        const changed = text.slice(0, k) + ch + text.slice(k + 1);
        let parsed: unknown;
        try {
          parsed = JSON.parse(changed);
        } catch {
          return; // the caller's JSON.parse already refuses it
        }
        expect(() => SiteBlockStore.fromJson(parsed)).toThrow(/^block store: /);
      }), { numRuns: 300 });
  });

  it('encodes Uint32 arrays to base64 and back', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 0xffffffff })), (values) => {
      expect(Array.from(decodeUint32Base64(encodeUint32Base64(values)))).toEqual(values);
    }));
  });
});
