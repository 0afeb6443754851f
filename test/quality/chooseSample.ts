/**
 * Chooses the reader-quality sample once, deterministically, and writes its ids to test/quality/readerSample.json.
 * The sample is committed and stays fixed: run this again only to change the sample on purpose (then regenerate the
 * floors with `npm run quality:floors`).
 * Run: npx tsx test/quality/chooseSample.ts
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { fnv1a } from '../../src/cli/datasets/siteSplit.ts';
import { byNaturalName } from '../../src/cli/datasets/naturalOrder.ts';
import { tokenize } from '../../src/eval/shingles.ts';
import { heldOutQualityPages, SAMPLE_FILE, type QualityPage, type SampleFile } from './readerSample.ts';

/** Pages per set, and for wcxb per page type (its seven types, articles weighted as the set is). */
const QUOTAS: Array<{ set: QualityPage['set']; pageType?: string; pages: number }> = [
  { set: 'wcxb', pageType: 'article', pages: 6 },
  { set: 'wcxb', pageType: 'forum', pages: 3 },
  { set: 'wcxb', pageType: 'product', pages: 3 },
  { set: 'wcxb', pageType: 'collection', pages: 2 },
  { set: 'wcxb', pageType: 'listing', pages: 2 },
  { set: 'wcxb', pageType: 'service', pages: 2 },
  { set: 'wcxb', pageType: 'documentation', pages: 2 },
  { set: 'dragnet', pages: 10 },
  { set: 'cleaneval', pages: 5 },
  { set: 'l3s', pages: 5 },
];
// After the id, so that ids differing only in their last digit still land far apart (FNV-1a mixes little after
// the last character).
const SALT = '/winnow-reader-quality-sample';
/** A gold text this short scores on a handful of shingles, so one word more or less swings its F1. */
const MIN_GOLD_TOKENS = 50;

const all = await heldOutQualityPages();
const chosen: string[] = [];
for (const quota of QUOTAS) {
  const candidates = all
    .filter((p) => p.set === quota.set && (quota.pageType === undefined || p.pageType === quota.pageType))
    .filter((p) => !('text' in p.gold) || tokenize(p.gold.text).length >= MIN_GOLD_TOKENS)
    .sort((a, b) => fnv1a(a.id + SALT) - fnv1a(b.id + SALT) || byNaturalName(a.id, b.id));
  const sites = new Set<string>();
  const picked: string[] = [];
  for (const p of candidates) {
    if (picked.length === quota.pages) break;
    // One page per site, so a site's template cannot weigh twice.
    if (sites.has(p.site)) continue;
    sites.add(p.site);
    picked.push(p.id);
  }
  if (picked.length < quota.pages) throw new Error(`only ${picked.length} pages for ${quota.set} ${quota.pageType ?? ''}`);
  chosen.push(...picked.sort(byNaturalName));
}

const file: SampleFile = {
  chosenBy: `npx tsx test/quality/chooseSample.ts: held-out pages ranked by FNV-1a of id + '${SALT}', one per site, ` +
    `gold of at least ${MIN_GOLD_TOKENS} words; ` + QUOTAS.map((q) => `${q.set}${q.pageType ? ` ${q.pageType}` : ''} ${q.pages}`).join(', '),
  pages: chosen,
};
await writeFile(SAMPLE_FILE, `${JSON.stringify(file, null, 2)}\n`);
console.log(`${chosen.length} pages → ${fileURLToPath(SAMPLE_FILE)}`);
