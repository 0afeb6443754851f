import { describe, expect, it } from 'vitest';
import { computeFeatures } from '../../src/features/computeFeatures.ts';
import { FEATURE_COUNT, FEATURE_INDEX as F, FEATURE_NAMES, FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import { titleWordCounter, titleWords } from '../../src/features/titleWords.ts';
import { HintBit } from '../../src/snapshot/hintBits.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';

// A 1280×2000 page: a navigation bar of links at the top, an article in the middle, a footer at the bottom.
const page = buildSnapshot([
  { parent: -1, tag: 'body', rect: [0, 0, 1280, 2000] },
  { parent: 0, tag: 'nav', rect: [0, 0, 1280, 60], hints: HintBit.NAV },
  { parent: 1, tag: 'a', rect: [10, 10, 80, 20], text: 'Home', link: 'intra' },
  { parent: 1, tag: 'a', rect: [100, 10, 80, 20], text: 'Sports', link: 'intra' },
  { parent: 1, tag: 'a', rect: [200, 10, 80, 20], text: 'Partner', link: 'external' },
  { parent: 0, tag: 'article', rect: [240, 100, 800, 1600] },
  { parent: 5, tag: 'h1', rect: [240, 100, 800, 60], text: 'Marsh carbon storage explained' },
  { parent: 5, tag: 'p', rect: [240, 200, 800, 400], text: 'Tidal marsh soils bury carbon for centuries while the grass keeps growing' },
  { parent: 0, tag: 'footer', rect: [0, 1900, 1280, 100], text: 'Copyright 2026' },
], { width: 1280, height: 2000 }, 'Marsh carbon storage | Example');

const f = computeFeatures(page);
const at = (node: number, name: keyof typeof F) => f.data[node * FEATURE_COUNT + F[name]];

describe('computeFeatures', () => {
  it('has one row per node and a column per schema feature', () => {
    expect(f.rows).toBe(page.count);
    expect(f.cols).toBe(FEATURE_NAMES.length);
    expect(FEATURE_SCHEMA.features).toEqual(FEATURE_NAMES);
    expect(f.data.every(Number.isFinite)).toBe(true);
  });

  it('measures closeness to the page margins', () => {
    expect(at(1, 'marginTopScreens')).toBe(0);
    expect(at(8, 'marginBottomScreens')).toBe(0);
    expect(at(5, 'marginLeftFraction')).toBeCloseTo(240 / 1280, 5);
    expect(at(5, 'marginRightFraction')).toBeCloseTo(240 / 1280, 5);
    expect(at(5, 'marginNearestFraction')).toBeCloseTo(Math.min(240 / 1280, 100 / 2000, 300 / 2000), 5);
  });

  it('measures links per word, anchor text share, anchor size and intra-site share', () => {
    expect(at(1, 'linksPerWord')).toBeCloseTo(3 / (3 + 1), 5);
    expect(at(1, 'anchorTextFraction')).toBe(1);
    expect(at(1, 'anchorSizeLog')).toBeCloseTo(Math.log1p('HomeSportsPartner'.length / 3), 5);
    expect(at(1, 'intraSiteLinkFraction')).toBeCloseTo(2 / 3, 5);
    expect(at(5, 'anchorTextFraction')).toBe(0);
    expect(at(5, 'hasLinks')).toBe(0);
  });

  it('computes area fraction (the bucket key) and visible text per HTML', () => {
    expect(f.areaFraction[0]).toBe(1);
    expect(f.areaFraction[1]).toBeCloseTo((1280 * 60) / (1280 * 2000), 8);
    expect(at(7, 'textToHtmlRatio')).toBeGreaterThan(0.5);
  });

  it('scores words shared with the title', () => {
    expect(at(6, 'titleWordDensity')).toBeCloseTo(3 / 4, 5); // marsh, carbon, storage of 4 words
    expect(at(6, 'titleWordsCovered')).toBeCloseTo(3 / 4, 5); // 'example' is in the title only
    expect(at(8, 'titleWordDensity')).toBe(0);
  });

  it('marks semantic tags and class hints, own and inherited', () => {
    expect(at(1, 'tagNavHeaderFooterAside')).toBe(1);
    expect(at(1, 'hintNav')).toBe(1);
    expect(at(2, 'insideNavHeaderFooterAside')).toBe(1);
    expect(at(2, 'insideHintNav')).toBe(1);
    expect(at(2, 'hintNav')).toBe(0);
    expect(at(7, 'insideArticleMain')).toBe(1);
    expect(at(7, 'tagParagraph')).toBe(1);
  });

  it('ignores template hints on page-wide wrappers, which would otherwise brand everything inside', () => {
    const wrapped = buildSnapshot([
      { parent: -1, tag: 'body', rect: [0, 0, 1000, 1000], hints: HintBit.AD }, // <body class="ads-enabled">
      { parent: 0, tag: 'div', rect: [0, 0, 1000, 900], hints: HintBit.SIDEBAR }, // "primary-and-secondary-columns"
      { parent: 1, tag: 'p', rect: [0, 0, 700, 400], text: 'The story itself', hints: HintBit.CONTENT },
      { parent: 1, tag: 'div', rect: [700, 0, 300, 400], hints: HintBit.SIDEBAR },
      { parent: 3, tag: 'a', rect: [700, 0, 300, 40], text: 'More', link: 'intra' },
    ], { width: 1000, height: 1000 });
    const g = computeFeatures(wrapped);
    const of = (node: number, name: keyof typeof F) => g.data[node * FEATURE_COUNT + F[name]];
    expect(of(0, 'hintSocialRelatedAd')).toBe(0);
    expect(of(1, 'hintSidebar')).toBe(0);
    expect(of(2, 'insideHintSocialRelatedAd')).toBe(0);
    expect(of(2, 'insideHintSidebar')).toBe(0);
    expect(of(2, 'hintContent')).toBe(1);
    expect(of(3, 'hintSidebar')).toBe(1); // a real sidebar, 12% of the page
    expect(of(4, 'insideHintSidebar')).toBe(1);
  });

  it('survives an empty or degenerate page without NaN', () => {
    const tiny = buildSnapshot([{ parent: -1, rect: [0, 0, 0, 0] }], { width: 0, height: 0 });
    const g = computeFeatures(tiny);
    expect(g.data.every(Number.isFinite)).toBe(true);
  });
});

describe('titleWords', () => {
  it('keeps content words of three letters or more, lower-cased', () => {
    expect([...titleWords('The Big Marsh: a Story | News')]).toEqual(['big', 'marsh', 'story']);
  });

  it('counts title words starting inside a text range', () => {
    const text = 'marsh one Marsh two story';
    const c = titleWordCounter('Marsh story', text);
    expect(c.size).toBe(2);
    expect(c.count(0, text.length)).toBe(3);
    expect(c.count(1, text.length)).toBe(2); // "marsh" at 0 starts before the range
    expect(c.count(10, 15)).toBe(1);
    expect(c.count(5, 5)).toBe(0);
  });
});
