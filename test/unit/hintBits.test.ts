import { describe, expect, it } from 'vitest';
import { hintBitsFor, hintBitsOfToken, HintBit } from '../../src/snapshot/hintBits.ts';

describe('hint bits read class tokens as names, not as substrings', () => {
  it('does not call framework wrappers and utility classes a sidebar or content', () => {
    expect(hintBitsFor('', 'elementor-widget-wrap elementor-element-populated', false) & HintBit.SIDEBAR).toBe(0);
    expect(hintBitsFor('', 'elementor-widget elementor-widget-text-editor', false) & HintBit.SIDEBAR).toBe(0);
    expect(hintBitsFor('', 'btn btn-secondary text-secondary', false)).toBe(0);
    expect(hintBitsFor('', 'd-flex justify-content-center text-center', false)).toBe(0);
    expect(hintBitsFor('', 'has-sidebar is-layout-flow', false)).toBe(0);
  });

  it('gives a role that names one of Object\'s methods no hint, as any unknown role', () => {
    expect(hintBitsFor('constructor', '', false)).toBe(0);
    expect(hintBitsFor('tostring', '', false)).toBe(0);
    expect(hintBitsFor('navigation', '', false)).toBe(HintBit.NAV);
  });

  it('still reads real chrome names', () => {
    expect(hintBitsOfToken('sidebar') & HintBit.SIDEBAR).toBeTruthy();
    expect(hintBitsOfToken('widget_text') & HintBit.SIDEBAR).toBeTruthy();
    expect(hintBitsOfToken('secondary') & HintBit.SIDEBAR).toBeTruthy();
    expect(hintBitsOfToken('site-footer') & HintBit.FOOTER).toBeTruthy();
    expect(hintBitsOfToken('elementor-location-header') & HintBit.HEADER).toBeTruthy();
    expect(hintBitsOfToken('elementor-widget-social-icons') & HintBit.SOCIAL).toBeTruthy();
  });

  it('gives a chrome token no content bit', () => {
    expect(hintBitsOfToken('menu-item-type-post_type') & HintBit.CONTENT).toBe(0);
    expect(hintBitsOfToken('main-navigation') & HintBit.CONTENT).toBe(0);
    expect(hintBitsOfToken('footer-content') & HintBit.CONTENT).toBe(0);
    expect(hintBitsOfToken('main-content') & HintBit.CONTENT).toBeTruthy();
  });

  it('names the body and the heading block of a story', () => {
    expect(hintBitsOfToken('entry-content')).toBe(HintBit.ARTICLE_BODY | HintBit.CONTENT);
    expect(hintBitsOfToken('elementor-widget-theme-post-content') & HintBit.ARTICLE_BODY).toBeTruthy();
    expect(hintBitsFor('', '', false, 'articleBody'.toLowerCase()) & HintBit.ARTICLE_BODY).toBeTruthy();
    expect(hintBitsOfToken('entry-header')).toBe(HintBit.ARTICLE_HEAD);
    expect(hintBitsOfToken('post-title')).toBe(HintBit.ARTICLE_HEAD);
    expect(hintBitsOfToken('entry-header') & HintBit.HEADER).toBe(0);
  });

  it('keeps a component\'s own header or footer out of the page chrome', () => {
    expect(hintBitsOfToken('section-header') & HintBit.HEADER).toBe(0);
    expect(hintBitsOfToken('card-footer') & HintBit.FOOTER).toBe(0);
  });
});
