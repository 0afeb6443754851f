import { describe, expect, it } from 'vitest';
import { articleFields } from '../../src/cli/analyze/articleFields.ts';
import type { PageAnalysisJson } from '../../src/pipeline/pageAnalysis.ts';

const analysis = (extra: object = {}) => ({
  url: 'file:///x.html', title: 'Page title | Site', nodes: 1, smoothedNodes: 1, cost: 0, segments: [],
  readerText: 'text', timingsMs: { totalMs: 1 }, ...extra,
}) as unknown as PageAnalysisJson;

describe('articleFields', () => {
  it('takes title, byline and date from the analysis’ article', () => {
    expect(articleFields(analysis({ article: { title: 'Headline', byline: 'A. Writer', published: '2025-03-01' } })))
      .toEqual({ title: 'Headline', byline: 'A. Writer', published: '2025-03-01' });
  });

  it('falls back to the page title and nulls when there is no article, or parts of it are missing or malformed', () => {
    expect(articleFields(analysis())).toEqual({ title: 'Page title | Site', byline: null, published: null });
    expect(articleFields(analysis({ article: { title: '  ', byline: null, published: 20250301 } })))
      .toEqual({ title: 'Page title | Site', byline: null, published: null });
    expect(articleFields(analysis({ article: 'not an object' })).title).toBe('Page title | Site');
  });
});
