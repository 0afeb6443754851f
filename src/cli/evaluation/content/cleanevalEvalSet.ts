import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CACHE_DIR, sharedDataset } from '../../datasets/dataPaths.ts';
import { decodeText } from '../../datasets/decodeText.ts';
import { parseCleanevalGold } from '../../datasets/cleanevalGold.ts';
import { unwrapCleanevalHtml } from '../../datasets/cleanevalInput.ts';
import { byNaturalName } from '../../datasets/naturalOrder.ts';
import type { EvalPage, EvalSet } from './evalPage.ts';

/**
 * CleanEval's development set: GoldStandard/N.txt is the gold for input/N.html (the gold's URL line and the input's
 * wrapper id name the same address; a page where they differ, or without an input, is skipped and listed). The
 * inputs are unwrapped and re-encoded once into .cache/eval/cleaneval-dev/ and rendered from there.
 */
export async function cleanevalEvalSet(): Promise<EvalSet> {
  const dir = sharedDataset('cleaneval-dev');
  const outDir = join(CACHE_DIR, 'eval', 'cleaneval-dev');
  await mkdir(outDir, { recursive: true });
  const ids = (await readdir(join(dir, 'GoldStandard')))
    .filter((f) => f.endsWith('.txt')).map((f) => f.replace(/\.txt$/, '')).sort(byNaturalName);
  const pages: EvalPage[] = [];
  const skipped: Array<{ id: string; reason: string }> = [];
  for (const id of ids) {
    const input = join(dir, 'input', `${id}.html`);
    if (!existsSync(input)) {
      skipped.push({ id, reason: 'no input/N.html for this gold file' });
      continue;
    }
    const gold = parseCleanevalGold(decodeText(await readFile(join(dir, 'GoldStandard', `${id}.txt`))));
    const page = unwrapCleanevalHtml(await readFile(input));
    if (gold.url && page.url && gold.url !== page.url) {
      skipped.push({ id, reason: `gold is for ${gold.url}, input is ${page.url}` });
      continue;
    }
    const path = join(outDir, `${id}.html`);
    await writeFile(path, `\uFEFF${page.html}`);
    pages.push({ id, path, gold: { text: gold.text } });
  }
  return {
    name: 'cleaneval',
    description: `CleanEval dev: ${pages.length} pages (input/N.html without the crawler's <text> wrapper, decoded as ` +
      'recorded); gold = GoldStandard/N.txt without the URL line and the <p>/<h>/<l> markers',
    pages,
    skipped,
  };
}
