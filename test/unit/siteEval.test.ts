import { describe, expect, it } from 'vitest';
import { drawSample, drawSeed, sampleSizesFor, SAMPLE_SIZES } from '../../src/cli/evaluation/site/siteEvalSampling.ts';
import { addConfusion, templateTermCounts, termSet } from '../../src/cli/evaluation/site/siteEvalTerms.ts';
import { dragnetReferenceText, l3sReferenceText } from '../../src/cli/evaluation/site/siteEvalSets.ts';
import { measureSite, priorGrid, priorKey, priorSignature, type SiteEvalPage } from '../../src/cli/evaluation/site/siteEvalMeasure.ts';
import { oneSided, priorDownGrid } from '../../src/cli/evaluation/site/siteEvalTwoSided.ts';
import { cleanWithSiteEvidence } from '../../src/cli/evaluation/site/siteClean.ts';
import type { SiteFileOutcome } from '../../src/cli/analyze/analyzeSite.ts';
import { formatSiteSegmentTable, siteAnalysisJson, siteExtractLine, siteLine } from '../../src/cli/analyze/siteOutput.ts';
import { fMeasure } from '../../src/eval/templateMeasures.ts';
import { DEFAULT_PIPELINE_OPTIONS } from '../../src/pipeline/pipelineOptions.ts';
import type { ClassifiedPage } from '../../src/pipeline/runPipeline.ts';
import { SiteMemory } from '../../src/site/memory/siteMemory.ts';
import { SITE_PRIOR_DEFAULTS, type SitePriorSettings } from '../../src/site/memory/sitePrior.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';
import { SITE_PAGE, STORIES as ALL_STORIES, sitePage as sitePageOf } from '../fixtures/sitePages.ts';

describe('site eval sampling', () => {
  it('plots the sample sizes a site allows: one page must be left to measure', () => {
    expect(SAMPLE_SIZES).toEqual([2, 5, 10, 25]);
    expect(sampleSizesFor(16)).toEqual([2, 5, 10]);
    expect(sampleSizesFor(10)).toEqual([2, 5]);
    expect(sampleSizesFor(26)).toEqual([2, 5, 10, 25]);
    expect(sampleSizesFor(3)).toEqual([2]);
    expect(sampleSizesFor(2)).toEqual([]);
  });

  it('draws n distinct pages, the same for the same seed, and leaves the rest in order', () => {
    const a = drawSample(15, 5, drawSeed('example.org', 5, 0));
    expect(a.sample).toHaveLength(5);
    expect(new Set(a.sample).size).toBe(5);
    expect([...a.sample, ...a.rest].sort((x, y) => x - y)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(a.rest).toEqual([...a.rest].sort((x, y) => x - y));
    expect(drawSample(15, 5, drawSeed('example.org', 5, 0))).toEqual(a);
    // Pinned: every figure of the site report depends on these draws; a change to the seed or shuffle must show.
    expect(a.sample).toEqual([1, 10, 6, 8, 11]);
    const others = [1, 2, 3, 4].map((d) => drawSample(15, 5, drawSeed('example.org', 5, d)).sample.join());
    expect(new Set([a.sample.join(), ...others]).size).toBeGreaterThan(1);
    expect(drawSample(4, 4, 1).rest).toEqual([]);
    expect(() => drawSample(4, 5, 1)).toThrow(RangeError);
  });

  it('seeds by site, size and draw only', () => {
    expect(drawSeed('a.org', 2, 0)).toBe(drawSeed('a.org', 2, 0));
    expect(new Set([drawSeed('a.org', 2, 0), drawSeed('a.org', 2, 1), drawSeed('a.org', 5, 0), drawSeed('b.org', 2, 0)]).size)
      .toBe(4);
  });
});

describe('template terms', () => {
  it('are distinct lower-cased words, Unicode letters included', () => {
    expect([...termSet('The cat, the CAT; café-au-lait 2026!')]).toEqual(['the', 'cat', 'café', 'au', 'lait', '2026']);
  });

  it('compare what the reference leaves out with what the cleaning took away', () => {
    const page = termSet('home news sport harbour cranes idle copyright');
    const reference = termSet('harbour cranes idle');
    // Kept the article and "sport": found home, news, copyright; missed sport; took "idle" wrongly.
    const kept = termSet('harbour cranes sport');
    expect(templateTermCounts(page, reference, kept)).toEqual({ tp: 3, fp: 1, fn: 1 });
    expect(templateTermCounts(page, reference, reference)).toEqual({ tp: 4, fp: 0, fn: 0 });
    expect(templateTermCounts(page, reference, page)).toEqual({ tp: 0, fp: 0, fn: 4 });
    expect(addConfusion({ tp: 1, fp: 2, fn: 3 }, { tp: 1, fp: 1, fn: 1 })).toEqual({ tp: 2, fp: 3, fn: 4 });
  });
});

describe('site eval references', () => {
  it('keeps Dragnet user comments as content and drops only the separator line', () => {
    const gold = 'Article text here.\n!@#$%^&*()  COMMENTS\nFirst comment.\nSecond comment.';
    expect(dragnetReferenceText(gold)).toBe('Article text here.\n\nFirst comment.\nSecond comment.');
    expect(dragnetReferenceText('Only the article.')).toBe('Only the article.');
  });

  it('reads L3S content as the text of the spans labelled 1, 2, 3 and 5', () => {
    const s = buildSnapshot([
      { parent: -1, rect: [0, 0, 1280, 800] },
      { parent: 0, tag: 'span', rect: [0, 0, 100, 20], text: 'Menu' },
      { parent: 0, tag: 'span', rect: [0, 20, 100, 20], text: 'Headline' },
      { parent: 0, tag: 'span', rect: [0, 40, 100, 20], text: 'Body text' },
      { parent: 0, tag: 'span', rect: [0, 60, 100, 20], text: 'Related story' },
      { parent: 0, tag: 'span', rect: [0, 80, 100, 20], text: 'A comment' },
    ]);
    const spans = Int8Array.from([-1, 0, 1, 2, 4, 5]);
    expect(l3sReferenceText(s, spans)).toBe('Headline\nBody text\nA comment');
  });

  it('reads nested L3S spans by the innermost one: a share box inside the story is not content', () => {
    const s = buildSnapshot([
      { parent: -1, rect: [0, 0, 1280, 800] },
      { parent: 0, tag: 'div', rect: [0, 0, 800, 400] },
      { parent: 1, tag: 'p', rect: [0, 0, 800, 100], text: 'Body text' },
      { parent: 1, tag: 'span', rect: [0, 100, 800, 20], text: 'Share Tweet' },
      { parent: 1, tag: 'p', rect: [0, 120, 800, 100], text: 'More body' },
    ]);
    // The story's span (2) holds a "not content" span (0).
    const spans = Int8Array.from([-1, 2, -1, 0, -1]);
    const text = l3sReferenceText(s, spans);
    expect(text).toContain('Body text');
    expect(text).toContain('More body');
    expect(text).not.toContain('Share');
  });
});

const { NAV, FOOTER } = SITE_PAGE;
/** Six pages of the small site. */
const STORIES = ALL_STORIES.slice(0, 6);

/**
 * Page k of the small site. The menu entries are not links, so the reader's own link-list rule leaves them to the
 * classifier and the site evidence.
 */
const sitePage = (k: number) => sitePageOf(k, { menuLinks: false });

/** A classifier that calls every node content (0.2): only site evidence can find the template. */
function classified(k: number): ClassifiedPage {
  const snapshot = sitePage(k);
  return { snapshot, scores: new Float64Array(snapshot.count).fill(0.2), timings: { featuresMs: 0, classifyMs: 0 } };
}

function evalPages(): SiteEvalPage[] {
  return STORIES.map((story, k) => ({ id: `p${k}`, classified: classified(k), referenceContent: story.join('\n') }));
}

describe('cleanWithSiteEvidence', () => {
  it('cleans as the page level alone without evidence, and drops the shared parts with it', () => {
    const page = classified(3);
    const alone = cleanWithSiteEvidence(page, SiteMemory.create().evidence(page.snapshot), DEFAULT_PIPELINE_OPTIONS);
    expect(alone.readerText).toContain('Home');
    expect(alone.siteTemplate.every((b) => b === 0)).toBe(true);
    const memory = SiteMemory.create();
    for (const k of [0, 1, 2]) memory.remember(sitePage(k));
    const site = cleanWithSiteEvidence(page, memory.evidence(page.snapshot), DEFAULT_PIPELINE_OPTIONS,
      { ...SITE_PRIOR_DEFAULTS, strength: 1 });
    expect(site.siteTemplate[NAV]).toBe(1);
    expect(site.siteTemplate[FOOTER]).toBe(1);
    expect(site.scores[NAV]).toBe(1);
    expect(site.readerText).not.toContain('Home');
    expect(site.readerText).not.toContain('Copyright');
    expect(site.readerText).toContain('Commuters petitioned');
    expect(site.setAside).toBeNull();
  });
});

describe('measureSite', () => {
  const upOnly: SitePriorSettings = { rule: 'siteLevel', strength: 1, down: 0, minPagesSeen: 3 };
  const priors: SitePriorSettings[] = [upOnly, { rule: 'blocks', strength: 0.5, down: 0, minPagesSeen: 3 },
    SITE_PRIOR_DEFAULTS, { ...upOnly }];
  const cells = measureSite('example.org', evalPages(), { sizes: [2, 5, 10], draws: 3, priors, pipeline: DEFAULT_PIPELINE_OPTIONS });

  it('measures each sample size the site allows, over every draw and every page not in the sample', () => {
    expect(cells.map((c) => c.n)).toEqual([2, 5]);
    expect(cells.map((c) => c.measured)).toEqual([3 * 4, 3 * 1]);
    expect(Object.keys(cells[0].counts)).toEqual(['siteLevel', 'rtdm', 'blocks', 'pageLevel',
      ...priors.slice(0, 3).map(priorKey)]);
  });

  it('measures a setting given twice once: every method sees the same template terms', () => {
    for (const c of cells) {
      const terms = c.counts.pageLevel.tp + c.counts.pageLevel.fn;
      for (const p of priors) expect(c.counts[priorKey(p)].tp + c.counts[priorKey(p)].fn).toBe(terms);
    }
  });

  it('scores the page level alone at zero here and the site evidence, alone or as a prior, near one', () => {
    for (const c of cells) {
      expect(fMeasure(c.counts.pageLevel).f).toBe(0);
      expect(fMeasure(c.counts.siteLevel).f).toBe(1);
      expect(fMeasure(c.counts[priorKey(upOnly)]).f).toBeGreaterThan(0.9);
      expect(fMeasure(c.counts[priorKey(SITE_PRIOR_DEFAULTS)]).f).toBeGreaterThan(0.9);
    }
  });

  it('says a prior setting changes nothing when it pulls no node, and tells pulls down apart', () => {
    const page = classified(3);
    expect(priorSignature(SiteMemory.create().evidence(page.snapshot), upOnly)).toBeNull();
    const memory = SiteMemory.create();
    for (const k of [0, 1, 2]) memory.remember(sitePage(k));
    const e = memory.evidence(page.snapshot);
    expect(priorSignature(e, upOnly)).toMatch(/^1:.*\|0$/);
    expect(priorSignature(e, { ...upOnly, strength: 0 })).toBeNull();
    expect(priorSignature(e, SITE_PRIOR_DEFAULTS)).toMatch(/\|0\.3$/);
    expect(priorSignature(e, { ...SITE_PRIOR_DEFAULTS, minPagesSeen: 4 })).toBe(priorSignature(e, oneSided(SITE_PRIOR_DEFAULTS)));
    // Pulling down only, the marked nodes still set what is pulled: the footer unmarked is pulled down too.
    const downOnly = { ...SITE_PRIOR_DEFAULTS, strength: 0 };
    const footerUnmarked = { ...e, methods: e.methods.map((bits, i) => (i === FOOTER ? 0 : bits)) };
    expect(priorSignature(e, downOnly)).not.toBe(priorSignature(footerUnmarked, downOnly));
    expect(priorGrid()).toHaveLength(20);
    expect(priorGrid().every((p) => p.down === SITE_PRIOR_DEFAULTS.down)).toBe(true);
  });
});

describe('prior keys and the grid of the pull down', () => {
  it('names a one-sided prior without its gate, and a two-sided one with it', () => {
    expect(priorKey(oneSided(SITE_PRIOR_DEFAULTS))).toBe('prior:siteLevel@0.5');
    expect(priorKey(SITE_PRIOR_DEFAULTS)).toBe('prior:siteLevel@0.5/down0.3/from3');
  });

  it('holds the one-sided prior once, the shipped prior, and the gate of 3 pages', () => {
    const keys = priorDownGrid(SITE_PRIOR_DEFAULTS).map(priorKey);
    expect(keys[0]).toBe('prior:siteLevel@0.5');
    expect(keys).toContain(priorKey(SITE_PRIOR_DEFAULTS));
    expect(keys).toContain('prior:siteLevel@0.5/down0.3/from2');
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('--site output', () => {
  const outcome = {
    item: { file: 'p4.html', path: '/tmp/p4.html' },
    analysis: {
      url: 'file:///tmp/p4.html', title: 'Cyclists', nodes: 10, smoothedNodes: 8, cost: 0.5,
      segments: [
        { node: 0, selector: 'html > body', rect: { x: 0, y: 0, width: 1280, height: 2000 }, score: 0.1, template: false, text: 'Story', parentSegment: -1 },
        { node: 1, selector: 'html > body > nav', rect: { x: 0, y: 0, width: 1280, height: 60 }, score: 0.9, template: true, text: 'Home News', parentSegment: 0 },
      ],
      readerText: 'Story',
      timingsMs: { captureMs: 2, featuresMs: 1, classifyMs: 0.5, smoothMs: 0.3, segmentMs: 0.1, siteMs: 1, totalMs: 4.123 },
    },
    site: { pagesSeen: 3, methods: ['siteLevel', 'rtdm'] as const, segmentMethods: [[], ['siteLevel', 'rtdm']] as const, templateSegments: [1], setAside: null },
  } as unknown as Extract<SiteFileOutcome, { analysis: unknown }>;

  it('adds the pages seen to the extract line', () => {
    expect(JSON.parse(siteExtractLine(outcome))).toEqual({ file: 'p4.html', text: 'Story', ms: 4.12, sitePagesSeen: 3 });
  });

  it('marks site-template segments in the JSON and the table', () => {
    const json = siteAnalysisJson(outcome) as any;
    expect(json.segments.map((s: any) => s.siteTemplate)).toEqual([false, true]);
    expect(json.segments[1].siteMethods).toEqual(['siteLevel', 'rtdm']);
    expect(json.site).toEqual({ pagesSeen: 3, methods: ['siteLevel', 'rtdm'], templateSegments: [1], setAside: null });
    expect(siteAnalysisJson({ item: outcome.item, error: 'boom' })).toEqual({ file: 'p4.html', error: 'boom' });
    const table = formatSiteSegmentTable(outcome);
    expect(table.split('\n')[0]).toMatch(/^p4\.html: 10 nodes/);
    expect(table.split('\n').at(-1)).toBe('  site: 3 earlier pages seen (evidence from siteLevel, rtdm); site-template segments: 1');
    const copy = { ...outcome, site: { ...outcome.site, setAside: 'copy' as const, templateSegments: [] } };
    expect(siteLine(copy)).toContain('evidence set aside');
  });
});
