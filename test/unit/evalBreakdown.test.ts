import { describe, expect, it } from 'vitest';
import { scoreOutcomes } from '../../src/cli/evaluation/content/evalScores.ts';
import { evalBreakdown } from '../../src/cli/evaluation/content/evalBreakdown.ts';
import { evalSummaryJson } from '../../src/cli/evaluation/content/evalSummaryJson.ts';
import { formatPagesCsv } from '../../src/cli/evaluation/content/evalReport.ts';
import type { PageOutcome } from '../../src/cli/evaluation/content/runEvalPage.ts';

const GOLD = 'the quick brown fox jumps over the lazy dog while the cat sleeps on the warm mat';
const NAV = 'home news sport weather contact us privacy policy terms of use';

function outcome(id: string, pageType: string, texts: [string, string, string], ms: [number, number, number],
  snippets = { with: ['The quick brown fox jumps', 'The cat sleeps on the warm mat'], without: ['Privacy policy'] }):
  PageOutcome {
  const [winnow, readability, defuddle] = texts;
  return {
    page: { id, path: `/x/${id}.html`, gold: { text: GOLD }, pageType, snippets },
    gold: GOLD,
    methods: {
      winnow: { text: winnow, ms: ms[0] },
      readability: { text: readability, ms: ms[1] },
      defuddle: { text: defuddle, ms: ms[2] },
    },
    warnings: [],
  };
}

describe('evalBreakdown', () => {
  const outcomes: PageOutcome[] = [
    // Winnow returns the navigation, both peers the article: on the peer-gap list.
    outcome('1', 'article', [NAV, GOLD, GOLD], [10, 5, 20]),
    // Everyone right.
    outcome('2', 'article', [GOLD, GOLD, `${GOLD} ${NAV}`], [8, 4, 16]),
    // A forum page where Winnow is right and Readability adds the navigation.
    outcome('3', 'forum', [GOLD, `${NAV} ${GOLD}`, ''], [6, 2, 3], { with: [], without: [] }),
    { page: { id: '4', path: '/x/4.html', gold: { text: GOLD }, pageType: 'product' }, error: 'did not load' },
  ];
  const scores = scoreOutcomes(outcomes);
  const b = evalBreakdown(scores, outcomes);

  it('averages snippets over the pages that have them', () => {
    expect(b.snippets!.winnow.withRecall).toBeCloseTo(0.5, 12); // page 1: 0 of 2, page 2: 2 of 2
    expect(b.snippets!.winnow.withoutPrecision).toBeCloseTo(0.5, 12); // page 1 shows "privacy policy"
    expect(b.snippets!.readability.withRecall).toBe(1);
    expect(b.snippets!.defuddle.withoutPrecision).toBeCloseTo(0.5, 12);
  });

  it('scores each page type apart, most pages first, and leaves failed pages out', () => {
    expect(b.byType.map((t) => [t.type, t.pages])).toEqual([['article', 2], ['forum', 1]]);
    const forum = b.byType[1].methods;
    expect(forum.winnow.f1).toBe(1);
    expect(forum.readability.precision).toBeLessThan(1);
    expect(forum.defuddle.emptyPredictions).toBe(1);
    expect(Number.isNaN(forum.winnow.withRecall)).toBe(true);
  });

  it('lists the pages where Winnow fails and a peer does not', () => {
    expect(b.peerGap.map((p) => p.id)).toEqual(['1']);
    expect(b.peerGap[0].f1.winnow).toBeLessThan(0.5);
    expect(b.peerGap[0].f1.readability).toBe(1);
  });

  it('takes the median of per-page time ratios, not the ratio of medians', () => {
    expect(b.medianMsRatio).toBe(2); // ratios 2, 2, 3
  });

  it('puts it all in the JSON summary, NaN as null', () => {
    const json = evalSummaryJson('test', true, 1, scores, b);
    expect(json.pages).toBe(3);
    expect(json.failed).toBe(1);
    expect(Object.keys(json.methods)).toEqual(['winnow', 'readability', 'defuddle']);
    expect(json.methods.winnow).toMatchObject({ withRecall: 0.5, withoutPrecision: 0.5 });
    expect((json.byType.forum.winnow as { withRecall: unknown }).withRecall).toBeNull();
    expect(json.peerGap).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('writes page type and snippet columns into the CSV', () => {
    const [header, first, , third, failed] = formatPagesCsv(scores, outcomes, b).trim().split('\n');
    const cols = header.split(',');
    expect(cols.slice(0, 2)).toEqual(['page', 'page_type']);
    const row = Object.fromEntries(first.split(',').map((v, i) => [cols[i], v]));
    expect(row.page_type).toBe('article');
    expect(row.winnow_with_recall).toBe('0.0000');
    expect(row.readability_with_recall).toBe('1.0000');
    const forum = Object.fromEntries(third.split(',').map((v, i) => [cols[i], v]));
    expect(forum.winnow_with_recall).toBe('');
    expect(failed.startsWith('4,product,failed: did not load')).toBe(true);
  });
});
