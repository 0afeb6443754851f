// What Winnow must show and leave out on the hand-made article page (/fixtures/article-with-template.html), shared by
// the Chromium and Firefox tests so both browsers are held to the same reader.
import { expect } from 'vitest';
import { textOfHtml } from './extensionHarness.ts';

/** Texts of the page's template (related list, footer, popular list) that no cleaned view may keep. */
export const TEMPLATE_TEXTS = ['Related headline number 3', 'Privacy policy', 'Popular story 2', 'Careers'];

/**
 * The reader's article (the overlay's HTML from its `<article`): headline and body, a heading, the lazy image's
 * figure, the code block, the table, the list and the quote kept; no template text.
 */
export function expectHandPageReader(reader: string): void {
  const text = textOfHtml(reader);
  expect(text).toContain('Flood waters recede in Alder Creek');
  expect(text).toContain('The town council will meet next month');
  expect(reader).toMatch(/<h2>What failed<\/h2>/);
  expect(reader).toMatch(/<figure><img src="http:\/\/127\.0\.0\.1:\d+\/fixtures\/flood-photo\.png"/);
  expect(reader).toContain('<pre><code>levee height:    4.2 m\npeak water:');
  expect(reader).toMatch(/<table>[\s\S]*<th>Rainfall \(mm\)<\/th>/);
  expect(reader).toMatch(/<ul><li>Sandbags/);
  expect(reader).toMatch(/<blockquote><p>We have asked/);
  for (const t of TEMPLATE_TEXTS) expect(text).not.toContain(t);
}
