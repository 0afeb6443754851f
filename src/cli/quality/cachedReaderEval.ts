/**
 * The reader decision measured on cached captures of the held-out gold pages, in Node: classify → smooth → reader →
 * shingle P/R/F1 against the gold, per set and per page type, in seconds. For tuning the reader's rules and comparing
 * models between full `winnow eval` runs (which render every page again and run the peers).
 * Run: npx tsx src/cli/quality/cachedReaderEval.ts [--model PATH] [--sets wcxb,dragnet,cleaneval] [--save NAME] [--diff NAME]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { captureLabelledPages } from '../datasets/captureLabelled.ts';
import { heldOutGoldPages, type GoldPage } from './heldOutPages.ts';
import { loadModel } from '../modelFile.ts';
import { PageSession } from '../../session/pageSession.ts';
import { pipelineOptions } from '../../pipeline/pipelineOptions.ts';
import { readerText } from '../../reader/readerText.ts';
import { aggregateScores, scorePage, type PageScore } from '../../eval/shingles.ts';
import { CACHE_DIR } from '../datasets/dataPaths.ts';
import { pageF1 } from '../evaluation/content/evalScores.ts';
import { snapshotFromJson } from '../../snapshot/snapshotJson.ts';

const { values } = parseArgs({ options: {
  model: { type: 'string' }, sets: { type: 'string' }, save: { type: 'string' }, diff: { type: 'string' },
  show: { type: 'string' }, 'capture-dir': { type: 'string' },
} });
const sets = (values.sets ?? 'wcxb,dragnet,cleaneval').split(',') as GoldPage['set'][];
const pages = await heldOutGoldPages(sets);
// --capture-dir reads an older capture cache as it is (to tell a reader change from a capture change).
const captured = values['capture-dir'] ? await readCaptures(values['capture-dir'], pages)
  : await captureLabelledPages(pages, { useCache: true, log: () => {} });
const model = await loadModel(values.model);
const opts = pipelineOptions();

interface Row { id: string; set: string; type: string; p: number | null; r: number | null; f1: number; text: string }
const rows: Row[] = [];
const t0 = Date.now();
for (const c of captured) {
  if (!('snapshot' in c)) continue;
  const page = c.page as GoldPage;
  // Cached captures carry no metadata hints: the decision runs on the snapshot alone.
  const { decision } = PageSession.classify(c.snapshot, model.weights).smooth(opts);
  const text = readerText(c.snapshot, (i) => decision.keep[i] === 0);
  const s = scorePage(page.gold, text);
  rows.push({ id: page.id, set: page.set, type: page.pageType, p: s.precision, r: s.recall, f1: pageF1(s), text });
}
const ms = Date.now() - t0;

function summary(label: string, rs: Row[]): string {
  const a = aggregateScores(rs.map((r) => ({ precision: r.p, recall: r.r } as PageScore)));
  const low = rs.filter((r) => r.f1 < 0.5).length;
  return `${label.padEnd(22)} ${String(rs.length).padStart(4)}  P ${a.precision.toFixed(3)}  R ${a.recall.toFixed(3)}  ` +
    `F1 ${a.f1.toFixed(3)}  empty ${a.emptyPredictions}  <0.5: ${low}`;
}
const groups = new Map<string, Row[]>();
for (const r of rows) {
  for (const k of [r.set, r.set === 'wcxb' ? `wcxb:${r.type}` : '']) if (k) groups.set(k, [...(groups.get(k) ?? []), r]);
}
console.log(summary('all', rows));
for (const [k, rs] of [...groups].sort()) console.log(summary(k, rs));
console.log(`${rows.length} pages in ${ms} ms`);

const dir = join(CACHE_DIR, 'quality');
await mkdir(dir, { recursive: true });
if (values.save) await writeFile(join(dir, `${values.save}.json`), JSON.stringify(rows));
if (values.diff && existsSync(join(dir, `${values.diff}.json`))) {
  const old = new Map((JSON.parse(await readFile(join(dir, `${values.diff}.json`), 'utf8')) as Row[]).map((r) => [r.id, r]));
  const changes = rows.map((r) => ({ r, d: r.f1 - (old.get(r.id)?.f1 ?? 0) })).filter((x) => Math.abs(x.d) > 0.02)
    .sort((a, b) => a.d - b.d);
  console.log(`changed pages vs ${values.diff}: ${changes.length} (worse ${changes.filter((x) => x.d < 0).length})`);
  for (const { r, d } of changes) console.log(`  ${r.id.padEnd(22)} ${r.type.padEnd(14)} ${(old.get(r.id)?.f1 ?? 0).toFixed(3)} → ${r.f1.toFixed(3)} (${d > 0 ? '+' : ''}${d.toFixed(3)})`);
}
if (values.show) {
  const r = rows.find((x) => x.id === values.show);
  if (r) console.log(`--- ${r.id} F1 ${r.f1.toFixed(3)} P ${r.p} R ${r.r}\n${r.text.slice(0, 3000)}`);
}

async function readCaptures(dir: string, list: GoldPage[]) {
  const out = [];
  for (const page of list) {
    const file = join(dir, `${page.id}.json`);
    if (!existsSync(file)) continue;
    out.push({ page, snapshot: snapshotFromJson(JSON.parse(await readFile(file, 'utf8')).snapshot) });
  }
  return out;
}
