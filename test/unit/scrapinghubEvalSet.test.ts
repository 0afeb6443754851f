import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scrapinghubEvalSet, setNameOf } from '../../src/cli/evaluation/content/scrapinghubEvalSet.ts';
import { loadScrapinghubPages, splitWcxb } from '../../src/cli/datasets/scrapinghubPages.ts';

describe('scrapinghubEvalSet', () => {
  it('keeps wcxb-dev’s site split: held-out and train part the pages, held-out is the split’s test side', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'winnow-sh-'));
    try {
      const pages = join(dir, 'pages');
      mkdirSync(pages);
      const truth: Record<string, object> = {};
      for (let i = 1; i <= 40; i++) {
        writeFileSync(join(pages, `${i}.html`), `<p>page ${i}</p>`);
        truth[i] = { articleBody: `page ${i}`, url: `https://site${i % 13}.example/${i}`, with: [`page ${i}`],
          without: ['Home'], page_type: i % 2 ? 'article' : 'forum' };
      }
      truth[41] = { articleBody: 'no file for this one', url: 'https://x.example/41' };
      const truthFile = join(dir, 'ground-truth.json');
      writeFileSync(truthFile, JSON.stringify(truth));
      const set = (split: 'held-out' | 'train' | 'all') =>
        scrapinghubEvalSet({ name: 'test', pagesDir: pages, truthFile, split });
      const [heldOut, train, all] = await Promise.all([set('held-out'), set('train'), set('all')]);
      const ids = (s: typeof all) => s.pages.map((p) => p.id);
      expect(ids(all)).toHaveLength(40);
      expect(all.skipped).toEqual([{ id: '41', reason: 'no page file 41.html' }]);
      expect([...ids(heldOut), ...ids(train)].sort()).toEqual([...ids(all)].sort());
      expect(heldOut.pages.length).toBeGreaterThan(0);
      expect(train.pages.length).toBeGreaterThan(0);
      const { test } = splitWcxb((await loadScrapinghubPages(pages, truthFile)).pages);
      expect(ids(heldOut)).toEqual(test.map((p) => p.id));
      const first = all.pages[0];
      expect(first).toMatchObject({ id: '1', gold: { text: 'page 1' }, pageType: 'article',
        snippets: { with: ['page 1'], without: ['Home'] } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a set after its folder, or the folder above a "pages" folder', () => {
    expect(setNameOf('/data/wcxb-dev/pages')).toBe('wcxb-dev');
    expect(setNameOf('/data/my-set')).toBe('my-set');
  });
});
