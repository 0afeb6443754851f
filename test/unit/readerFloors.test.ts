import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { belowFloorReport, floorFor, meanF1BySet, pagesBelowFloor } from '../quality/readerFloors.ts';
import type { ReaderQuality } from '../quality/measureReader.ts';

const row = (id: string, set: ReaderQuality['set'], f1: number, error?: string): ReaderQuality =>
  ({ id, set, pageType: 'article', f1, precision: f1, recall: f1, ...(error ? { error } : {}) });

describe('reader quality floors', () => {
  it('sets a floor 0.05 under the measured F1, rounded down to two decimals, never under 0', () => {
    expect(floorFor(0.87)).toBe(0.82);
    expect(floorFor(0.8799)).toBe(0.82);
    expect(floorFor(0.931)).toBe(0.88);
    expect(floorFor(1)).toBe(0.95);
    expect(floorFor(0.03)).toBe(0);
    expect(floorFor(0)).toBe(0);
  });

  it('lists the pages under their floor, and pages that have none', () => {
    const rows = [row('a', 'wcxb', 0.9), row('b', 'wcxb', 0.5), row('c', 'dragnet', 0.82), row('d', 'l3s', 0.7)];
    const floors = { a: 0.85, b: 0.8, c: 0.82 };
    expect(pagesBelowFloor(rows, floors).map((r) => r.id)).toEqual(['b', 'd']);
  });

  it('means F1 over all pages and per set', () => {
    const means = meanF1BySet([row('a', 'wcxb', 1), row('b', 'wcxb', 0.5), row('c', 'dragnet', 0.75)]);
    expect(means.map((m) => [m.set, m.pages, m.meanF1])).toEqual([['all', 3, 0.75], ['wcxb', 2, 0.75], ['dragnet', 1, 0.75]]);
  });

  it('says, for each page under its floor, measured vs floor and why it failed; then the means', () => {
    const report = belowFloorReport([row('a', 'wcxb', 0.9), row('b', 'cleaneval', 0, 'page did not open')], { a: 0.85, b: 0.6 });
    expect(report).toContain('1 of 2 sampled pages read below their floor');
    expect(report).toContain('b (cleaneval article): F1 0.000 < floor 0.60  [page did not open]');
    expect(report).not.toContain('  a (');
    expect(report).toContain('mean F1: all 0.450, wcxb 0.900, cleaneval 0.000');
  });

  it('commits numbers only: a floor in [0, 1] for each page of the committed sample', () => {
    const floors = JSON.parse(readFileSync(new URL('../quality/readerFloors.json', import.meta.url), 'utf8'));
    const sample = JSON.parse(readFileSync(new URL('../quality/readerSample.json', import.meta.url), 'utf8'));
    expect(Object.keys(floors.pages).sort()).toEqual([...sample.pages].sort());
    for (const v of Object.values(floors.pages)) expect(typeof v === 'number' && v >= 0 && v <= 1).toBe(true);
  });
});
