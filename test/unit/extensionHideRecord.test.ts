// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { HideRecord } from '../../extension/content/hideRecord.ts';

function page(): HTMLElement {
  document.body.innerHTML = '<nav id="n">menu</nav><div id="a" style="color: red;display:flex !important">a</div>' +
    '<aside id="s" style="">side</aside><p id="p">text</p>';
  return document.body;
}

describe('hide and restore', () => {
  it('hides with display:none !important and restores the exact style attributes (or their absence)', () => {
    const body = page();
    const before = body.innerHTML;
    const record = new HideRecord();
    const targets = ['n', 'a', 's'].map((id) => document.getElementById(id)!);
    record.hide(targets);
    expect(record.size).toBe(3);
    for (const el of targets) {
      expect(el.style.getPropertyValue('display')).toBe('none');
      expect(el.style.getPropertyPriority('display')).toBe('important');
    }
    record.restore();
    expect(body.innerHTML).toBe(before);
    expect(document.getElementById('n')!.hasAttribute('style')).toBe(false);
    expect(record.size).toBe(0);
  });

  it('hides an element once even when asked twice', () => {
    page();
    const record = new HideRecord();
    const nav = document.getElementById('n')!;
    record.hide([nav, nav]);
    record.hide([nav]);
    expect(record.size).toBe(1);
    record.restore();
    expect(nav.hasAttribute('style')).toBe(false);
  });

  it("keeps the page's own later style changes and only puts display back", () => {
    page();
    const record = new HideRecord();
    const a = document.getElementById('a')!;
    record.hide([a]);
    a.style.setProperty('background-color', 'blue'); // the site changes the element while it is hidden
    record.restore();
    expect(a.style.getPropertyValue('background-color')).toBe('blue');
    expect(a.style.getPropertyValue('display')).toBe('flex');
    expect(a.style.getPropertyPriority('display')).toBe('important');
  });

  it('restyles (a height, a margin) and hides the same elements, and gives back each style attribute exactly', () => {
    const body = page();
    const before = body.innerHTML;
    const record = new HideRecord();
    const [a, s, p] = ['a', 's', 'p'].map((id) => document.getElementById(id)!);
    record.restyle(a, { height: 'auto', 'min-height': '0px' });
    record.restyle(p, { 'margin-top': '16px' });
    record.restyle(p, { 'margin-top': '0px' }); // a second change keeps the first original
    record.hide([s, a]);
    expect(record.size).toBe(2); // hidden elements only
    expect(record.changed).toBe(3);
    expect(a.style.getPropertyValue('min-height')).toBe('0px');
    expect(a.style.getPropertyPriority('height')).toBe('important');
    expect(record.isHidden(a)).toBe(true);
    expect(record.isHidden(p)).toBe(false);
    expect(p.style.getPropertyValue('margin-top')).toBe('0px');
    record.restore();
    expect(body.innerHTML).toBe(before);
    expect(p.hasAttribute('style')).toBe(false);
    expect(record.changed).toBe(0);
  });

  it("puts back only what it set when the page changed a restyled element's style meanwhile", () => {
    page();
    const record = new HideRecord();
    const a = document.getElementById('a')!;
    record.restyle(a, { color: 'black', 'padding-top': '0px' });
    a.style.setProperty('background-color', 'blue');
    record.restore();
    expect(a.style.getPropertyValue('color')).toBe('red');
    expect(a.style.getPropertyPriority('color')).toBe('');
    expect(a.style.getPropertyValue('padding-top')).toBe('');
    expect(a.style.getPropertyValue('background-color')).toBe('blue');
  });
});
