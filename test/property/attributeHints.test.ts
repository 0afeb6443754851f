import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attributeHints, NAMES_AUTHOR } from '../../src/capture/attributeHints.ts';
import { emptyElementAttributes } from '../../src/capture/elementAttributes.ts';
import { hintBitsFor } from '../../src/snapshot/hintBits.ts';
import { namesAuthor } from '../../src/capture/authorNodes.ts';

/** What capture asked before the class cache: hintBitsFor and namesAuthor of "class id" as one text. */
function reference(className: string, id: string, role: string, ariaHidden: string, itemprop: string, rel: string):
  number {
  const classAndId = `${className} ${id}`;
  const bits = hintBitsFor(role.toLowerCase(), classAndId.toLowerCase().trim(), ariaHidden === 'true',
    itemprop.toLowerCase());
  return namesAuthor(classAndId, rel, itemprop) ? bits | NAMES_AUTHOR : bits;
}

// Tokens that hint, that are skipped, that name or deny a byline, in any case, and the characters whose lower case
// depends on their neighbours (a final Σ) or are spaces other than ' '.
const token = fc.constantFrom('nav', 'NAV', 'site-footer', 'sidebar', 'elementor-widget-sidebar', 'text-secondary',
  'entry-content', 'post-title', 'byline', 'Author', 'author-avatar', 'comment', 'related', 'card', 'ΟΔΟΣ', 'Σ',
  'x', 'main', 'ad', 'table-header', 'cookie', '');
const space = fc.constantFrom(' ', '  ', '\t', '\n', '\u00a0', '\u2003');
const text = fc.array(fc.tuple(token, space), { maxLength: 4 }).chain((pairs) =>
  fc.tuple(fc.boolean(), fc.boolean()).map(([lead, trail]) =>
    (lead ? ' ' : '') + pairs.map(([t, s]) => t + s).join('').slice(0, trail ? undefined : -1)));

describe('attributeHints', () => {
  it('answers what hintBitsFor and namesAuthor answer of "class id", also from its cache of classes', () => {
    fc.assert(fc.property(text, text, fc.constantFrom('', 'navigation', 'Main', 'dialog', 'constructor'),
      fc.constantFrom('', 'true', 'false'), fc.constantFrom('', 'author', 'articleBody', 'text name'),
      fc.constantFrom('', 'author', 'nofollow author', 'authors'),
      (className, id, role, ariaHidden, itemprop, rel) => {
        const attrs = { ...emptyElementAttributes(), className, id, role, ariaHidden, itemprop, rel };
        const expected = reference(className, id, role, ariaHidden, itemprop, rel);
        expect(attributeHints(attrs)).toBe(expected);
        expect(attributeHints(attrs)).toBe(expected);
      }), { numRuns: 3000 });
  });
});
