import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { segmentTextHash } from '../../src/labels/segmentText.ts';
import { parseModelWeights } from '../../src/model/weights.ts';
import { FEATURE_SCHEMA } from '../../src/features/featureSchema.ts';
import { parseModelPrior } from '../../src/model/modelPrior.ts';
import { winnow } from './runWinnow.ts';

/** Three articles of one "site": the same header (logo and a row of section links) and footer, other text. */
function sitePage(title: string, word: string): string {
  const paragraphs = Array.from({ length: 6 }, (_, k) => `<p>Paragraph ${k + 1} about the ${word}: the people of the ` +
    `valley have watched the ${word} story unfold over many seasons, and this report gathers what they saw, what they ` +
    'measured and what they still wonder about, in long sentences that read like an article.</p>').join('\n');
  const sections = ['News', 'Sport', 'Weather', 'Culture', 'Opinion', 'About us'];
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title} - Valley Times</title>
<style>body{font-family:sans-serif;margin:0} header{background:#eee;padding:8px} nav ul{list-style:none;display:flex;gap:16px;margin:0;padding:0}
main{max-width:760px;margin:20px auto} footer{background:#333;color:#fff;padding:12px}</style></head>
<body><header><div class="logo">Valley Times</div><nav class="site-nav"><ul>
${sections.map((s) => `<li><a href="/${s.toLowerCase().replace(' ', '-')}">${s}</a></li>`).join('')}</ul></nav></header>
<main><article><h1>${title}</h1><p class="byline">By A. Writer</p>
${paragraphs}
</article></main>
<footer><p>© Valley Times. <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a> · <a href="/contact">Contact</a></p></footer>
</body></html>`;
}

interface AnalyzedSegment { selector: string; text: string; template: boolean; score: number; rect: object }

function segmentsOf(file: string, model?: string): AnalyzedSegment[] {
  const r = winnow(['analyze', file, '--json', ...(model ? ['--model', model] : [])]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout)[0].segments;
}

const header = (segments: AnalyzedSegment[]) => segments.find((s) => s.selector === 'html > body > header');

describe('winnow train --annotations', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'winnow-train-'));
    const pages = [['River otters return to the valley', 'otters'], ['A winter of quiet snowfall', 'snow'],
      ['The old mill reopens its doors', 'mill']];
    pages.forEach(([title, word], k) => writeFileSync(join(dir, `page${k + 1}.html`), sitePage(title, word)));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("learns a site's header is content from labels on two pages, and scores it so on the third", () => {
    // The person's labels: on pages 1 and 2, the header (which the model calls template) is content.
    for (const n of [1, 2]) {
      const page = join(dir, `page${n}.html`);
      const segments = segmentsOf(page);
      expect(header(segments)?.template).toBe(true);
      const labelledAt = '2026-11-25T10:00:00.000Z';
      writeFileSync(join(dir, `page${n}.json`), JSON.stringify({
        schema: 'winnow-annotations', version: 2,
        page: { url: pathToFileURL(page).href, title: `page ${n}`, viewport: { width: 1280, height: 800 } },
        createdAt: labelledAt,
        model: { version: 'bundled', featureSchema: FEATURE_SCHEMA.name, featureSchemaVersion: FEATURE_SCHEMA.version },
        options: { penaltyFactor: 0.01, threshold: 0.5, minArea: 2000 },
        segments: segments.map((s) => {
          const human = s.selector === 'html > body > header';
          return {
            selector: s.selector, xpath: null, rect: s.rect, score: Math.min(1, s.score), label: s.template ? 'template' : 'content',
            humanLabel: human ? 'content' : null, parentSegment: -1, text: s.text, textHash: segmentTextHash(s.text),
            labelledAt: human ? labelledAt : null,
          };
        }),
      }));
    }
    const out = join(dir, 'personal.json');
    const r = winnow(['train', '--annotations', join(dir, 'page1.json'), join(dir, 'page2.json'), '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${join(dir, 'page1.json')}: 1 labels, 1 applied, 0 changed, 0 missing`);
    expect(r.stderr).toMatch(/agreement with the labels on 2 segments of 2 pages: 0\.000 .* → 1\.000/);
    const info = JSON.parse(r.stdout);
    expect(info).toMatchObject({ pages: 2, segments: 2, heldOut: { pages: 2, segments: 2, before: 0, after: 1 } });

    const personal = JSON.parse(readFileSync(out, 'utf8'));
    expect(() => parseModelWeights(personal, FEATURE_SCHEMA)).not.toThrow();
    expect(personal.training.data).toMatch(/^personal: 2 labelled segments/);
    expect(() => parseModelPrior(JSON.parse(readFileSync(join(dir, 'personal.prior.json'), 'utf8')), personal)).not.toThrow();

    // Page 3 was never labelled: the bundled model calls its header template, the personal model content.
    const third = join(dir, 'page3.html');
    expect(header(segmentsOf(third))?.template).toBe(true);
    const after = segmentsOf(third, out);
    expect(header(after)?.template).toBe(false);
    // The article stays content.
    expect(after.find((s) => s.text.includes('The old mill reopens'))?.template).toBe(false);
  });

  it('names an annotation file whose page it cannot find, and a file that is not one', () => {
    const lost = join(dir, 'lost.json');
    const file = JSON.parse(readFileSync(join(dir, 'page1.json'), 'utf8'));
    writeFileSync(lost, JSON.stringify({ ...file, page: { ...file.page, url: 'https://example.com/story' } }));
    const r = winnow(['train', '--annotations', lost, '--out', join(dir, 'x.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${lost}: no HTML for its page https://example.com/story`);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"schema": "winnow-annotations", "version": 2');
    const b = winnow(['train', '--annotations', bad, '--out', join(dir, 'x.json')]);
    expect(b.code).toBe(1);
    expect(b.stderr).toContain(`${bad}: not an annotation file: not JSON`);
    const u = winnow(['train', '--annotations', join(dir, 'page1.json')]);
    expect(u.code).toBe(2);
    expect(u.stderr).toContain('--annotations needs --out OUT.json');
  });
});
