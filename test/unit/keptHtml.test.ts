// @vitest-environment happy-dom
// The clean HTML of kept content, built from a real capture of a DOM (no layout: boxes are stubbed and never
// asserted; only structure, text and attributes are).
import { describe, expect, it } from 'vitest';
import { captureSnapshot } from '../../src/capture/captureSnapshot.ts';
import { keptHtml } from '../../src/capture/keptHtml.ts';

// happy-dom lays nothing out, so every box is 0×0 and capture would drop it as clipped away: give each a fixed box.
Element.prototype.getBoundingClientRect = function () {
  return { left: 0, top: 0, width: 100, height: 20, right: 100, bottom: 20, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
};
// happy-dom computes no visibility, so capture would take all text as hidden: say what a browser says by default.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (el: Element) => new Proxy(computedStyle(el), {
  get(target, key) {
    if (key === 'visibility') return target.visibility || 'visible';
    const value = Reflect.get(target, key);
    return typeof value === 'function' ? value.bind(target) : value;
  },
});

const STORY = `<div id="story" class="x" style="color:red">
  <h2 id="h">Part <em>one</em></h2>
  <p onclick="evil()">Hello <b>bold</b> &amp; <a href="/more?a=1&amp;b=2" onclick="evil()">a link</a> <span>and "quotes" &lt;here&gt;</span></p>
  <script>var leaked = 1;</script><style>p { color: blue }</style>
  <div style="display:none">hidden text</div>
  <figure><img src="/img/a.png" alt="A &quot;cat&quot;" onerror="evil()" width="640" height="abc"><figcaption>Caption</figcaption></figure>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/img/lazy.jpg">
  <table class="t"><tbody><tr><td colspan="2" style="x">1</td><td></td></tr></tbody></table>
  <pre><code class="hl language-js">let a = 1;
  if (a &lt; 2) b();</code></pre>
  <blockquote>Quoted</blockquote>
  <ul><li>one</li><li><a href="javascript:evil()">two</a></li></ul>
  <div class="wrap"><div class="inner"><p>Deep</p></div></div>
  <div class="loose">Loose text <span>inline</span></div>
  <form><input value="typed"><button>Go</button><p>In a form</p></form>
  <p></p>
</div>
<aside id="side"><p>Side text</p></aside>`;

function capture(html: string) {
  document.body.innerHTML = html;
  const { snapshot, elements } = captureSnapshot(document);
  const keep = new Uint8Array(snapshot.count).fill(1);
  const drop = (selector: string) => {
    for (const el of document.querySelectorAll(selector)) {
      const i = elements.indexOf(el);
      if (i >= 0) keep[i] = 0;
    }
  };
  return { snapshot, elements, keep, drop };
}

describe('keptHtml', () => {
  it('writes content tags with safe, absolute attributes only, and leaves out scripts, styles, hidden parts, forms', () => {
    const { snapshot, elements, keep, drop } = capture(STORY);
    drop('#side');
    const abs = (p: string) => new URL(p, document.baseURI).href;
    expect(keptHtml(snapshot, elements, keep)).toBe([
      '<h2>Part <em>one</em></h2> ',
      `<p>Hello <b>bold</b> &amp; <a href="${abs('/more?a=1&b=2').replace(/&/g, '&amp;')}">a link</a> and "quotes" &lt;here&gt;</p> `,
      `<figure><img src="${abs('/img/a.png')}" alt="A &quot;cat&quot;" width="640"><figcaption>Caption</figcaption></figure> `,
      `<img src="${abs('/img/lazy.jpg')}"> `,
      '<table><tbody><tr><td colspan="2">1</td><td></td></tr></tbody></table> ',
      '<pre><code class="language-js">let a = 1;\n  if (a &lt; 2) b();</code></pre> ',
      '<blockquote>Quoted</blockquote> ',
      '<ul><li>one</li><li><a>two</a></li></ul> ',
      '<p>Deep</p> ',
      '<div>Loose text inline</div> ',
      '<p>In a form</p>',
    ].join(''));
  });

  it('leaves out every subtree the reader dropped, and everything when the root is dropped', () => {
    const { snapshot, elements, keep, drop } = capture(STORY);
    drop('figure, table, #h, .wrap');
    const html = keptHtml(snapshot, elements, keep);
    expect(html).not.toMatch(/Caption|<table|Part|Deep/);
    expect(html).toContain('Side text');
    keep[0] = 0;
    expect(keptHtml(snapshot, elements, keep)).toBe('');
  });

  it('only reads: the live document is unchanged', () => {
    const { snapshot, elements, keep } = capture(STORY);
    const before = document.documentElement.outerHTML;
    keptHtml(snapshot, elements, keep);
    expect(document.documentElement.outerHTML).toBe(before);
  });

  it('walks open shadow roots as capture does', () => {
    document.body.innerHTML = '<div id="host"></div><p>After</p>';
    const host = document.getElementById('host')!;
    host.attachShadow({ mode: 'open' }).innerHTML = '<p>Inside the shadow</p>';
    const { snapshot, elements } = captureSnapshot(document);
    const keep = new Uint8Array(snapshot.count).fill(1);
    expect(keptHtml(snapshot, elements, keep)).toBe('<p>Inside the shadow</p><p>After</p>');
  });
});
