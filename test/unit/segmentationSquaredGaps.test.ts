import { describe, expect, it } from 'vitest';
import { addSquaredGaps, toColumns } from '../../src/segmentation/squaredGaps.ts';
import { seededRandom as rng } from '../../src/util/seededRandom.ts';

describe('squared distances feature by feature', () => {
  it('equal the row-by-row sums, for all rows and for a subset of rows', () => {
    const random = rng(7);
    for (let trial = 0; trial < 50; trial++) {
      const d = 1 + Math.floor(random() * 13);
      const rows = 1 + Math.floor(random() * 40);
      const table = Float64Array.from({ length: rows * d }, () => random() * 10 - 5);
      const point = Array.from({ length: d }, () => random() * 10 - 5);
      const subset = Array.from({ length: rows }, (_, r) => r).filter(() => random() < 0.5).reverse();
      for (const picked of [Array.from({ length: rows }, (_, r) => r), subset]) {
        const columns = toColumns(table, d, picked);
        const squared = new Float64Array(picked.length);
        for (let j = 0; j < d; j++) addSquaredGaps(columns, j, point[j], squared);
        // Same order of summation as a plain loop over a row's features, so the same bits.
        const expected = picked.map((r) => {
          let sum = 0;
          for (let j = 0; j < d; j++) sum += (table[r * d + j] - point[j]) * (table[r * d + j] - point[j]);
          return sum;
        });
        expect(Array.from(squared)).toEqual(expected);
      }
    }
    // A row count instead of a list takes every row in order.
    const table = Float64Array.from([1, 2, 3, 4, 5, 6]);
    expect(Array.from(toColumns(table, 2, 3))).toEqual([1, 3, 5, 2, 4, 6]);
  });
});
