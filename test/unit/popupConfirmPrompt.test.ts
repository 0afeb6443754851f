// @vitest-environment happy-dom
// The popup's question before what cannot be taken back (extension/popup/confirmPrompt.ts): focus on the safe answer,
// Escape or that answer keep everything and give the focus back, the other answer does the thing once.
import { describe, expect, it } from 'vitest';
import { ConfirmPrompt } from '../../extension/popup/confirmPrompt.ts';

function setUp() {
  document.body.innerHTML = `<button id="opener">Clear</button>
    <div id="box" hidden><p id="q"></p><button id="yes">Yes</button><button id="no">Keep</button></div>`;
  const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const prompt = new ConfirmPrompt({ box: el('box'), question: el('q'), yes: el('yes'), no: el('no') });
  return { prompt, el };
}

describe('ConfirmPrompt', () => {
  it('asks with the focus on the safe answer; Escape keeps, and the focus goes back to the button that asked', () => {
    const { prompt, el } = setUp();
    let done = 0;
    el('opener').focus();
    prompt.ask(el('opener'), () => { done++; }, { question: 'Clear all 3 labels?', yes: 'Clear' });
    expect(el('box').hidden).toBe(false);
    expect(el('q').textContent).toBe('Clear all 3 labels?');
    expect(el('yes').textContent).toBe('Clear');
    expect(document.activeElement?.id).toBe('no');
    el('box').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(el('box').hidden).toBe(true);
    expect(document.activeElement?.id).toBe('opener');
    el('yes').click(); // a stale click after the question closed does nothing
    expect(done).toBe(0);
  });

  it('does the thing once on the other answer', () => {
    const { prompt, el } = setUp();
    let done = 0;
    prompt.ask(el('opener'), () => { done++; });
    el('yes').click();
    el('yes').click();
    expect(done).toBe(1);
    expect(el('box').hidden).toBe(true);
    prompt.ask(el('opener'), () => { done++; });
    el('no').click();
    expect(done).toBe(1);
    expect(document.activeElement?.id).toBe('opener');
  });
});
