import { describe, expect, it } from 'vitest';
import { SiteMemory } from '../../src/site/memory/siteMemory.ts';
import { METHOD_BIT } from '../../src/site/memory/siteEvidence.ts';
import { applySitePrior, pullsDown, siteTemplateMask, SITE_PRIOR_DEFAULTS } from '../../src/site/memory/sitePrior.ts';
import { SITE_PAGE, sitePage as sitePageOf } from '../fixtures/sitePages.ts';

const { NAV, HOME, ARTICLE, PARA, IMG, FOOTER } = SITE_PAGE;

/** Page k of the small site; the fragment must not make two visits of one page count as two pages. */
const sitePage = (k: number) => sitePageOf(k, { url: `https://example.org/story-${k}#top` });

describe('SiteMemory', () => {
  it('says nothing about the first page of a site', () => {
    const e = SiteMemory.create().evidence(sitePage(1));
    expect(e.pagesSeen).toBe(0);
    expect(e.available).toEqual([]);
    expect(Array.from(e.methods).every((b) => b === 0)).toBe(true);
  });

  it('marks the shared navigation and footer, not the article, once three pages are known', () => {
    const memory = SiteMemory.create();
    for (const k of [1, 2, 3]) memory.remember(sitePage(k));
    const e = memory.evidence(sitePage(4));
    expect(e.pagesSeen).toBe(3);
    expect(e.available).toContain('siteLevel');
    expect(e.available).toEqual(['siteLevel', 'rtdm', 'blocks']);
    for (const node of [NAV, HOME, FOOTER]) {
      expect(e.methods[node] & METHOD_BIT.siteLevel).toBeTruthy();
      expect(e.methods[node] & METHOD_BIT.rtdm).toBeTruthy();
    }
    for (const node of [ARTICLE, PARA]) expect(e.methods[node]).toBe(0);
  });

  it('never lets a page vote for itself, and counts a reload (same address, other fragment) once', () => {
    const memory = SiteMemory.create();
    memory.remember(sitePage(1));
    memory.remember({ ...sitePage(1), url: 'https://example.org/story-1#comments' });
    expect(memory.pageCount).toBe(1);
    const e = memory.evidence(sitePage(1));
    expect(e.pagesSeen).toBe(0);
    expect(e.methods[PARA]).toBe(0);
  });

  it('survives its JSON form, which holds no page text', () => {
    const memory = SiteMemory.create();
    for (const k of [1, 2, 3]) memory.remember(sitePage(k));
    const text = JSON.stringify(memory.toJson());
    for (const word of ['Copyright', 'Home', 'lorem', 'example.org', 'story']) expect(text).not.toContain(word);
    const back = SiteMemory.fromJson(JSON.parse(text));
    expect(back.pageCount).toBe(3);
    expect(Array.from(back.evidence(sitePage(4)).methods)).toEqual(Array.from(memory.evidence(sitePage(4)).methods));
  });

  it('rejects damaged stored data with a reason', () => {
    const memory = SiteMemory.create();
    for (const k of [1, 2]) memory.remember(sitePage(k));
    const json = memory.toJson();
    expect(() => SiteMemory.fromJson(null)).toThrow(/not an object/);
    expect(() => SiteMemory.fromJson({ ...json, version: 9 })).toThrow(/version/);
    expect(() => SiteMemory.fromJson({ ...json, siteLevel: { ...json.siteLevel, pages: [{ key: 'k', hashes: '%%%' }] } }))
      .toThrow(/SiteLevel|base64/);
    expect(() => SiteMemory.fromJson({ ...json, skeletons: { ...json.skeletons, pages: [{ key: 1, skeleton: 'AAAA' }] } }))
      .toThrow();
  });

  it('keeps at most its page window', () => {
    const memory = SiteMemory.create({ siteLevelPages: 3, skeletonPages: 2, blockBytes: 64 * 1024 });
    for (let k = 1; k <= 6; k++) memory.remember(sitePage(k));
    expect(memory.pageCount).toBe(3);
    expect(memory.toJson().skeletons.pages).toHaveLength(2);
  });
});

describe('applySitePrior', () => {
  /** Evidence for page 4 from the site's pages 1..seen. */
  function evidenceAfter(seen: number) {
    const memory = SiteMemory.create();
    for (let k = 1; k <= seen; k++) memory.remember(sitePage(k));
    return memory.evidence(sitePage(4));
  }
  const textChars = sitePage(4).textChars;

  it('with down 0, pulls site-template nodes toward 1 and leaves every other score alone', () => {
    const e = evidenceAfter(3);
    const scores = new Float64Array(e.methods.length).fill(0.2);
    const out = applySitePrior(scores, e, textChars, { rule: 'any', strength: 0.5, down: 0, minPagesSeen: 0 });
    expect(out[NAV]).toBeCloseTo(0.6);
    expect(out[PARA]).toBe(0.2);
    expect(scores[NAV]).toBe(0.2);
    expect(siteTemplateMask(e, 'majority')[NAV]).toBe(1);
    expect(siteTemplateMask(e, 'majority')[PARA]).toBe(0);
  });

  it('by default also pulls unmarked nodes with text toward 0 once 3 other pages are known', () => {
    expect(SITE_PRIOR_DEFAULTS).toEqual({ rule: 'siteLevel', strength: 0.5, down: 0.3, minPagesSeen: 3 });
    const e = evidenceAfter(3);
    const out = applySitePrior(new Float64Array(e.methods.length).fill(0.2), e, textChars);
    for (const node of [NAV, HOME, FOOTER]) expect(out[node]).toBeCloseTo(0.6);
    for (const node of [ARTICLE, PARA]) expect(out[node]).toBeCloseTo(0.14);
    expect(out[IMG]).toBe(0.2); // no text: that no other page repeats it says nothing
  });

  it('waits for enough pages before pulling down, and pulls up meanwhile', () => {
    const e = evidenceAfter(2);
    expect(e.available).toContain('siteLevel');
    const out = applySitePrior(new Float64Array(e.methods.length).fill(0.2), e, textChars);
    expect(out[NAV]).toBeCloseTo(0.6);
    expect(out[PARA]).toBe(0.2);
    const early = applySitePrior(new Float64Array(e.methods.length).fill(0.2), e, textChars,
      { ...SITE_PRIOR_DEFAULTS, minPagesSeen: 2 });
    expect(early[PARA]).toBeCloseTo(0.14);
  });

  it('pulls down only when the rule\'s own method could speak', () => {
    const e = evidenceAfter(3);
    const withoutSiteLevel = { ...e, available: e.available.filter((m) => m !== 'siteLevel') };
    expect(pullsDown(e, SITE_PRIOR_DEFAULTS)).toBe(true);
    expect(pullsDown(withoutSiteLevel, SITE_PRIOR_DEFAULTS)).toBe(false);
    expect(pullsDown(withoutSiteLevel, { ...SITE_PRIOR_DEFAULTS, rule: 'any' })).toBe(true);
    expect(pullsDown(e, { ...SITE_PRIOR_DEFAULTS, down: 0 })).toBe(false);
    expect(applySitePrior(new Float64Array(e.methods.length).fill(0.2), withoutSiteLevel, textChars)[PARA]).toBe(0.2);
  });
});
