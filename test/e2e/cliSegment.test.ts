import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { winnow } from './runWinnow.ts';

interface SegmentJson {
  segment: number;
  rect: { x: number; y: number; width: number; height: number };
  text: string;
  parts: Array<{ node: number; selector: string; xpath: string }>;
}

describe('winnow segment', () => {
  it("cuts the demo page into its regions by GCuts: header, article, asides and footer apart", () => {
    const r = winnow(['segment', 'public/demo/article.html', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [page] = JSON.parse(r.stdout);
    expect(page).toMatchObject({ file: 'public/demo/article.html', method: 'gcuts' });
    const segments: SegmentJson[] = page.segments;
    const holding = (words: string) => segments.filter((s) => s.text.includes(words));
    // Each region in exactly one segment, and no two regions together. The sidebar's widgets (most read, newsletter)
    // may be cut apart or kept as the one sidebar: both are segmentations a person draws, at two granularities.
    const regions = ['The Coastal Ledger News', 'How tidal marshes quietly store', 'Related stories', 'Most read',
      'Independent reporting on coasts'];
    const found = regions.map((words) => holding(words));
    found.forEach((list, k) => expect(list, regions[k]).toHaveLength(1));
    expect(new Set(found.map((list) => list[0].segment)).size).toBe(regions.length);
    // The newsletter widget (930–1230 × 649–799 px in the demo's layout): a segment of its own, or inside the
    // sidebar's box (a segment's text is its first 120 characters, so a whole sidebar's may not reach the word).
    const newsletter = holding('Newsletter');
    if (newsletter.length > 0) {
      expect(newsletter).toHaveLength(1);
      expect(found.map((list) => list[0].segment).filter((id) => id !== found[3][0].segment))
        .not.toContain(newsletter[0].segment);
    } else {
      const { x, y, width, height } = found[3][0].rect;
      expect(x <= 1080 && 1080 <= x + width && y <= 720 && 720 <= y + height, 'newsletter inside the sidebar').toBe(true);
    }
    for (const s of segments) {
      expect(s.parts.length).toBeGreaterThan(0);
      for (const part of s.parts) {
        expect(part.selector).not.toBe('');
        expect(part.xpath).toMatch(/^\/html\/body/);
      }
    }
    const article = holding('How tidal marshes quietly store')[0];
    expect(article.parts[0].xpath).toBe('/html/body/div/main/article');
    expect(article.rect.height).toBeGreaterThan(500);
  });

  it('runs CClus and the smoothing on the same page', () => {
    for (const method of ['cclus', 'smooth']) {
      const r = winnow(['segment', 'public/demo/article.html', '--method', method, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const [page] = JSON.parse(r.stdout);
      expect(page.method).toBe(method);
      expect(page.segments.length).toBeGreaterThan(1);
    }
  });

  it('says what is wrong with a broken model file and with an unknown method', () => {
    const dir = mkdtempSync(join(tmpdir(), 'winnow-segment-'));
    try {
      const bad = join(dir, 'model.json');
      writeFileSync(bad, '{"version": 1, "metric": []}');
      const r = winnow(['segment', 'public/demo/article.html', '--segmentation-model', bad]);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(`${bad}: not a Winnow segmentation model`);
      const m = winnow(['segment', 'public/demo/article.html', '--method', 'kmeans']);
      expect(m.code).toBe(2);
      expect(m.stderr).toContain('--method');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
