// Site evidence in the run: the prior on the classifier's scores (src/pipeline/siteAware.ts) and the page session
// that computes a page's evidence before remembering it, keeps the prior across re-smoothing and drops it on "forget".
import { describe, expect, it } from 'vitest';
import { SiteMemory } from '../../src/site/memory/siteMemory.ts';
import { SITE_PRIOR_DEFAULTS } from '../../src/site/memory/sitePrior.ts';
import { COPY_TEMPLATE_SHARE, siteTemplateSegments, markedTextShare, withSiteEvidence } from '../../src/pipeline/siteAware.ts';
import type { ClassifiedPage } from '../../src/pipeline/runPipeline.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import type { Segment } from '../../src/segment/segments.ts';
import { pipelineHandlers } from '../../extension/shared/pipelineHandlers.ts';
import { loadModel } from '../../src/cli/modelFile.ts';
import { SITE_PAGE, sitePage as sitePageOf } from '../fixtures/sitePages.ts';

const { NAV, ARTICLE, PARA, IMG, FOOTER } = SITE_PAGE;

/** Page k of the small site, with a longer article (the reader keeps it whole). */
const sitePage = (k: number, url?: string) => sitePageOf(k, { url, repeat: 6 });

function classified(k: number, scores = 0.2): ClassifiedPage {
  const snapshot = sitePage(k);
  return { snapshot, scores: new Float64Array(snapshot.count).fill(scores), timings: { featuresMs: 0, classifyMs: 0 } };
}

function memoryOf(pages: number[]): SiteMemory {
  const m = SiteMemory.create();
  for (const k of pages) m.remember(sitePage(k));
  return m;
}

describe('withSiteEvidence', () => {
  it('leaves the scores alone without evidence, and marks nothing', () => {
    const page = classified(4);
    for (const evidence of [null, SiteMemory.create().evidence(page.snapshot)]) {
      const aware = withSiteEvidence(page, evidence);
      expect(Array.from(aware.scores)).toEqual(Array.from(page.scores));
      expect(aware.siteTemplate.every((b) => b === 0)).toBe(true);
      expect(aware.evidence).toBeNull();
    }
  });

  it('pulls the shared navigation and footer toward template, the article toward content, and marks the former', () => {
    const page = classified(4);
    const aware = withSiteEvidence(page, memoryOf([1, 2, 3]).evidence(page.snapshot));
    const pulledUp = 0.2 + SITE_PRIOR_DEFAULTS.strength * 0.8;
    const pulledDown = 0.2 * (1 - SITE_PRIOR_DEFAULTS.down);
    for (const node of [NAV, FOOTER]) {
      expect(aware.siteTemplate[node]).toBe(1);
      expect(aware.scores[node]).toBeCloseTo(pulledUp);
    }
    for (const node of [ARTICLE, PARA]) {
      expect(aware.siteTemplate[node]).toBe(0);
      expect(aware.scores[node]).toBeCloseTo(pulledDown);
    }
    expect(aware.scores[IMG]).toBe(0.2); // no text
    expect(page.scores[NAV]).toBe(0.2); // the input is not changed
    expect(Array.from(aware.pageScores)).toEqual(Array.from(page.scores));
  });

  it('leaves the article alone while fewer than minPagesSeen other pages are known, or with down 0', () => {
    const page = classified(4);
    const early = withSiteEvidence(page, memoryOf([1, 2]).evidence(page.snapshot));
    expect(early.evidence!.pagesSeen).toBeLessThan(SITE_PRIOR_DEFAULTS.minPagesSeen);
    expect(early.scores[NAV]).toBeGreaterThan(0.2);
    expect(early.scores[PARA]).toBe(0.2);
    const upOnly = withSiteEvidence(page, memoryOf([1, 2, 3]).evidence(page.snapshot), { ...SITE_PRIOR_DEFAULTS, down: 0 });
    expect(upOnly.scores[NAV]).toBeGreaterThan(0.2);
    expect(upOnly.scores[PARA]).toBe(0.2);
  });

  it('never stacks priors, and null takes the evidence away again', () => {
    const page = classified(4);
    const evidence = memoryOf([1, 2, 3]).evidence(page.snapshot);
    const once = withSiteEvidence(page, evidence);
    const twice = withSiteEvidence(once, evidence);
    expect(Array.from(twice.scores)).toEqual(Array.from(once.scores));
    const dropped = withSiteEvidence(twice, null);
    expect(Array.from(dropped.scores)).toEqual(Array.from(page.scores));
    expect(dropped.siteTemplate.every((b) => b === 0)).toBe(true);
  });

  it('sets aside the evidence of a page that is a copy of a remembered one under another address', () => {
    const memory = memoryOf([1, 2, 3]);
    const copy = { ...classified(2), snapshot: sitePage(2, 'https://example.org/story-2?utm_source=feed') };
    const e = memory.evidence(copy.snapshot);
    expect(markedTextShare(copy.snapshot, Uint8Array.from(e.methods, (b) => (b ? 1 : 0)))).toBeGreaterThan(COPY_TEMPLATE_SHARE);
    const aware = withSiteEvidence(copy, e);
    expect(aware.setAside).toBe('copy');
    expect(Array.from(aware.scores)).toEqual(Array.from(copy.scores));
    expect(aware.siteTemplate.every((b) => b === 0)).toBe(true);
  });

  it('refuses evidence computed for another page', () => {
    const page = classified(4);
    const e = memoryOf([1, 2, 3]).evidence(page.snapshot);
    expect(() => withSiteEvidence(page, { ...e, methods: e.methods.slice(1) })).toThrow(/covers 9 nodes, the page has 10/);
  });
});

describe('siteTemplateSegments and markedTextShare', () => {
  it('flags the segments whose root is marked', () => {
    const seg = (node: number) => ({ node }) as Segment;
    const mask = new Uint8Array(10);
    mask[NAV] = 1;
    expect(Array.from(siteTemplateSegments([seg(0), seg(NAV), seg(ARTICLE)], mask))).toEqual([0, 1, 0]);
  });

  it('counts each character once, inside the outermost marked node', () => {
    const s = sitePage(1);
    const mask = new Uint8Array(s.count);
    mask[NAV] = 1;
    mask[NAV + 1] = 1; // inside the nav: not counted again
    const navChars = s.textChars[NAV];
    expect(markedTextShare(s, mask)).toBeCloseTo(navChars / s.textChars[0]);
    expect(markedTextShare(s, new Uint8Array(s.count).fill(1))).toBe(1);
  });
});

describe('the page session with site memory, through the worker\'s handlers', () => {
  it('uses the other pages\' evidence, then remembers the page; re-smoothing keeps the prior; dropping it clears it', async () => {
    const { json } = await loadModel();
    let memory: string | null = null;
    for (const k of [1, 2, 3]) {
      const session = { handlers: pipelineHandlers() };
      expect((await session.handlers.readSiteMemory({ memory }, undefined)).pages).toBe(k - 1);
      const r = await session.handlers.classify({ snapshot: sitePage(k), weightsJson: json, useSiteMemory: true }, undefined);
      expect(r.site!.pagesSeen).toBe(k - 1);
      const remembered = await session.handlers.rememberPage({}, undefined);
      memory = remembered.memory;
      expect(remembered.pagesRemembered).toBe(k);
    }
    expect(memory).not.toMatch(/Harbour|Dockworkers|Copyright|example\.org/);

    // Read for a page it holds (a revisit), it counts that page out, as the evidence does; for a new page, all.
    const revisit = await pipelineHandlers().readSiteMemory({ memory, page: `${sitePage(2).url}#comments` }, undefined);
    expect(revisit).toMatchObject({ pages: 3, otherPages: 2 });
    const session = { handlers: pipelineHandlers() };
    expect(await session.handlers.readSiteMemory({ memory, page: sitePage(4).url }, undefined))
      .toMatchObject({ pages: 3, otherPages: 3 });
    const r = await session.handlers.classify({ snapshot: sitePage(4), weightsJson: json, useSiteMemory: true }, undefined);
    expect(r.site).toMatchObject({ pagesSeen: 3, setAside: null });
    expect(r.site!.methods).toContain('siteLevel');
    expect(r.site!.templateNodes).toBeGreaterThan(0);
    const smoothed = await session.handlers.smooth({ options: pipelineOptions() }, undefined);
    const siteRoots = smoothed.segments.filter((_, k) => smoothed.siteSegments[k] === 1).map((g) => g.node);
    expect(siteRoots.length).toBeGreaterThan(0);
    expect(siteRoots.every((n) => [NAV, NAV + 1, NAV + 2, NAV + 3, FOOTER].includes(n))).toBe(true);

    // Remembering after the page is shown changes nothing about the evidence it was shown with.
    expect((await session.handlers.rememberPage({}, undefined)).pagesRemembered).toBe(4);
    const resmoothed = await session.handlers.smooth({ options: pipelineOptions({ penaltyFactor: 0.05 }) }, undefined);
    expect(Array.from(resmoothed.siteSegments).some((b) => b === 1)).toBe(true);

    await session.handlers.dropSiteEvidence({}, undefined);
    const plain = await session.handlers.smooth({ options: pipelineOptions() }, undefined);
    expect(Array.from(plain.siteSegments).every((b) => b === 0)).toBe(true);
    const pageLevel = { handlers: pipelineHandlers() };
    await pageLevel.handlers.classify({ snapshot: sitePage(4), weightsJson: json }, undefined);
    const expected = await pageLevel.handlers.smooth({ options: pipelineOptions() }, undefined);
    expect(Array.from(plain.values)).toEqual(Array.from(expected.values));
  });

  it('starts afresh from memory it cannot read, and says so', async () => {
    const { json } = await loadModel();
    const session = { handlers: pipelineHandlers() };
    const read = await session.handlers.readSiteMemory({ memory: JSON.stringify({ format: 'nonsense' }) }, undefined);
    expect(read).toMatchObject({ pages: 0, problem: expect.stringMatching(/could not be read .*format/) });
    const r = await session.handlers.classify({ snapshot: sitePage(1), weightsJson: json, useSiteMemory: true }, undefined);
    expect(r.site!.pagesSeen).toBe(0);
    expect((await session.handlers.rememberPage({}, undefined)).pagesRemembered).toBe(1);
  });

  it('is page-level only, and remembers nothing, without a site', async () => {
    const { json } = await loadModel();
    const session = { handlers: pipelineHandlers() };
    const r = await session.handlers.classify({ snapshot: sitePage(1), weightsJson: json }, undefined);
    expect(r.site).toBeNull();
    await expect(Promise.resolve().then(() => session.handlers.rememberPage({}, undefined))).rejects.toThrow(/no site memory/);
    // Memory read for one page is not used by a later page classified without it.
    await session.handlers.readSiteMemory({ memory: null }, undefined);
    await session.handlers.classify({ snapshot: sitePage(2), weightsJson: json }, undefined);
    await expect(Promise.resolve().then(() => session.handlers.rememberPage({}, undefined))).rejects.toThrow(/no site memory/);
  });
});
