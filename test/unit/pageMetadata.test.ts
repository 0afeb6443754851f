// @vitest-environment happy-dom
// Reading metadata out of a DOM (no layout involved): which elements and attributes feed articleMetadata.
import { describe, expect, it, vi } from 'vitest';
import { readMetadataSources, readPageMetadata } from '../../src/capture/pageMetadata.ts';
import { captureSnapshot } from '../../src/capture/captureSnapshot.ts';

function load(head: string, body: string, lang = 'en'): Document {
  document.documentElement.setAttribute('lang', lang);
  document.head.innerHTML = head;
  document.body.innerHTML = body;
  return document;
}

describe('readPageMetadata', () => {
  it('reads JSON-LD first, ignoring a malformed script', () => {
    const doc = load(`<title>Ignored | Site</title>
      <script type="application/ld+json">{ broken</script>
      <script type="application/ld+json">{"@type":"NewsArticle","headline":"Barriers hold",
        "author":{"@type":"Person","name":"Ana Lima"},"datePublished":"2024-03-05T10:00:00Z"}</script>
      <meta property="og:title" content="OG title">`, '<h1>Barriers hold</h1>');
    expect(readPageMetadata(doc)).toEqual({ title: 'Barriers hold', byline: 'Ana Lima',
      published: '2024-03-05T10:00:00Z', siteName: null, lang: 'en' });
  });

  it('falls back to meta tags, one tag carrying several names', () => {
    const doc = load(`<title>x</title>
      <meta property="og:title twitter:title" content="Shared title">
      <meta name="author" content="By Bo Chen">
      <meta property="article:published_time" content="2023-01-02T03:04:05+01:00">
      <meta property="og:site_name" content="The Daily">`, '<p>text</p>', 'en-GB');
    expect(readPageMetadata(doc)).toEqual({ title: 'Shared title', byline: 'Bo Chen',
      published: '2023-01-02T03:04:05+01:00', siteName: 'The Daily', lang: 'en-GB' });
  });

  it('reads microdata, <time datetime> (pubdate first) and rel=author, and cuts the title when the h1 agrees', () => {
    const doc = load('<title>River peaks at record height - The Daily</title>', `
      <time datetime="2020-01-01">Jan 1</time>
      <article><h1> River peaks at   record height </h1>
        <p>By <a rel="author" href="/ana">Ana Lima</a></p>
        <time pubdate datetime="March 5, 2020">5 March</time></article>`);
    expect(readPageMetadata(doc)).toMatchObject({ title: 'River peaks at record height', byline: 'Ana Lima',
      published: '2020-03-05' });
    const micro = load('<title>t</title>', `<div itemscope itemtype="https://schema.org/Article">
      <span itemprop="author" itemscope><span itemprop="name">Cy Diaz</span></span>
      <span itemprop="datePublished" content="2021-07-08">July</span><div itemprop="articleBody">The story.</div></div>`);
    // Only what articleMetadata reads: not the name inside the author item on its own, nor the story's whole text.
    expect(readMetadataSources(micro).itemprop).toEqual({ author: ['Cy Diaz'], datepublished: ['2021-07-08'] });
    expect(readPageMetadata(micro)).toMatchObject({ byline: 'Cy Diaz', published: '2021-07-08' });
  });

  it('only reads: the document is unchanged', () => {
    const doc = load('<title>A | B</title><meta name="author" content="Ana">', '<h1>A</h1><p>Body</p>');
    const before = doc.documentElement.outerHTML;
    readPageMetadata(doc);
    expect(doc.documentElement.outerHTML).toBe(before);
  });
});

describe('capture: authorNodes', () => {
  it('finds elements named as byline or author by class, id, rel or itemprop, not avatars or comment authors', () => {
    document.body.innerHTML = `<div class="c-byline">By <a rel="author" href="/a">Ana</a></div>
      <span itemprop="author">Bo</span><p id="written-by">Cy</p><img class="author-avatar">
      <div class="comment-author">Dee</div><p>Story</p>`;
    // happy-dom lays nothing out: without a box of its own each element would be dropped as clipped away.
    const rects = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(
      { left: 0, top: 0, width: 100, height: 20, right: 100, bottom: 20, x: 0, y: 0, toJSON: () => ({}) } as DOMRect);
    const { elements, authorNodes } = captureSnapshot(document);
    rects.mockRestore();
    expect(authorNodes.map((i) => elements[i].textContent)).toEqual(['By Ana', 'Ana', 'Bo', 'Cy']);
  });
});
