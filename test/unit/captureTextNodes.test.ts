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
    const { textNodes, textOwners, elements } = captureSnapshot(document);
    expect(textsOf(textNodes)).toEqual(['Home', 'Title', 'One', 'two', 'three']);
    // Each with the captured element whose box holds it: where on the page it can be (highlight reads only some).
    expect(textOwners.map((i) => elements[i].localName)).toEqual(['a', 'h1', 'p', 'em', 'p']);
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
    const { textNodes, textOwners, elements } = captureSnapshot(document);
    expect(textsOf(textNodes)).toEqual(['<svg>', 'after']);
    expect((textNodes[0] as Element).id).toBe('chart');
    expect(elements[textOwners[0]]).toBe(textNodes[0]);
  });
});

describe('capture: columns past the page\'s element count', () => {
  it('grows them when open shadow roots hold more elements than the document lists, keeping what was written', () => {
    // getElementsByTagName('*') leaves shadow roots out: the columns are sized for 3 elements and must double twice.
    document.body.innerHTML = '<div id="host"></div><p>after</p>';
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = Array.from({ length: 200 }, (_, k) => `<p class="footer">line ${k}</p>`).join('');
    const { snapshot: s, textNodes } = captureSnapshot(document);
    expect(s.count).toBe(1 + 1 + 200 + 1); // body, host, the shadow's paragraphs, the last one
    const shadowRows = Array.from({ length: 200 }, (_, k) => 2 + k);
    expect(shadowRows.every((i) => s.parent[i] === 1 && s.depth[i] === 2 && s.hints[i] !== 0)).toBe(true);
    expect(s.text.slice(s.textStart[201], s.textEnd[201]).trim()).toBe('line 199');
    const hostChars = Array.from({ length: 200 }, (_, k) => `line${k}`.length).reduce((a, b) => a + b, 0);
    expect([s.parent[202], s.depth[202], s.textChars[1]]).toEqual([0, 1, hostChars]);
    expect(textNodes).toHaveLength(201);
  });
});
