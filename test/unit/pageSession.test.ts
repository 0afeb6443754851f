// The core page session (src/session/pageSession.ts): the one assembly of classify → site evidence → smooth → reader
// decision → remember that the worker, the library and `--site` runs share.
import { describe, expect, it } from 'vitest';
import { PageSession } from '../../src/session/pageSession.ts';
import { readStoredSiteMemory, storedSiteMemoryText } from '../../src/session/storedSiteMemory.ts';
import { templateSegmentShare } from '../../src/session/templateSegmentShare.ts';
import { classifyPage, smoothPage } from '../../src/pipeline/runPipeline.ts';
import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import { readerDecision } from '../../src/reader/readerDecision.ts';
import { SiteMemory } from '../../src/site/memory/siteMemory.ts';
import { loadModel } from '../../src/cli/modelFile.ts';
import type { Segment } from '../../src/segment/segments.ts';
import { SITE_PAGE, sitePage as sitePageOf } from '../fixtures/sitePages.ts';

const sitePage = (k: number, url?: string) => sitePageOf(k, { url, repeat: 6 });

describe('PageSession', () => {
  it('gives what the stages give when assembled by hand: scores, smoothing, reader decision', async () => {
    const { weights } = await loadModel();
    const hints = { title: 'Harbour cranes idle' };
    const session = PageSession.classify(sitePage(0), weights, { hints });
    const r = session.smooth(pipelineOptions());
    const byHand = smoothPage(classifyPage(sitePage(0), weights), pipelineOptions());
    expect(Array.from(r.values)).toEqual(Array.from(byHand.values));
    expect(r.segments.map((g) => [g.node, g.template])).toEqual(byHand.segments.map((g) => [g.node, g.template]));
    const decision = readerDecision(sitePage(0), byHand.values, 0.5, hints);
    expect(Array.from(r.decision.keep)).toEqual(Array.from(decision.keep));
    expect(r.decision.headline).toBe(decision.headline);
    expect(r.decision.headline).toBe(SITE_PAGE.ARTICLE + 1);
    expect(session.siteEvidence).toBeNull();
    expect(Array.from(r.siteSegments).every((b) => b === 0)).toBe(true);
  });

  it('re-smooths the kept scores with new options, without classifying again', async () => {
    const { weights } = await loadModel();
    const session = PageSession.classify(sitePage(0), weights);
    const scores = session.classified.scores;
    const coarse = session.smooth(pipelineOptions({ penaltyFactor: 1 }));
    const fine = session.smooth(pipelineOptions({ penaltyFactor: 1e-4 }));
    expect(session.classified.scores).toBe(scores);
    expect(coarse.segments.length).toBeLessThanOrEqual(fine.segments.length);
    expect(coarse.cost).not.toBe(fine.cost);
  });

  it('takes evidence from the site memory without the page itself, remembers it once shown, and forgets on demand',
    async () => {
      const { weights } = await loadModel();
      const memory = SiteMemory.create();
      for (const k of [1, 2, 3]) {
        const session = PageSession.classify(sitePage(k), weights, { siteMemory: memory });
        expect(session.siteEvidence!.evidence.pagesSeen).toBe(k - 1);
        expect(session.remember().pageCount).toBe(k);
      }
      const session = PageSession.classify(sitePage(4), weights, { siteMemory: memory });
      expect(session.siteEvidence).toMatchObject({ setAside: null, evidence: { pagesSeen: 3 } });
      expect(session.siteEvidence!.templateNodes).toBeGreaterThan(0);
      const withSite = session.smooth(pipelineOptions());
      const siteRoots = withSite.segments.filter((_, k) => withSite.siteSegments[k] === 1).map((g) => g.node);
      expect(siteRoots).toContain(SITE_PAGE.FOOTER);
      session.dropSiteEvidence();
      expect(session.siteEvidence).toBeNull();
      const plain = session.smooth(pipelineOptions());
      const pageLevel = PageSession.classify(sitePage(4), weights).smooth(pipelineOptions());
      expect(Array.from(plain.values)).toEqual(Array.from(pageLevel.values));
      // The same page again under its address (a reload) does not vote for itself.
      const reload = PageSession.classify(sitePage(3), weights, { siteMemory: memory });
      expect(reload.siteEvidence!.evidence.pagesSeen).toBe(2);
    });

  it('will not remember a page given without site memory', async () => {
    const { weights } = await loadModel();
    expect(() => PageSession.classify(sitePage(1), weights).remember()).toThrow(/no site memory/);
  });
});

describe('stored site memory', () => {
  it('round-trips through its stored text and starts afresh, with a reason, from text it cannot read', () => {
    const memory = SiteMemory.create();
    memory.remember(sitePage(1));
    const again = readStoredSiteMemory(storedSiteMemoryText(memory));
    expect(again).toMatchObject({ problem: null });
    expect(again.memory.pageCount).toBe(1);
    expect(readStoredSiteMemory(null).memory.pageCount).toBe(0);
    const broken = readStoredSiteMemory('{"format":');
    expect(broken.memory.pageCount).toBe(0);
    expect(broken.problem).toMatch(/could not be read .*starts afresh/);
  });
});

describe('templateSegmentShare', () => {
  it('counts each segment\'s own text once, without white space', () => {
    const seg = (text: string, template: boolean) => ({ text, template }) as Segment;
    expect(templateSegmentShare([seg('ab cd', true), seg('efgh ij', false)])).toBeCloseTo(4 / 10);
    expect(templateSegmentShare([])).toBe(0);
  });
});
