// The backdrop search looks only at texts whose tops fall in a band around each painted box (it runs with every
// smoothing); on random pages it must find exactly what trying every text against every painted box finds.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backdrops, backdropsByFullScan } from '../../src/reader/backdrops.ts';
import { StyleBit } from '../../src/snapshot/styleBits.ts';
import { buildSnapshot, type NodeSpec } from '../fixtures/buildSnapshot.ts';

/** A painted panel somewhere on the page, and texts set on or near panels: edges land on both sides of the share. */
const panelArb = fc.record({
  x: fc.integer({ min: -100, max: 1100 }), y: fc.integer({ min: 0, max: 2600 }),
  w: fc.integer({ min: 40, max: 900 }), h: fc.integer({ min: 40, max: 600 }),
  style: fc.constantFrom(StyleBit.BACKGROUND, StyleBit.BACKGROUND, StyleBit.BACKGROUND | StyleBit.FLOAT, 0),
  tag: fc.constantFrom('div', 'img'),
});
const textArb = fc.record({
  panel: fc.nat(), dx: fc.double({ min: -0.3, max: 1, noNaN: true }), dy: fc.double({ min: -0.3, max: 1.1, noNaN: true }),
  w: fc.integer({ min: 10, max: 700 }), h: fc.integer({ min: 10, max: 300 }), nested: fc.boolean(),
});

describe('backdrops', () => {
  it('finds what a full scan of every text against every painted box finds', () => {
    let withBackdrops = 0;
    fc.assert(fc.property(fc.array(panelArb, { minLength: 1, maxLength: 8 }), fc.array(textArb, { maxLength: 12 }),
      (panels, texts) => {
        const nodes: NodeSpec[] = [{ parent: -1, tag: 'body', rect: [0, 0, 1280, 3000] }];
        for (const p of panels) nodes.push({ parent: 0, tag: p.tag, rect: [p.x, p.y, p.w, p.h], style: p.style });
        for (const t of texts) {
          const p = panels[t.panel % panels.length];
          // A text beside the panels, or (nested) inside a panel, where the panel is its ancestor and so no backdrop.
          const parent = t.nested ? 1 + (t.panel % panels.length) : 0;
          nodes.push({ parent, tag: 'p', rect: [Math.round(p.x + t.dx * p.w), Math.round(p.y + t.dy * p.h), t.w, t.h],
            text: 'Words a person reads on the page.' });
        }
        // buildSnapshot wants pre-order: texts inside panels come right after them.
        const order = [0, ...panels.flatMap((_, k) => [1 + k, ...texts.flatMap((t, j) =>
          (t.nested && t.panel % panels.length === k ? [1 + panels.length + j] : []))]),
          ...texts.flatMap((t, j) => (t.nested ? [] : [1 + panels.length + j]))];
        const at = new Map(order.map((old, i) => [old, i]));
        const s = buildSnapshot(order.map((old) => ({ ...nodes[old], parent: old === 0 ? -1 : at.get(nodes[old].parent)! })),
          { width: 1280, height: 3000 });
        const show = Uint8Array.from(order, (old) => (old === 0 || old > panels.length ? 1 : 0));
        const expected = backdropsByFullScan(s, show);
        if (expected.length > 0) withBackdrops += 1;
        expect(backdrops(s, show)).toEqual(expected);
      }), { numRuns: 400 });
    // The pages must hold backdrops often, or the comparison says little.
    expect(withBackdrops).toBeGreaterThan(40);
  });
});
