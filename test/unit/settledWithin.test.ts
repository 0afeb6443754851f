import { describe, expect, it } from 'vitest';
import { LATE, settledWithin } from '../../extension/content/settledWithin.ts';

describe('settledWithin', () => {
  it("answers the promise's value when it settles in time, LATE when not, and rejects with it in time", async () => {
    await expect(settledWithin(Promise.resolve(7), 50)).resolves.toBe(7);
    const slow = new Promise<number>((resolve) => setTimeout(() => resolve(8), 60));
    await expect(settledWithin(slow, 10)).resolves.toBe(LATE);
    // The promise goes on, for a caller that still waits for it.
    await expect(slow).resolves.toBe(8);
    await expect(settledWithin(Promise.reject(new Error('stopped')), 50)).rejects.toThrow('stopped');
  });
});
