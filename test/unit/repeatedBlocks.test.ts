import { describe, expect, it } from 'vitest';
import { repeatedBlocks } from '../../src/reader/repeatedBlocks.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

describe('repeatedBlocks', () => {
  it('marks a short label printed three times, once per occurrence, at its outermost node', () => {
    const nodes: NodeSpec[] = [{ parent: -1, tag: 'body', rect: [0, 0, 1000, 3000] }];
    for (let k = 0; k < 3; k++) {
      const fig = nodes.push({ parent: 0, tag: 'div', rect: [0, 1000 * k, 1000, 900] }) - 1;
      nodes.push({ parent: fig, tag: 'p', rect: [0, 1000 * k, 1000, 600], text: `Photo ${k} shows the booth from the north side of the hall` });
      const note = nodes.push({ parent: fig, tag: 'div', rect: [0, 1000 * k + 600, 1000, 20] }) - 1;
      nodes.push({ parent: note, tag: 'span', rect: [0, 1000 * k + 600, 400, 20], text: 'Mouseover photo to load notes' });
    }
    const s = buildSnapshot(nodes);
    const marked = Array.from(repeatedBlocks(s).entries()).filter(([, v]) => v).map(([i]) => i);
    expect(marked).toEqual([3, 7, 11]);
  });

  it('leaves alone what recurs twice, and one- or two-word cells', () => {
    const nodes: NodeSpec[] = [{ parent: -1, tag: 'body', rect: [0, 0, 1000, 3000] }];
    for (let k = 0; k < 2; k++) nodes.push({ parent: 0, tag: 'p', rect: [0, 100 * k, 1000, 20], text: 'Read the full report' });
    for (let k = 0; k < 5; k++) nodes.push({ parent: 0, tag: 'td', rect: [0, 300 + 20 * k, 100, 20], text: 'In stock' });
    expect(Array.from(repeatedBlocks(buildSnapshot(nodes))).every((v) => v === 0)).toBe(true);
  });
});
