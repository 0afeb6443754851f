// @vitest-environment happy-dom
// The in-page readers of `winnow eval` (gold spans of L3S, the peers' article text), on tiny documents.
import { describe, expect, it } from 'vitest';
import { blockText } from '../../src/capture/page/blockText.ts';
import { l3sGoldText, l3sPageGoldText, nearestL3sClass } from '../../src/capture/page/l3sGoldText.ts';

const bodyOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body;

describe('blockText', () => {
  it('keeps words of adjacent blocks apart and inline runs together', () => {
    expect(blockText(bodyOf('<p>end</p><p>Start <b>bold</b>er</p><ul><li>one</li><li>two<br>three</li></ul>')))
      .toBe('end\nStart bolder\none\ntwo\nthree');
  });

  it('skips scripts, styles and noscript, and collapses whitespace', () => {
    expect(blockText(bodyOf('<div>  a \n b <script>var x = 1;</script><style>p{}</style><noscript>no</noscript> c</div>')))
      .toBe('a b c');
  });

  it('handles documents deeper than a recursive walk could', () => {
    const deep = `${'<div>'.repeat(3000)}bottom${'</div>'.repeat(3000)}after`;
    expect(blockText(bodyOf(deep))).toBe('bottom\nafter');
  });
});

describe('L3S gold text', () => {
  const page = '<div><span class="x-nc-sel0">Home News</span></div>' +
    '<h1><span class="x-nc-sel1">Headline</span></h1>' +
    '<p><span class="x-nc-sel2">Body one</span><a><span class="x-nc-sel4">related</span></a><span class="x-nc-sel2">two.</span></p>' +
    '<p><span class="x-nc-sel3">Photo caption</span></p>' +
    '<div><span class="x-nc-sel5">A comment</span></div>' +
    '<span class="x-nc-sel0"><a><span class="x-nc-sel2">inner wins</span></a> outer</span>';

  it('reads the text whose nearest annotated span is headline, full text or supplemental', () => {
    expect(l3sGoldText(bodyOf(page), [1, 2, 3])).toBe('Headline\nBody one two.\nPhoto caption\ninner wins');
  });

  it('reads a whole page from its body', () => {
    const doc = new DOMParser().parseFromString(`<html><head><title>t</title></head><body>${page}</body></html>`, 'text/html');
    expect(l3sPageGoldText(doc, [1])).toBe('Headline');
  });

  it('finds the nearest class above a text node', () => {
    const body = bodyOf('<span class="x-nc-sel0 extra"><i>t</i></span>');
    const text = body.querySelector('i')!.firstChild!;
    expect(nearestL3sClass(text)).toBe(0);
    expect(nearestL3sClass(bodyOf('plain').firstChild!)).toBeNull();
  });
});
