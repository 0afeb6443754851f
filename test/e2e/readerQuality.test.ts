// Reader quality cannot fall silently (issue 13, item 8): a fixed sample of 40 held-out pages of ../shared/data
// (test/quality/readerSample.json) is read as `winnow extract` reads it, and each page's shingle F1 against its gold
// must stay at or above the floor committed for it (test/quality/readerFloors.json, numbers only). After an intended
// quality change: npm run quality:floors, review the diff, commit.
import { describe, expect, it } from 'vitest';
import { loadQualitySample } from '../quality/readerSample.ts';
import { measureReaderQuality } from '../quality/measureReader.ts';
import { belowFloorReport, pagesBelowFloor, readFloors } from '../quality/readerFloors.ts';

describe('reader quality on the held-out sample', () => {
  it('reads every sampled page at or above its committed F1 floor', async () => {
    const [pages, floors] = await Promise.all([loadQualitySample(), readFloors()]);
    expect(Object.keys(floors.pages).sort(), 'readerFloors.json covers exactly the sample: run npm run quality:floors')
      .toEqual(pages.map((p) => p.id).sort());
    const rows = await measureReaderQuality(pages, { concurrency: 2 });
    const below = pagesBelowFloor(rows, floors.pages);
    if (below.length > 0) expect.fail(belowFloorReport(rows, floors.pages));
  }, 300_000);
});
