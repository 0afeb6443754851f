// @vitest-environment happy-dom
// The in-page ground-truth reader of the segmentation evaluation, run against a fake capture (no layout needed).
import { describe, expect, it } from 'vitest';
import { readHumanBlocks } from '../../src/capture/page/humanBlocks.ts';
import type { SnapshotJson } from '../../src/snapshot/snapshotJson.ts';

describe('readHumanBlocks', () => {
  it('maps nodes to their innermost and outermost blocks and hides the annotation from the capture', () => {
    document.head.innerHTML = '<style>[data-block] {outline: 1px solid blue !important;}</style><style>p{}</style>';
    document.body.innerHTML =
      '<div id="h" data-block="1" data-block-type="Header"><a id="logo" data-block="2" data-block-type="Logo">W</a>' +
      '<span id="nav">menu</span></div>' +
      '<div id="wrap"><ul id="links" data-block="2" data-block-type="LinkList"><li id="li">x</li></ul></div>' +
      '<div id="side" data-block="2 1" data-block-type="Menu Sidebar"></div>' +
      '<p id="free">unmarked</p>';
    const seenByCapture = { marked: -1, annotationStyles: -1, styles: -1 };
    const nodes = ['body', '#h', '#logo', '#nav', '#wrap', '#links', '#li', '#side', '#free']
      .map((sel) => document.querySelector(sel)!);
    const snapshot = { url: 'the snapshot' } as unknown as SnapshotJson;
    const out = readHumanBlocks(document, () => {
      seenByCapture.marked = document.querySelectorAll('[data-block], [data-block-type]').length;
      seenByCapture.annotationStyles = Array.from(document.querySelectorAll('style'))
        .filter((s) => (s.textContent ?? '').includes('[data-block]')).length;
      seenByCapture.styles = document.querySelectorAll('style').length;
      return { snapshot, elements: nodes };
    });
    expect(seenByCapture).toEqual({ marked: 0, annotationStyles: 0, styles: 1 });
    expect(out.snapshot).toBe(snapshot);
    expect(out.blocks).toEqual([
      { level: 1, type: 'Header', parentBlock: -1 },
      { level: 2, type: 'Logo', parentBlock: 0 },
      { level: 2, type: 'LinkList', parentBlock: -1 },
      { level: 1, type: 'Menu Sidebar', parentBlock: -1 },
    ]);
    // body, #h, #logo, #nav, #wrap, #links, #li, #side, #free
    expect(out.innermost).toEqual([-1, 0, 1, 0, -1, 2, 2, 3, -1]);
    expect(out.outermost).toEqual([-1, 0, 0, 0, -1, 2, 2, 3, -1]);
  });
});
