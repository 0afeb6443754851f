import { describe, expect, it } from 'vitest';
import { cookieNotices } from '../../src/reader/cookieNotices.ts';
import { buildSnapshot } from '../fixtures/buildSnapshot.ts';

const marked = (texts: string[]) => {
  const s = buildSnapshot([{ parent: -1, tag: 'body', rect: [0, 0, 1000, 1000] },
    ...texts.map((text, k) => ({ parent: 0, tag: 'div', rect: [0, 100 * k, 1000, 100] as [number, number, number, number], text }))]);
  return Array.from(cookieNotices(s)).slice(1);
};

describe('cookieNotices', () => {
  it('marks consent banners in several languages', () => {
    expect(marked([
      'We use cookies on our website to give you the most relevant experience. Accept all',
      'Nous utilisons des cookies essentiels au bon fonctionnement de ce site.',
      'Wir verwenden Cookies, um Inhalte zu personalisieren. Alle akzeptieren',
      'Używamy plików cookies w celach statystycznych.',
    ])).toEqual([1, 1, 1, 1]);
  });

  it('leaves a story that mentions cookies, and a notice buried late in a long post', () => {
    const post = `${'The bakery on the corner sold out again by nine in the morning. '.repeat(6)}` +
      'To see the embedded video, update your cookie preferences.';
    expect(marked(['Grandma\'s recipe for oatmeal cookies uses less sugar than you think.', post])).toEqual([0, 0]);
  });
});
