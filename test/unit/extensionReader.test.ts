// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { buildReaderContent, buildReaderContentSliced } from '../../extension/content/readerContent.ts';

const PAGE = `
<nav class="menu"><a href="/">Home</a><a href="/world">World</a></nav>
<div id="story">
  <h1>Flood waters recede</h1>
  <div class="wrap">Loose text in a layout div. <b>bold</b></div>
  <p>First <a href="/more" onclick="steal()">paragraph</a> with a <a href="javascript:alert(1)">bad link</a>.</p>
  <figure><img src="/pixel.gif" data-src="/photo.jpg" alt="Boats"><figcaption>Boats on Mill Street</figcaption></figure>
  <pre><code>line one
    indented line</code></pre>
  <table><tr><th>Day</th><td>41</td></tr></table>
  <ul><li>one</li><li>two</li></ul>
  <blockquote>A quote.</blockquote>
  <script>evil()</script><form><input value="x"></form>
  <p class="hidden-by-css">not rendered</p>
</div>
<aside class="related"><a href="/x">Related headline</a></aside>`;

function build(skip: (el: Element) => boolean) {
  document.body.innerHTML = PAGE;
  const out = document.implementation.createHTMLDocument('');
  const fragment = buildReaderContent(document.body, out, {
    title: 'Flood waters recede', verdict: (el) => (skip(el) ? 'skip' : 'keep'),
  });
  const div = out.createElement('div');
  div.append(fragment);
  return div;
}

describe('reader content', () => {
  const skipTemplate = (el: Element) => el.matches('nav, nav *, aside, aside *, .hidden-by-css');

  it('keeps headings, paragraphs, figures with captions, lazy images, code, tables, lists and quotes', () => {
    const html = build(skipTemplate).innerHTML;
    expect(html).toContain('<h1>Flood waters recede</h1>');
    expect(html).toContain('<p>Loose text in a layout div. <b>bold</b></p>');
    expect(html).toMatch(/<figure><img src="http:\/\/[^"]*\/photo\.jpg" alt="Boats" loading="lazy"><figcaption>Boats on Mill Street<\/figcaption><\/figure>/);
    expect(html).toContain('<pre><code>line one\n    indented line</code></pre>');
    expect(html).toContain('<th>Day</th><td>41</td>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('A quote.');
  });

  it('drops template parts, invisible elements, scripts, forms, handlers and javascript: links', () => {
    const div = build(skipTemplate);
    const html = div.innerHTML;
    for (const gone of ['Home', 'Related headline', 'not rendered', 'evil', '<input', 'onclick', 'javascript:']) {
      expect(html).not.toContain(gone);
    }
    expect(div.querySelector('a')!.getAttribute('href')).toMatch(/^http:\/\/.*\/more$/);
    expect(div.textContent).toContain('bad link'); // its text stays, without the link
  });

  it('adds the title when the content does not start with it, and not twice', () => {
    expect(build(skipTemplate).querySelectorAll('h1')).toHaveLength(1);
    const noHeading = build((el) => skipTemplate(el) || el.localName === 'h1');
    expect(noHeading.querySelector('h1')!.textContent).toBe('Flood waters recede');
  });

  it('puts the headline on top and the byline under it, once, whatever the body holds', () => {
    document.body.innerHTML = `<header><h1 id="h">Flood waters recede</h1><p id="by">By Ana Lima</p></header>
      <div id="story"><p>The first paragraph.</p></div>`;
    const out = document.implementation.createHTMLDocument('');
    const div = out.createElement('div');
    div.append(buildReaderContent(document.body, out, {
      title: 'Flood waters recede | Daily Example', headline: document.getElementById('h'),
      byline: document.getElementById('by'), verdict: () => 'keep',
    }));
    expect(div.innerHTML.replace(/>\s+</g, '><')).toBe('<h1>Flood waters recede</h1><p class="byline">By Ana Lima</p>' +
      '<p>The first paragraph.</p>');
  });

  it('shows the declared author when no byline element was found', () => {
    document.body.innerHTML = '<p>The first paragraph.</p>';
    const out = document.implementation.createHTMLDocument('');
    const div = out.createElement('div');
    div.append(buildReaderContent(document.body, out, {
      title: 'Flood waters recede', declaredByline: 'Ana Lima', verdict: () => 'keep',
    }));
    expect(div.innerHTML).toBe('<h1>Flood waters recede</h1><p class="byline">Ana Lima</p><p>The first paragraph.</p>');
  });

  it('keeps whatever the decision keeps: a nav inside the content is not dropped for its name', () => {
    const html = build((el) => el.matches('aside, aside *')).innerHTML;
    expect(html).toContain('Home');
  });

  it('builds the same article in slices, giving the page turns', async () => {
    const sync = build(skipTemplate).innerHTML;
    document.body.innerHTML = PAGE.repeat(40);
    const out = document.implementation.createHTMLDocument('');
    let turns = 0;
    const fragment = await buildReaderContentSliced(document.body, out, {
      title: 'Flood waters recede', verdict: (el) => (skipTemplate(el) ? 'skip' : 'keep'),
    }, { sliceMs: 0, yieldToPage: async () => { turns++; } });
    const div = out.createElement('div');
    div.append(fragment);
    expect(turns).toBeGreaterThan(3);
    // 40 copies of the page: 40 times the article of one copy (the title heading is not repeated).
    expect(div.innerHTML.split('Boats on Mill Street').length - 1).toBe(40);
    expect(div.innerHTML.startsWith(sync.slice(0, 200))).toBe(true);
  });
});

describe('reader content of a page wrapped in one <form> (ASP.NET)', () => {
  it('keeps the story and leaves out only the form controls', () => {
    document.body.innerHTML = '<form id="aspnetForm"><h1>Council votes</h1><p>The council voted to widen the bridge.</p>' +
      '<input type="hidden" value="viewstate"><button>Subscribe</button></form>';
    const out = document.implementation.createHTMLDocument('');
    const div = out.createElement('div');
    div.append(buildReaderContent(document.body, out, { title: 'Council votes', verdict: () => 'keep' }));
    expect(div.textContent).toContain('The council voted to widen the bridge.');
    expect(div.innerHTML).not.toContain('<button');
    expect(div.innerHTML).not.toContain('viewstate');
  });
});
