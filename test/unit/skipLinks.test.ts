import { describe, expect, it } from 'vitest';
import { skipLinks } from '../../src/reader/skipLinks.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';

const marked = (texts: string[]) => {
  const s = buildSnapshot([{ parent: -1, tag: 'body', rect: [0, 0, 1000, 1000] },
    ...texts.map((text, k) => ({ parent: 0, tag: 'a', rect: [0, 20 * k, 300, 20] as [number, number, number, number], text, link: 'intra' as const }))]);
  return Array.from(skipLinks(s)).slice(1);
};

describe('skipLinks', () => {
  it('marks skip links in several languages', () => {
    expect(marked(['Skip to main content', 'Zum Inhalt springen', 'Aller au contenu', 'Saltar al contenido',
      'Przejdź do treści', 'Jump to comments', 'Skip to product list'])).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('marks every phrase of the pattern, in any case and after white space (the opening-word filter keeps them all)', () => {
    const phrases = ['Go to content', 'Direkt zum Inhalt', 'Zur Navigation springen', 'Aller à la navigation',
      'Passer au contenu principal', 'Ir al contenido', 'Vai al contenuto', 'Salta al contenuto',
      'Ir para o conteúdo', 'Pular para o conteúdo', 'Naar de hoofdinhoud', 'Spring naar de inhoud',
      'Hoppa till huvudinnehåll', 'Перейти к основному содержанию', 'SKIP TO CONTENT', '  skip navigation',
      'Skipcontent', 'Skip links', 'Jump past the menus »'];
    expect(marked(phrases)).toEqual(phrases.map(() => 1));
  });

  it('leaves sentences that only start like one', () => {
    expect(marked(['Skip to the end of the story if you have read the first part already, please',
      'Content strategy for small teams', 'Main content of the quarterly report'])).toEqual([0, 0, 0]);
  });
});
