// @vitest-environment happy-dom
// DOM-only parts of capture (no layout): site host, link classification, selectors, L3S labels, HTML length.
import { describe, expect, it } from 'vitest';
import { siteHostOf, isIntraSiteLink } from '../../src/capture/siteHost.ts';
import { selectorOf } from '../../src/capture/selectorOf.ts';
import { l3sNodeLabels, l3sSpanClasses } from '../../src/capture/trainingLabels.ts';
import { htmlLengthOfHiddenSubtree, openTagLength } from '../../src/capture/htmlLength.ts';
import { emptyElementAttributes, readElementAttributes } from '../../src/capture/elementAttributes.ts';
import { hintBitsFor, HintBit } from '../../src/snapshot/hintBits.ts';

describe('siteHostOf', () => {
  it('prefers the canonical address of a saved page', () => {
    document.head.innerHTML = '<link rel="canonical" href="https://www.news.example.com/story">';
    expect(siteHostOf(document)).toBe('news.example.com');
    document.head.innerHTML = '<meta property="og:url" content="http://blog.example.net/x">';
    expect(siteHostOf(document)).toBe('blog.example.net');
  });
});

describe('isIntraSiteLink', () => {
  it('treats relative, in-page and same-host links as intra-site', () => {
    expect(isIntraSiteLink(('/about'), 'example.org')).toBe(true);
    expect(isIntraSiteLink(('#top'), 'example.org')).toBe(true);
    expect(isIntraSiteLink(('https://www.example.org/x'), 'example.org')).toBe(true);
    expect(isIntraSiteLink(('//example.org/x'), 'example.org')).toBe(true);
    expect(isIntraSiteLink(('https://other.org/x'), 'example.org')).toBe(false);
    expect(isIntraSiteLink(('mailto:a@example.org'), 'example.org')).toBe(false);
  });
});

describe('readElementAttributes', () => {
  it('reads the values capture looks at and the start tag\'s length in one pass, and forgets the last element\'s', () => {
    document.body.innerHTML = '<a class="Byline x" id="by" role="link" aria-hidden="true" itemprop="author" ' +
      'rel="author" href="/ana" data-x="1">Ana</a><p>plain</p>';
    const out = emptyElementAttributes();
    const a = document.querySelector('a')!;
    expect(readElementAttributes(a, out)).toEqual({ tagLength: openTagLength(a), className: 'Byline x', id: 'by',
      role: 'link', ariaHidden: 'true', itemprop: 'author', rel: 'author', href: '/ana' });
    const p = document.querySelector('p')!;
    expect(readElementAttributes(p, out)).toEqual({ tagLength: openTagLength(p), className: '', id: '', role: '',
      ariaHidden: '', itemprop: '', rel: '', href: null });
  });
});

describe('selectorOf', () => {
  it('anchors at a unique id and steps down by nth-of-type', () => {
    document.body.innerHTML = '<div id="main"><p>a</p><p>b<span>c</span></p></div><div><p>d</p></div>';
    const span = document.querySelector('span')!;
    const sel = selectorOf(span);
    expect(sel).toBe('#main > p:nth-of-type(2) > span');
    expect(document.querySelector(sel)).toBe(span);
    const d = document.querySelectorAll('p')[2];
    expect(document.querySelector(selectorOf(d))).toBe(d);
  });
});

describe('l3sNodeLabels', () => {
  it('labels nodes by the share of template-annotated text', () => {
    document.body.innerHTML = '<div><span class="x-nc-sel0">menu</span><span class="x-nc-sel2">story</span></div>' +
      '<span class="x-nc-sel4">related</span><img>';
    const elements = [document.body, ...Array.from(document.body.querySelectorAll('*'))];
    // body, div, span0, span2, span4, img
    const parent = Int32Array.from([-1, 0, 1, 1, 0, 0]);
    const chars = Uint32Array.from([20, 9, 4, 5, 7, 0]);
    expect(Array.from(l3sNodeLabels(elements, parent, chars))).toEqual([0, 0, 1, 0, 1, -1]);
    expect(Array.from(l3sNodeLabels(elements, parent, chars, 0.4))).toEqual([1, 1, 1, 0, 1, -1]);
  });

  it('counts text once, under the innermost span, when spans nest', () => {
    document.body.innerHTML = '<span class="x-nc-sel0">menu <span class="x-nc-sel2">a long story</span></span>';
    const elements = [document.body, ...Array.from(document.body.querySelectorAll('*'))];
    // body, outer template span (4 chars of its own), inner content span (12 chars)
    const parent = Int32Array.from([-1, 0, 1]);
    const chars = Uint32Array.from([16, 16, 12]);
    // Counted per enclosing span, all 16 characters would be template; only "menu" is.
    expect(Array.from(l3sNodeLabels(elements, parent, chars))).toEqual([0, 0, 0]);
    expect(Array.from(l3sNodeLabels(elements, parent, chars, 0.25))).toEqual([1, 1, 0]);
  });
});

describe('html length without serialising', () => {
  it('is close to the outerHTML length', () => {
    document.body.innerHTML = '<div class="x" id="y"><p>hello <b>world</b></p><!-- note --></div>';
    const div = document.querySelector('div')!;
    expect(openTagLength(div)).toBe('<div class="x" id="y"></div>'.length);
    const real = div.outerHTML.length;
    expect(Math.abs(htmlLengthOfHiddenSubtree(div) - real)).toBeLessThanOrEqual(8);
  });
});

describe('hintBitsFor', () => {
  it('reads roles, class names and ids', () => {
    expect(hintBitsFor('navigation', '', false)).toBe(HintBit.NAV);
    expect(hintBitsFor('', 'site-footer legal', false) & HintBit.FOOTER).toBeTruthy();
    expect(hintBitsFor('', 'related-posts', false) & HintBit.RELATED).toBeTruthy();
    expect(hintBitsFor('', 'ad-slot', false) & HintBit.AD).toBeTruthy();
    expect(hintBitsFor('', 'shadow loaded', false) & HintBit.AD).toBeFalsy();
    expect(hintBitsFor('', '', true)).toBe(HintBit.HIDDEN_A11Y);
  });
});

describe('l3sSpanClasses', () => {
  it('reads the annotation class of each span, -1 elsewhere', () => {
    document.body.innerHTML = '<p><span class="x-nc-sel2 extra">a</span><span class="x-nc-sel10">b</span></p>';
    expect(Array.from(l3sSpanClasses([document.body, ...Array.from(document.body.querySelectorAll('*'))])))
      .toEqual([-1, -1, 2, -1]);
  });
});
