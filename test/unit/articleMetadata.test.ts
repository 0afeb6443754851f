import { describe, expect, it } from 'vitest';
import { jsonLdArticle } from '../../src/reader/jsonLdArticle.ts';
import { cleanTitle, titleSimilarity } from '../../src/reader/articleTitle.ts';
import { normaliseDate } from '../../src/reader/metadataDate.ts';
import { articleMetadata, bylineFromLine, cleanByline, decodeEntities, type MetadataSources } from '../../src/reader/articleMetadata.ts';

describe('jsonLdArticle', () => {
  it('reads a NewsArticle at the top level: headline, authors, date, publisher, language', () => {
    const a = jsonLdArticle([JSON.stringify({
      '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Flood barriers hold',
      author: [{ '@type': 'Person', name: 'Ana Lima' }, { '@type': 'Person', name: 'Bo Chen' }],
      datePublished: '2024-03-05T10:00:00Z', publisher: { '@type': 'Organization', name: 'The Daily' }, inLanguage: 'en',
    })]);
    expect(a).toEqual({ headline: 'Flood barriers hold', authors: ['Ana Lima', 'Bo Chen'],
      datePublished: '2024-03-05T10:00:00Z', publisher: 'The Daily', inLanguage: 'en' });
  });

  it('finds the article inside @graph and arrays, resolves authors by @id, and skips malformed scripts', () => {
    const graph = JSON.stringify({ '@context': 'https://schema.org', '@graph': [
      { '@type': 'WebSite', '@id': '#site', name: 'Blog' },
      { '@type': 'Person', '@id': '#ana', name: 'Ana Lima' },
      { '@type': ['WebPage'], '@id': '#page', name: 'Page name' },
      { '@type': 'http://schema.org/BlogPosting', headline: 'A post', author: { '@id': '#ana' } },
    ] });
    const a = jsonLdArticle(['{ not json', `<!--${graph}-->`]);
    expect(a?.headline).toBe('A post');
    expect(a?.authors).toEqual(['Ana Lima']);
    // CMSs wrap it in CDATA, with or without script comments around the markers.
    for (const wrapped of [`<![CDATA[${graph}]]>`, `//<![CDATA[\n${graph}\n//]]>`, `/*<![CDATA[*/${graph}/*]]>*/`]) {
      expect(jsonLdArticle([wrapped])?.headline, wrapped.slice(0, 12)).toBe('A post');
    }
  });

  it('prefers an article to another item, takes a Product when there is no article, and null without either', () => {
    const product = { '@type': 'Product', name: 'Kettle 2000' };
    const article = { '@type': 'Article', headline: 'Kettle review', author: 'Bo Chen' };
    expect(jsonLdArticle([JSON.stringify([product, article])])?.headline).toBe('Kettle review');
    expect(jsonLdArticle([JSON.stringify([product])])?.headline).toBe('Kettle 2000');
    expect(jsonLdArticle([JSON.stringify({ '@type': 'WebPage', name: 'Home' }), '[]', '42'])).toBeNull();
  });

  it('follows mainEntity of a WebPage', () => {
    const a = jsonLdArticle([JSON.stringify({ '@type': 'WebPage', mainEntity: { '@type': 'Article', headline: 'Inner' } })]);
    expect(a?.headline).toBe('Inner');
  });
});

describe('titleSimilarity', () => {
  it('is 1 for the same words, whatever case and punctuation, and 0 for none in common', () => {
    expect(titleSimilarity('River Peaks, At Record Height!', 'river peaks at record height')).toBe(1);
    expect(titleSimilarity('River peaks', 'Stocks fall')).toBe(0);
    expect(titleSimilarity('Story - The Daily', 'Story')).toBeCloseTo(2 / 4);
  });
});

describe('cleanTitle', () => {
  it('cuts a site suffix or prefix when what remains agrees with the h1', () => {
    expect(cleanTitle('United States to Lift Sudan Sanctions - The New York Times',
      ['United States to Lift Sudan Sanctions'], null)).toBe('United States to Lift Sudan Sanctions');
    expect(cleanTitle('BBC News | River peaks at record height', ['River peaks at record height'], null))
      .toBe('River peaks at record height');
    expect(cleanTitle('Story title | Section | Site', ['Story title'], null)).toBe('Story title');
  });

  it('cuts the site name when it is the declared site name, without a heading', () => {
    expect(cleanTitle('The Open Journalism Project: Better Student Journalism — Medium', [], 'Medium'))
      .toBe('The Open Journalism Project: Better Student Journalism');
    // Only the site's name goes: nothing says "World news" is a section and not part of the story's title.
    expect(cleanTitle('Whale strandings | World news | The Guardian', [], 'the Guardian'))
      .toBe('Whale strandings | World news');
  });

  it('keeps the whole title without evidence, and does not cut inside a hyphenated word or a colon', () => {
    expect(cleanTitle('Get your code covered | Code | Nicolas Perriault', ["Hi, I'm Nicolas."], null))
      .toBe('Get your code covered | Code | Nicolas Perriault');
    expect(cleanTitle('Well-known facts: a review', ['Well'], null)).toBe('Well-known facts: a review');
    // A heading that agrees with the shorter part is the site's logo, not the story's headline.
    expect(cleanTitle('Hiking the old pass in autumn, part two :: PIXNET', ['PIXNET'], null))
      .toBe('Hiking the old pass in autumn, part two :: PIXNET');
    expect(cleanTitle('  Just   a title ', [], null)).toBe('Just a title');
  });
});

describe('normaliseDate', () => {
  it('keeps ISO dates and times, with their zone', () => {
    expect(normaliseDate('2015-07-24T05:36:09+01:00')).toBe('2015-07-24T05:36:09+01:00');
    expect(normaliseDate('2019-01-03T07:00:02.000Z')).toBe('2019-01-03T07:00:02.000Z');
    expect(normaliseDate('2015-3-5')).toBe('2015-03-05');
    expect(normaliseDate('2015-03-05 14:02')).toBe('2015-03-05T14:02');
    expect(normaliseDate('2015/03/05')).toBe('2015-03-05');
    expect(normaliseDate('20150305')).toBe('2015-03-05');
  });

  it('reads written dates, RFC 2822 and Unix seconds', () => {
    expect(normaliseDate('March 5, 2020')).toBe('2020-03-05');
    expect(normaliseDate('Thursday, Mar. 5th 2020 at 2:30 PM')).toBe('2020-03-05T14:30');
    expect(normaliseDate('5 March 2020')).toBe('2020-03-05');
    expect(normaliseDate('Tue, 24 Nov 2026 14:41:47 +0000')).toBe('2026-11-24T14:41:47+00:00');
    expect(normaliseDate('12 Dec 2020 12:05 AM GMT')).toBe('2020-12-12T00:05Z');
    expect(normaliseDate('1583366400')).toBe('2020-03-05T00:00:00Z');
  });

  it('is null for what is not a real date', () => {
    for (const bad of ['', 'yesterday', '2020-02-30', '2020-13-01', 'Smarch 5, 2020', '25:00 March 5', '123']) {
      expect(normaliseDate(bad), bad).toBeNull();
    }
  });
});

describe('cleanByline and decodeEntities', () => {
  it('drops "By", profile addresses and handles', () => {
    expect(cleanByline('  By   Ana Lima ')).toBe('Ana Lima');
    expect(cleanByline('Written by: Bo Chen')).toBe('Bo Chen');
    expect(cleanByline('https://www.facebook.com/ana')).toBeNull();
    expect(cleanByline('@ana')).toBeNull();
    expect(cleanByline('Byron Katie')).toBe('Byron Katie');
  });

  it('decodes character references left in metadata strings', () => {
    expect(decodeEntities('Tom &amp; Jerry &#8211; &#x2019;s &quot;show&quot; &bogus;')).toBe('Tom & Jerry – ’s "show" &bogus;');
  });
});

function sources(over: Partial<MetadataSources>): MetadataSources {
  return { jsonLd: [], meta: {}, itemprop: {}, times: [], authorLinks: [], documentTitle: '', headings: [], lang: '', ...over };
}

describe('articleMetadata', () => {
  it('prefers JSON-LD to meta tags, and meta tags to the document title', () => {
    const ld = JSON.stringify({ '@type': 'Article', headline: 'From JSON-LD', author: { name: 'Ana Lima' },
      datePublished: '2024-03-05' });
    const meta = { 'og:title': ['From Open Graph'], author: ['Bo Chen'], 'article:published_time': ['2023-01-01'],
      'og:site_name': ['The Daily'] };
    expect(articleMetadata(sources({ jsonLd: [ld], meta, documentTitle: 'From title', lang: 'en' }))).toEqual({
      title: 'From JSON-LD', byline: 'Ana Lima', published: '2024-03-05', siteName: 'The Daily', lang: 'en' });
    expect(articleMetadata(sources({ meta, documentTitle: 'From title' }))).toMatchObject({
      title: 'From Open Graph', byline: 'Bo Chen', published: '2023-01-01' });
    // Dublin Core before Open Graph and `author`, in any of its spellings (dc:, DC., dcterm:).
    expect(articleMetadata(sources({ meta: { ...meta, 'dc:title': ['Declared'], 'DC.creator': ['Cy Diaz'] } })))
      .toMatchObject({ title: 'Declared', byline: 'Cy Diaz' });
    expect(articleMetadata(sources({ documentTitle: 'From title | The Daily', headings: ['From title'] }))).toEqual({
      title: 'From title', byline: null, published: null, siteName: null, lang: null });
  });

  it('joins several citation authors, skips an unreadable date for the next one, reads microdata and <time>', () => {
    const m = articleMetadata(sources({
      meta: { citation_author: ['Lima, Ana', 'Chen, Bo'], citation_publication_date: ['soon'], 'og:locale': ['pt_BR'] },
      times: ['2022-06-01T08:00:00Z'],
    }));
    expect(m).toMatchObject({ byline: 'Lima, Ana, Chen, Bo', published: '2022-06-01T08:00:00Z', lang: 'pt-BR' });
    expect(articleMetadata(sources({ itemprop: { author: ['By Cy Diaz'], headline: ['Microdata title'] } })))
      .toMatchObject({ title: 'Microdata title', byline: 'Cy Diaz' });
    expect(articleMetadata(sources({ authorLinks: ['Dee Ek'] })).byline).toBe('Dee Ek');
  });

  it('cleans an Open Graph title with the h1 too, and decodes entities', () => {
    const m = articleMetadata(sources({ meta: { 'og:title': ['Tom &amp; Jerry | Eleanor Roy'] }, headings: ['Tom & Jerry'] }));
    expect(m.title).toBe('Tom & Jerry');
  });
});

describe('bylineFromLine', () => {
  it('takes the name of a "By" line, without its date or reading time, and nothing from other lines', () => {
    expect(bylineFromLine('By Ana Lima | March 5, 2024 · 4 min read')).toBe('Ana Lima');
    expect(bylineFromLine('By Ana Lima and Bo Chen, 5 March 2024')).toBe('Ana Lima and Bo Chen');
    expect(bylineFromLine('by Ana Lima on March 5')).toBe('Ana Lima');
    expect(bylineFromLine('By Nathan Willis March 25, 2015')).toBe('Nathan Willis');
    expect(bylineFromLine('March 5, 2024')).toBeNull();
    expect(bylineFromLine('')).toBeNull();
  });
});

describe('articleMetadata authors from meta tags', () => {
  it('takes the first key that names someone (a profile address is not a name)', () => {
    const m = articleMetadata(sources({ meta: { 'article:author': ['https://facebook.com/ana'], 'og:article:author': ['BBC News'] } }));
    expect(m.byline).toBe('BBC News');
  });
});
