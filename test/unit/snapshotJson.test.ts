import { describe, expect, it } from 'vitest';
import { snapshotFromJson, snapshotToJson } from '../../src/snapshot/snapshotJson.ts';
import { snapshotBuffers, nodeArea } from '../../src/snapshot/pageSnapshot.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';

const s = buildSnapshot([
  { parent: -1, rect: [0, 0, 100, 100] },
  { parent: 0, rect: [0, 0, 50, 40], text: 'hello world', link: 'intra' },
]);

describe('snapshot JSON', () => {
  it('round-trips every typed array', () => {
    const back = snapshotFromJson(JSON.parse(JSON.stringify(snapshotToJson(s))));
    expect(back).toEqual(s);
    expect(back.parent).toBeInstanceOf(Int32Array);
    expect(back.rect).toBeInstanceOf(Float32Array);
  });

  it('rejects broken files with a message naming the problem', () => {
    const json = snapshotToJson(s);
    expect(() => snapshotFromJson({ ...json, version: 9 } as never)).toThrow(/version 9/);
    expect(() => snapshotFromJson({ ...json, rect: [1, 2] })).toThrow(/rect has 2 entries, expected 8/);
    expect(() => snapshotFromJson({ ...json, parent: [-1, 1] })).toThrow(/node 1 has parent 1/);
    expect(() => snapshotFromJson({ ...json, words: undefined } as never)).toThrow(/words is missing/);
    expect(() => snapshotFromJson(null as never)).toThrow(/not an object/);
  });
});

describe('snapshot helpers', () => {
  it('lists one transferable buffer per typed array', () => {
    const buffers = snapshotBuffers(s);
    expect(buffers).toHaveLength(15);
    expect(new Set(buffers).size).toBe(15);
  });

  it('computes node area from the rect', () => {
    expect(nodeArea(s, 1)).toBe(2000);
  });
});
