import { describe, expect, it } from 'vitest';
import { countSite, sumCounts } from '../../src/cli/evaluation/dedup/dedupSiteCounts.ts';
import { datasetTable, dedupEvalJson, flaggedPairsCsv, totalsLine } from '../../src/cli/evaluation/dedup/dedupEvalReport.ts';
import type { PageTexts } from '../../src/cli/evaluation/dedup/dedupEvalTexts.ts';
import { dedupOptions } from '../../src/dedup/dedupOptions.ts';
import { seededRandom } from '../../src/util/seededRandom.ts';

/**
 * One site's pages as the papers describe them: a long shared template around short articles, so the raw texts look
 * alike; the content texts are the articles (one of them published twice), the gold texts the same articles. The
 * largest segment is the article too, except on p2 and p3, whose header outweighs their articles.
 */
function templatedSite(): Array<{ id: string; texts: PageTexts }> {
  const random = seededRandom(5);
  const words = (n: number) => Array.from({ length: n }, () => `w${Math.floor(random() * 5000)}`).join(' ');
  const header = words(400);
  const footer = words(300);
  const articles = Array.from({ length: 5 }, () => words(60));
  articles.push(articles[0]); // the same article on a second address
  return articles.map((article, i) => ({
    id: `p${i}`,
    texts: {
      raw: `${header} ${article} ${footer}`, content: article, segment: i === 2 || i === 3 ? header : article,
      gold: article,
    },
  }));
}

describe('countSite', () => {
  const row = countSite({ dataset: 'dragnet', site: 'example.com', heldOut: true }, templatedSite(), dedupOptions());

  it('flags the template-made pairs under the raw text and only the real duplicate under content and gold', () => {
    expect(row.pages).toBe(6);
    expect(row.pairs).toBe(15);
    // 700 template words against 60 article words: every raw pair shares nearly all of its 8 smallest hashes.
    expect(row.flagged.raw).toBe(15);
    expect(row.flagged.content).toBe(1);
    expect(row.flagged.gold).toBe(1);
    expect(row.contentAndGold).toBe(1);
    expect(row.rawAndGold).toBe(1);
    // The two pages whose largest segment is the header make a pair the segment text flags and the others do not.
    expect(row.flagged.segment).toBe(2);
    expect(row.segmentAndGold).toBe(1);
    expect(row.flaggedPairs.find((p) => p.a === 'p2' && p.b === 'p3')!.shared)
      .toMatchObject({ content: 0, segment: 8, gold: 0 });
    const duplicate = row.flaggedPairs.find((p) => p.a === 'p0' && p.b === 'p5')!;
    expect(duplicate.shared).toEqual({ raw: 8, content: 8, segment: 8, gold: 8 });
    expect(row.flaggedPairs).toHaveLength(15);
  });

  it('sums over sites, and the report shows each site, both totals and the JSON summary', () => {
    const other = countSite({ dataset: 'dragnet', site: 'other.org', heldOut: false }, templatedSite().slice(0, 3),
      dedupOptions());
    const total = sumCounts([row, other]);
    expect(total).toMatchObject({
      sites: 2, pages: 9, pairs: 18, flagged: { raw: 18, content: 1, segment: 2, gold: 1 }, segmentAndGold: 1,
    });
    const table = datasetTable([row, other], 'dragnet');
    expect(table[0]).toBe('| site | pages | pairs | raw | content | segment | gold | content ∧ gold | ' +
      'segment ∧ gold | raw ∧ gold |');
    expect(table).toContain('| example.com (held out) | 6 | 15 | 15 | 1 | 2 | 1 | 1 | 1 | 1 |');
    expect(table).toContain('| other.org | 3 | 3 | 3 | 0 | 0 | 0 | 0 | 0 | 0 |');
    expect(table).toContain('| **all (2 sites)** | 9 | 18 | 18 | 1 | 2 | 1 | 1 | 1 | 1 |');
    expect(table).toContain('| **held out (1 sites)** | 6 | 15 | 15 | 1 | 2 | 1 | 1 | 1 | 1 |');
    expect(totalsLine([row, other], 'dragnet')).toBe('Dragnet: 2 sites, 9 pages, 18 same-site pairs; flagged ' +
      'raw 18 (100.0%), content 1 (5.6%), segment 2 (11.1%), gold 1 (5.6%)');
    const json = JSON.parse(dedupEvalJson([row, other], dedupOptions(), 2));
    expect(json.datasets.dragnet).toMatchObject({
      pages: 9, pairs: 18, raw: 18, content: 1, segment: 2, gold: 1, segmentAndGold: 1,
    });
    expect(json.datasets.dragnet.heldOut).toMatchObject({ sites: 1, pairs: 15 });
    expect(json.datasets.l3s).toMatchObject({ sites: 0, pairs: 0 });
    expect(json).toMatchObject({ dataset: 'dedup', shingle: 6, hashes: 8, minShared: 4, failed: 2 });
    const csv = flaggedPairsCsv([row]).split('\n');
    expect(csv[0]).toBe('dataset,site,a,b,shared_raw,shared_content,shared_segment,shared_gold');
    expect(csv).toContain('dragnet,example.com,p0,p5,8,8,8,8');
  });
});
