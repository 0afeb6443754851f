// @vitest-environment happy-dom
// Capture lists the text a person can read (CaptureResult.textNodes), which highlight mode's labels must leave
// uncovered (pageScan.ts reads their rectangles instead of walking the page again). Which nodes, not where: happy-dom
// has no layout.
import { describe, expect, it } from 'vitest';
import { captureSnapshot } from '../../src/capture/captureSnapshot.ts';

// happy-dom lays nothing out, so every box is 0×0 and capture would drop it as clipped away: give each a box.
Element.prototype.getBoundingClientRect = function () {
  return { left: 0, top: 0, width: 100, height: 20, right: 100, bottom: 20, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
};

// Nor does it compute `visibility` or `opacity` unless set (it answers ''), which capture would read as hidden text:
// their initial values stand in when nothing is set.
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (el: Element) => new Proxy(computed(el), {
  get: (cs, key) => {
    const value = Reflect.get(cs, key);
    if (key === 'visibility' && value === '') return 'visible';
    if (key === 'opacity' && value === '') return '1';
    return typeof value === 'function' ? value.bind(cs) : value;
  },
});

const textsOf = (nodes: Node[]) => nodes.map((n) => (n.nodeType === 3 ? (n as Text).data.trim() : `<${(n as Element).localName}>`));

describe('capture: the text to leave uncovered', () => {
  it('lists every text node with something to read, in document order, and nothing blank or unrendered', () => {
    document.body.innerHTML = '<nav>\n  <a href="/">Home</a>\n</nav><script>var x = 1;</script>' +
      '<article><h1>Title</h1>   <p>One <em>two</em> three</p><div style="display:none">gone</div></article>';
    const { textNodes } = captureSnapshot(document);
    expect(textsOf(textNodes)).toEqual(['Home', 'Title', 'One', 'two', 'three']);
  });

  it('leaves out text that cannot be seen, and keeps what an open shadow root shows', () => {
    document.body.innerHTML = '<p style="visibility:hidden">hidden</p><p style="opacity:0">faded</p><div id="host"></div>';
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>inside the shadow root</p>';
    expect(textsOf(captureSnapshot(document).textNodes)).toEqual(['inside the shadow root']);
  });

  it('keeps a drawing with words in it, not one without', () => {
    document.body.innerHTML = '<svg id="chart"><text x="0" y="10">Sales</text></svg>' +
      '<svg id="icon"><title>Menu</title><path d="M0 0h10"></path></svg><p>after</p>';
    const { textNodes } = captureSnapshot(document);
    expect(textsOf(textNodes)).toEqual(['<svg>', 'after']);
    expect((textNodes[0] as Element).id).toBe('chart');
  });
});
