// @vitest-environment happy-dom
// Segments mode and the GCuts segmentation in the export, in the content script: the colours (segments that touch
// differ, a segment's parts share one), the boxes and tags it asks the overlay for, the controller asking the engine
// once per smoothing, and the export's `segmentation` as the code's validator and the published JSON Schema accept it.
// happy-dom lays nothing out: no geometry is asserted here (test/e2e/segmentsView.test.ts does, in Chromium).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { contactGraph, SEGMENT_PALETTE, segmentColours, TOUCH_GAP } from '../../extension/content/segmentPalette.ts';
import { segmentsViewBoxes } from '../../extension/content/segmentsView.ts';
import { buildAnnotationExport } from '../../extension/content/annotationExport.ts';
import { WinnowController, type ControllerDeps } from '../../extension/content/winnowController.ts';
import type { PageUi } from '../../extension/content/pageUi.ts';
import type { GraphSegmentsWire } from '../../extension/shared/workerApi.ts';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../extension/shared/settings.ts';
import { validateAnnotationExport, type AnnotationExport } from '../../src/labels/annotationFile.ts';
import { readAnnotationFile } from '../../src/labels/annotationMigration.ts';
import type { Segment } from '../../src/segment/segments.ts';
import type { Rect } from '../../src/util/rects.ts';
import { FakeEngine } from './extensionFakeEngine.ts';
import { schemaProblems } from './jsonSchemaSubset.ts';

const SCHEMA = JSON.parse(readFileSync('src/labels/annotations.schema.json', 'utf8'));
const rect = (x: number, y: number, w: number, h: number): Rect => ({ x, y, w, h });

describe('segmentColours', () => {
  it('gives segments that touch different colours, in a grid where every tile touches up to eight others', () => {
    const parts = Array.from({ length: 36 }, (_, k) => ({ segment: k, rect: rect((k % 6) * 100, Math.floor(k / 6) * 50, 100, 50) }));
    const colours = segmentColours(parts, 36);
    const neighbours = contactGraph(parts, 36);
    for (let k = 0; k < 36; k++) for (const j of neighbours[k]) expect(colours[j]).not.toBe(colours[k]);
    expect(neighbours[7]).toEqual(new Set([0, 1, 2, 6, 8, 12, 13, 14])); // corners touch too
    expect(new Set(colours).size).toBeGreaterThan(4);
  });

  it('counts boxes a small gap apart as touching, and boxes farther apart as not', () => {
    const near = [{ segment: 0, rect: rect(0, 0, 100, 40) }, { segment: 1, rect: rect(100 + TOUCH_GAP - 1, 0, 100, 40) }];
    const far = [{ segment: 0, rect: rect(0, 0, 100, 40) }, { segment: 1, rect: rect(100 + TOUCH_GAP + 1, 0, 100, 40) }];
    expect(contactGraph(near, 2)[0].has(1)).toBe(true);
    expect(contactGraph(far, 2)[0].has(1)).toBe(false);
    // A segment in two parts touches what either part touches.
    const split = [...far, { segment: 0, rect: rect(0, 45, 400, 10) }];
    expect(contactGraph(split, 2)[1]).toEqual(new Set([0]));
  });

  it('spreads segments that touch nothing over the palette, and keeps conflicts fewest when it runs out', () => {
    const apart = Array.from({ length: 20 }, (_, k) => ({ segment: k, rect: rect(k * 200, 0, 50, 50) }));
    expect(new Set(segmentColours(apart, 20)).size).toBe(SEGMENT_PALETTE.length);
    // A hub touching twelve segments that do not touch each other: only two of them can share its colour... none
    // must: the twelve take all ten colours at most, and the hub one its neighbours use least (once).
    const spokes = Array.from({ length: 12 }, (_, k) => ({ segment: k, rect: rect(k * 100, 0, 90, 40) }));
    const hub = { segment: 12, rect: rect(0, 40, 1200, 10) };
    const colours = segmentColours([...spokes, hub], 13);
    expect(spokes.filter(({ segment }) => colours[segment] === colours[12]).length).toBeLessThanOrEqual(1);
  });
});

/** Two segments: a template one in two parts (the menu and the footer) and a content one (the story). */
function graphOf(): GraphSegmentsWire {
  const box = { x: 0, y: 0, width: 100, height: 20 };
  return {
    method: 'gcuts', model: 'winnow-seg-v1', segmentMs: 12.4, phasesMs: null, cached: false, ms: 13, warmUp: null,
    segments: [
      { parts: [{ node: 1, rect: box }, { node: 3, rect: { ...box, y: 500 } }], rect: { ...box, height: 520 },
        leaves: 3, chars: 30, score: 0.82, template: true },
      { parts: [{ node: 0, rect: box }, { node: 2, rect: { ...box, y: 100 } }], rect: { ...box, y: 100 }, leaves: 2,
        chars: 90, score: 0.1, template: false },
    ],
  };
}

function samplePage(): Element[] {
  document.body.innerHTML = '<nav id="menu"><a href="/">Home</a></nav><article id="story"><p>Story.</p></article>' +
    '<footer id="foot">© 2026</footer>';
  return [document.body, byId('menu'), byId('story'), byId('foot')];
}

const byId = (id: string) => document.getElementById(id)!;

describe('segmentsViewBoxes', () => {
  it('boxes every part but the page itself, with one colour per segment and its number and verdict in words', () => {
    const elements = samplePage();
    const boxes = segmentsViewBoxes({ elements }, graphOf());
    expect(boxes.map((b) => b.el.id)).toEqual(['menu', 'foot', 'story']);
    expect(boxes.map((b) => b.segment!.tag)).toEqual(['1 template', '1 template', '2 content']);
    expect(boxes[0].segment!.colour).toBe(boxes[1].segment!.colour);
    expect(boxes.every((b) => SEGMENT_PALETTE.includes(b.segment!.colour))).toBe(true);
    expect(boxes.map((b) => b.segment!.template)).toEqual([true, true, false]);
  });
});

describe('the export\'s segmentation', () => {
  const exportOf = (withGraph: boolean): AnnotationExport => {
    const elements = samplePage();
    const segments: Segment[] = [{ node: 0, score: 0.1, template: false, rect: { x: 0, y: 0, width: 100, height: 20 },
      text: 'Story.', parentSegment: -1 }];
    return buildAnnotationExport({
      url: 'https://example.org/story', title: 'Story', viewport: { width: 1280, height: 800 }, modelVersion: 'm',
      options: { penaltyFactor: 0.01, threshold: 0.5, minArea: 2000 }, segments, elements,
      graph: withGraph ? graphOf() : undefined, now: new Date('2026-01-02T03:04:05Z'),
    });
  };

  it('gives the method, model and per segment its verdict, score, box and root nodes by selector and XPath', () => {
    const file = exportOf(true);
    expect(file.segmentation).toEqual({
      method: 'gcuts',
      model: 'winnow-seg-v1',
      segments: [
        { label: 'template', score: 0.82, rect: { x: 0, y: 0, width: 100, height: 520 }, leaves: 3, chars: 30,
          roots: [{ selector: '#menu', xpath: '/html/body/nav' }, { selector: '#foot', xpath: '/html/body/footer' }] },
        { label: 'content', score: 0.1, rect: { x: 0, y: 100, width: 100, height: 20 }, leaves: 2, chars: 90,
          roots: [{ selector: 'html > body', xpath: '/html/body' }, { selector: '#story', xpath: '/html/body/article' }] },
      ],
    });
  });

  it('is valid by the code\'s validator and by the published JSON Schema, and files without it still are', () => {
    const file = JSON.parse(JSON.stringify(exportOf(true)));
    expect(validateAnnotationExport(file)).toEqual([]);
    expect(schemaProblems(SCHEMA, file)).toEqual([]);
    const { segments } = SCHEMA.properties.segmentation.properties;
    expect([...segments.items.required].sort()).toEqual(Object.keys(file.segmentation.segments[0]).sort());
    expect(SCHEMA.required).not.toContain('segmentation');
    const older = exportOf(false);
    expect('segmentation' in older).toBe(false);
    expect(validateAnnotationExport(older)).toEqual([]);
    expect(schemaProblems(SCHEMA, JSON.parse(JSON.stringify(older)))).toEqual([]);
    expect(readAnnotationFile(JSON.stringify(file))).toMatchObject({ migratedFrom: null, file: { segmentation: { method: 'gcuts' } } });
  });

  it('is refused, saying where, when it breaks the shape — by both checks', () => {
    const broken = JSON.parse(JSON.stringify(exportOf(true)));
    broken.segmentation.method = 'smooth';
    broken.segmentation.segments[0].score = 1.2;
    broken.segmentation.segments[0].roots = [];
    broken.segmentation.segments[1].label = 'maybe';
    broken.segmentation.segments[1].leaves = 2.5;
    broken.segmentation.segments[1].roots[0].selector = '';
    expect(validateAnnotationExport(broken)).toEqual([
      '$.segmentation.method: expected one of gcuts, cclus',
      '$.segmentation.segments[0].score: expected a number in [0, 1], got 1.2',
      '$.segmentation.segments[0].roots: expected a non-empty array',
      '$.segmentation.segments[1].label: expected one of template, content',
      '$.segmentation.segments[1].roots[0].selector: expected at least 1 characters',
      '$.segmentation.segments[1].leaves: expected an integer',
    ]);
    expect(schemaProblems(SCHEMA, broken)).toHaveLength(6);
    expect('problems' in readAnnotationFile(JSON.stringify(broken))).toBe(true);
  });
});

// Every box 100×20: capture drops 0×0 boxes as clipped away, and the overlay draws nothing for them.
Element.prototype.getBoundingClientRect = function () {
  return { left: 0, top: 0, width: 100, height: 20, right: 100, bottom: 20, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
};

const controllers: WinnowController[] = [];

function setUp() {
  document.body.innerHTML = `
    <nav class="menu" id="menu"><a href="/">Home</a> <a href="/world">World</a></nav>
    <article id="story"><h1>Flood waters recede</h1><p>The river fell by a metre overnight.</p></article>
    <footer class="footer" id="foot"><a href="/privacy">Privacy policy</a></footer>`;
  const engine = new FakeEngine();
  const roots: ShadowRoot[] = [];
  const deps = {
    loadSettings: vi.fn(async () => ({ ...DEFAULT_SITE_SETTINGS })),
    saveSettings: vi.fn(async (_patch: Partial<SiteSettings>) => {}),
    model: vi.fn(async () => ({ json: {}, version: 'model-test' })),
    startEngine: vi.fn(async (ui: PageUi) => {
      roots.push(ui.root);
      return engine;
    }),
    friendlyError: (message: string) => message,
  } satisfies ControllerDeps;
  const controller = new WinnowController(document, deps);
  controllers.push(controller);
  const ui = () => roots[0];
  return { controller, engine, deps, ui, tags: () => Array.from(ui().querySelectorAll('.box.segment .label'), (l) => l.textContent) };
}

afterEach(async () => {
  for (const c of controllers.splice(0)) if (c.hasRun) await c.setMode('off');
  for (const host of Array.from(document.querySelectorAll('winnow-ui'))) host.remove();
});

describe('segments mode', () => {
  it('draws a box per part with its tag, says how many and how long, and asks the engine once per smoothing', async () => {
    const { controller, engine, ui, tags } = setUp();
    // The engine takes 25 ms to answer, as a worker busy with something else would: the page's wait must show it.
    const answer = engine.graphSegments.bind(engine);
    engine.graphSegments = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 25));
      return answer(...args);
    };
    await controller.run('highlight');
    expect(engine.graphAsked).toHaveLength(0); // only what a mode needs is computed
    const status = await controller.setMode('segments');
    expect(tags()).toEqual(['1 template', '2 content', '3 template']);
    expect(controller.pageEffects.boxes).toBe(3);
    expect(ui().querySelector('.toast.info')!.textContent).toContain('GCuts: 3 segments (2 template), segmented in 7 ms');
    const { answerMs, ...graph } = status.graph!;
    expect(graph).toEqual({ method: 'gcuts', model: 'fake-seg', segments: 3, templateSegments: 2, segmentMs: 7, phasesMs: null,
      ms: 7, warmUp: null });
    // The page's wait for the answer, measured in the page: the engine's delay, not its own segmentMs.
    expect(answerMs).toBeGreaterThanOrEqual(20);
    expect(answerMs).toBeLessThan(5000);
    await controller.setMode('highlight');
    await controller.setMode('segments');
    expect(engine.graphAsked).toHaveLength(1);
    // A slider move re-smooths: the verdicts are asked again, at the new threshold.
    await controller.setOptions({ penaltyFactor: 0.01, threshold: 0.9 });
    expect(engine.graphAsked.map((a) => a.options.threshold)).toEqual([0.5, 0.9]);
    expect(tags()).toEqual(['1 content', '2 content', '3 content']);
  });

  it('takes everything away again, and is not kept as the site\'s mode', async () => {
    const { controller, deps, ui } = setUp();
    await controller.run('hide');
    await controller.setMode('segments');
    expect(ui().querySelectorAll('.box').length).toBe(3);
    await controller.setMode('off');
    expect(ui().querySelectorAll('.box, .layer, .toast').length).toBe(0);
    expect(controller.pageEffects).toEqual({ hidden: 0, boxes: 0, readerOpen: false });
    expect(deps.saveSettings.mock.calls.map(([patch]) => patch.mode)).toEqual(['hide', 'off']);
  });

  it('exports the segmentation in any mode, computed when no mode needed it, and valid', async () => {
    const { controller, engine } = setUp();
    await controller.run('reader');
    const file = await controller.exportAnnotations();
    expect(engine.graphAsked).toHaveLength(1);
    expect(file.segmentation?.segments.map((g) => [g.label, g.roots.map((r) => r.selector)])).toEqual([
      ['template', ['#menu']], ['content', ['#story']], ['template', ['#foot']],
    ]);
    expect(validateAnnotationExport(file)).toEqual([]);
    await controller.exportAnnotations();
    expect(engine.graphAsked).toHaveLength(1);
  });
});
