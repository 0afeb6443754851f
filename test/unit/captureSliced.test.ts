// @vitest-environment happy-dom
// The sliced capture must produce exactly what the one-go capture produces (structure and text only: happy-dom has
// no layout, so no geometry is compared), give the page turns, and stop when cancelled.
import { describe, expect, it } from 'vitest';
import { captureSnapshot, captureSnapshotSliced } from '../../src/capture/captureSnapshot.ts';

// happy-dom lays nothing out, so every box is 0×0 and capture would drop it as clipped away: give each a fixed box.
// The rects are never asserted; they only let the walk see the elements.
Element.prototype.getBoundingClientRect = function () {
  return { left: 0, top: 0, width: 100, height: 20, right: 100, bottom: 20, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
};

function fillPage(sections: number): void {
  document.body.innerHTML = Array.from({ length: sections }, (_, k) =>
    `<section><h2>Part ${k}</h2><p>Words of part ${k} <a href="/p${k}">link ${k}</a></p><ul><li>a</li><li>b</li></ul></section>`,
  ).join('');
}

describe('captureSnapshotSliced', () => {
  it('captures the same nodes and text as captureSnapshot, over several slices', async () => {
    fillPage(150);
    const whole = captureSnapshot(document).snapshot;
    expect(whole.count).toBeGreaterThan(1000);
    let turns = 0;
    const progress: number[] = [];
    const sliced = (await captureSnapshotSliced(document, {
      sliceMs: 0, // every check of the clock ends a slice
      yieldToPage: async () => { turns++; },
      onProgress: (n) => progress.push(n),
    })).snapshot;
    expect(turns).toBeGreaterThan(5);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(sliced.count).toBe(whole.count);
    expect(Array.from(sliced.parent)).toEqual(Array.from(whole.parent));
    expect(Array.from(sliced.tag)).toEqual(Array.from(whole.tag));
    expect(Array.from(sliced.textChars)).toEqual(Array.from(whole.textChars));
    expect(Array.from(sliced.links)).toEqual(Array.from(whole.links));
    expect(sliced.text).toBe(whole.text);
    expect(sliced.links[0]).toBe(150);
  });

  it('skips what the page removed between slices and still finishes', async () => {
    fillPage(150);
    const whole = captureSnapshot(document).snapshot;
    const sliced = await captureSnapshotSliced(document, {
      sliceMs: 0,
      yieldToPage: async () => { document.querySelector('section:last-child')?.remove(); },
    });
    // Sections still waiting on the walk's stack when they were removed are not captured.
    expect(sliced.snapshot.count).toBeLessThan(whole.count);
    expect(sliced.snapshot.count).toBe(sliced.elements.length);
  });

  it('stops with an AbortError when cancelled', async () => {
    fillPage(150);
    const controller = new AbortController();
    await expect(captureSnapshotSliced(document, {
      sliceMs: 0,
      yieldToPage: async () => controller.abort(),
      signal: controller.signal,
    })).rejects.toThrow(/cancelled/);
  });
});

describe('StyleCache', () => {
  it('a second capture reads no styles and captures the same; changed and new elements are read again', async () => {
    const { StyleCache } = await import('../../src/capture/elementStyle.ts');
    fillPage(20);
    const cache = new StyleCache();
    const first = captureSnapshot(document, { styleCache: cache }).snapshot;
    const readsFirst = cache.reads;
    expect(readsFirst).toBeGreaterThanOrEqual(first.count);
    const second = captureSnapshot(document, { styleCache: cache }).snapshot;
    expect(cache.reads).toBe(readsFirst);
    expect(Array.from(second.style)).toEqual(Array.from(first.style));
    expect(Array.from(second.parent)).toEqual(Array.from(first.parent));

    const section = document.querySelector('section')!;
    section.className = 'changed';
    cache.forgetSubtree(section); // what the live watcher does on an attribute change
    const extra = document.createElement('p');
    extra.textContent = 'appended later';
    document.body.append(extra);
    const before = cache.reads;
    captureSnapshot(document, { styleCache: cache });
    // the section and its 6 descendants, plus the new paragraph
    expect(cache.reads - before).toBe(1 + section.getElementsByTagName('*').length + 1);
    cache.clear();
    const afterClear = cache.reads;
    captureSnapshot(document, { styleCache: cache });
    expect(cache.reads - afterClear).toBeGreaterThan(100);
  });
});
