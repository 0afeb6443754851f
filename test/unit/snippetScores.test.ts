import { describe, expect, it } from 'vitest';
import { containsSnippet, normalizeSnippetText, scoreSnippets } from '../../src/cli/evaluation/content/snippetScores.ts';

describe('normalizeSnippetText', () => {
  it('folds case, whitespace, quotes, dashes and invisible characters', () => {
    expect(normalizeSnippetText('  It’s “Fine”\n\n—\tREALLY…\u00a0ok\u00ad!  ')).toBe('it\'s "fine" - really... ok!');
    expect(normalizeSnippetText('ﬁle – 2019−2020')).toBe('file - 2019-2020');
  });
});

describe('containsSnippet', () => {
  it('finds a snippet only where it neither starts nor ends inside a word', () => {
    expect(containsSnippet('go home now', 'home')).toBe(true);
    expect(containsSnippet('our homepage', 'home')).toBe(false);
    expect(containsSnippet('at home.', 'home')).toBe(true);
    // a later occurrence counts when the first is inside a word
    expect(containsSnippet('homes and home', 'home')).toBe(true);
    // punctuation at a snippet's edge may touch a word
    expect(containsSnippet('copyright ©2025 acme', '©2025')).toBe(true);
    expect(containsSnippet('anything', '')).toBe(false);
  });
});

describe('scoreSnippets', () => {
  const text = 'The First Sentence is here.\nA “quoted” line — with a dash.\nLog in';
  it('gives the share of with-sentences found and of without-snippets left out', () => {
    const s = scoreSnippets(text, ['The first sentence is here.', 'A "quoted" line - with a dash.', 'Missing one.'],
      ['Log in', 'Register', 'Privacy Policy', 'Home']);
    expect(s.withRecall).toBeCloseTo(2 / 3, 12);
    expect(s.withoutPrecision).toBeCloseTo(3 / 4, 12);
  });

  it('is null where the ground truth has no snippets, and ignores empty ones', () => {
    expect(scoreSnippets(text, [], [' '])).toEqual({ withRecall: null, withoutPrecision: null });
    expect(scoreSnippets('', ['Something'], ['Nav'])).toEqual({ withRecall: 0, withoutPrecision: 1 });
  });
});
