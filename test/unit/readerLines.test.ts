// @vitest-environment happy-dom
// The reader keeps a part the page sets on a line of its own (a kicker over its headline) as a line of its own.
// happy-dom has no layout: the page's layout is what the test says it is (layoutOf), as the live page says it in
// the extension (readerArticle.ts); the e2e test readerView.test.ts measures the real thing on spiegel.de.
import { describe, expect, it } from 'vitest';
import { buildReaderContent, type ElementLayout, type ReaderContentOptions } from '../../extension/content/readerContent.ts';

/** Layout by class: `block-N` is a block in N px type, `inline-N` inline, anything else inline in 16 px. */
function layoutByClass(el: Element): ElementLayout {
  const m = /\b(block|inline)-(\d+)\b/.exec(el.className);
  return m ? { block: m[1] === 'block', fontPx: +m[2] } : { block: false, fontPx: 16 };
}

function read(html: string, options: Partial<ReaderContentOptions> = {}): HTMLElement {
  document.body.innerHTML = html;
  const out = document.implementation.createHTMLDocument('');
  const div = out.createElement('div');
  div.append(buildReaderContent(document.body, out, { title: '', verdict: () => 'keep', ...options }));
  return div;
}

const TEASER = '<h2 class="inline-13"><a href="/story"><span class="block-15">Feline Fate</span>' +
  '<span class="block-20">Brigitta the Wheelchair Cat Adopts Lost Kittens</span></a></h2><p>The story.</p>';

describe('reader lines', () => {
  it('keeps a kicker the page sets on its own line as a small line above its headline, words apart', () => {
    const h2 = read(TEASER, { layoutOf: layoutByClass }).querySelector('h2')!;
    const lines = Array.from(h2.querySelectorAll('a > .line'));
    expect(lines.map((l) => [l.textContent, l.className])).toEqual([
      ['Feline Fate', 'line minor'], // 15 px under the heading's largest, 20 px
      ['Brigitta the Wheelchair Cat Adopts Lost Kittens', 'line'],
    ]);
    expect(h2.textContent!.trim()).toBe('Feline Fate Brigitta the Wheelchair Cat Adopts Lost Kittens');
  });

  it('copies spans as inline text when the page lays them out inline, or when the layout is not known', () => {
    const inline = TEASER.replace(/block-/g, 'inline-');
    expect(read(inline, { layoutOf: layoutByClass }).querySelector('h2')!.innerHTML)
      .toMatch(/^<a href="[^"]*\/story">Feline FateBrigitta the Wheelchair Cat Adopts Lost Kittens<\/a>$/);
    expect(read(TEASER).querySelector('.line')).toBeNull();
  });

  it('marks no line minor when the lines are set alike, and none for the heading size alone', () => {
    const alike = '<h2 class="inline-30"><span class="block-20">Two lines</span><span class="block-20">of one title</span></h2>';
    const lines = Array.from(read(alike, { layoutOf: layoutByClass }).querySelectorAll('.line'));
    expect(lines.map((l) => l.className)).toEqual(['line', 'line']);
  });

  it('takes a block span holding paragraphs as a layout container, and drops an empty one', () => {
    const div = read('<div><span class="block-16"><p>One.</p><p>Two.</p></span><span class="block-16"> </span>' +
      'After.</div>', { layoutOf: layoutByClass });
    expect(div.innerHTML).toBe('<p>One.</p><p>Two.</p><p>After.</p>');
  });

  it('sets a block span in running text on a line of its own, its words apart from the next', () => {
    const div = read('<div><span class="block-14">5 March 2020</span>Rain fell all night.</div>',
      { layoutOf: layoutByClass });
    expect(div.innerHTML).toBe('<p><span class="line">5 March 2020</span> Rain fell all night.</p>');
  });

  it('shows the headline element with its kicker as two lines of the title', () => {
    document.body.innerHTML = '<header><h1 id="h" class="inline-32"><span class="block-16">Climate</span> ' +
      '<span class="block-32">Flood waters recede</span></h1></header><p>The first paragraph.</p>';
    const out = document.implementation.createHTMLDocument('');
    const div = out.createElement('div');
    div.append(buildReaderContent(document.body, out, {
      title: 'Flood waters recede', headline: document.getElementById('h'), verdict: () => 'keep',
      layoutOf: layoutByClass,
    }));
    expect(div.innerHTML).toBe('<h1><span class="line minor">Climate</span> <span class="line">Flood waters recede' +
      '</span></h1><p>The first paragraph.</p>');
  });

  it('shows a headline without block parts as plain text, as before', () => {
    document.body.innerHTML = '<h1 id="h" class="inline-32"><a href="/x">Flood <em>waters</em> recede</a></h1><p>Body.</p>';
    const out = document.implementation.createHTMLDocument('');
    const div = out.createElement('div');
    div.append(buildReaderContent(document.body, out, {
      title: '', headline: document.getElementById('h'), verdict: () => 'keep', layoutOf: layoutByClass,
    }));
    expect(div.innerHTML).toBe('<h1>Flood waters recede</h1><p>Body.</p>');
  });
});
