/**
 * Measures the reader on the committed sample (test/quality/readerSample.json) and writes each page's floor,
 * max(0, F1 − 0.05) rounded down to two decimals, to test/quality/readerFloors.json; prints the table. Run after an
 * intended quality change, review the diff, commit it.
 * Run: npm run quality:floors
 */
import { writeFile } from 'node:fs/promises';
import { loadQualitySample } from './readerSample.ts';
import { measureReaderQuality } from './measureReader.ts';
import { FLOOR_MARGIN, FLOORS_FILE, floorFor, qualityTable, type FloorsFile } from './readerFloors.ts';

const pages = await loadQualitySample();
const started = Date.now();
const rows = await measureReaderQuality(pages);
const seconds = (Date.now() - started) / 1000;
const file: FloorsFile = {
  generated: new Date().toISOString().slice(0, 10),
  command: 'npm run quality:floors',
  margin: FLOOR_MARGIN,
  pages: Object.fromEntries(rows.map((r) => [r.id, floorFor(r.f1)])),
};
await writeFile(FLOORS_FILE, `${JSON.stringify(file, null, 2)}\n`);
console.log(qualityTable(rows, file.pages));
console.log(`${rows.length} pages in ${seconds.toFixed(0)} s; floors written to test/quality/readerFloors.json`);
const failed = rows.filter((r) => r.error);
if (failed.length > 0) console.error(`${failed.length} pages could not be read (floor 0): ${failed.map((r) => r.id).join(', ')}`);
