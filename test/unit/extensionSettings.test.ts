import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeBrowser } from './extensionFakeBrowser.ts';

const fake = createFakeBrowser();
vi.mock('webextension-polyfill', () => ({ default: fake }));

import { pipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
const { DEFAULT_SITE_SETTINGS, normalizeSiteSettings, penaltyFromSlider, settingsKeyOf, sliderFromPenalty, PENALTY_MIN, PENALTY_MAX } =
  await import('../../extension/shared/settings.ts');
const { alwaysRunOrigins, loadSiteSettings, saveSiteSettings } = await import('../../extension/shared/settingsStore.ts');

describe('site settings', () => {
  beforeEach(() => fake.storage.local.clear());

  it('keys settings by origin; pages the browser keeps closed have none', () => {
    expect(settingsKeyOf('https://news.example.org/a/b?c')).toBe('site:https://news.example.org');
    expect(settingsKeyOf('http://news.example.org/')).toBe('site:http://news.example.org');
    expect(settingsKeyOf('chrome://settings')).toBeNull();
    expect(settingsKeyOf('not a url')).toBeNull();
  });

  it('keeps valid stored values and replaces invalid ones with defaults', () => {
    expect(normalizeSiteSettings(undefined)).toEqual(DEFAULT_SITE_SETTINGS);
    expect(normalizeSiteSettings({ mode: 'reader', penaltyFactor: 0.1, threshold: 0.7, alwaysRun: true }))
      .toEqual({ ...DEFAULT_SITE_SETTINGS, mode: 'reader', penaltyFactor: 0.1, threshold: 0.7, alwaysRun: true });
    expect(normalizeSiteSettings({ mode: 'explode', penaltyFactor: -1, threshold: 2, readerTheme: 'neon' }))
      .toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('stores every penalty the smoothing accepts, and only those (one rule: pipelineOptions)', async () => {
    // A penalty past the slider's end smooths and is stored as given, not swapped for the default.
    expect(() => pipelineOptions({ penaltyFactor: 5 })).not.toThrow();
    expect(normalizeSiteSettings({ penaltyFactor: 5 }).penaltyFactor).toBe(5);
    await saveSiteSettings('https://c.example/', { penaltyFactor: 5 });
    expect((await loadSiteSettings('https://c.example/')).penaltyFactor).toBe(5);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '0.1']) {
      expect(() => pipelineOptions({ penaltyFactor: bad as number })).toThrow(/penalty/);
      expect(normalizeSiteSettings({ penaltyFactor: bad }).penaltyFactor).toBe(DEFAULT_SITE_SETTINGS.penaltyFactor);
    }
    expect(sliderFromPenalty(5)).toBe(1);
  });

  it('remembers settings per site', async () => {
    await saveSiteSettings('https://a.example/x', { mode: 'hide', penaltyFactor: 0.05 });
    expect((await loadSiteSettings('https://a.example/other')).mode).toBe('hide');
    expect((await loadSiteSettings('https://a.example/other')).penaltyFactor).toBe(0.05);
    expect(await loadSiteSettings('https://b.example/')).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('lists the always-run sites', async () => {
    await saveSiteSettings('https://a.example/', { alwaysRun: true });
    await saveSiteSettings('https://b.example/', { alwaysRun: false });
    await saveSiteSettings('https://c.example/', { alwaysRun: true });
    expect(await alwaysRunOrigins()).toEqual(['https://a.example', 'https://c.example']);
  });

  it('maps the penalty slider on a log scale, default in the middle, monotone and invertible', () => {
    expect(penaltyFromSlider(0)).toBeCloseTo(PENALTY_MIN);
    expect(penaltyFromSlider(1)).toBeCloseTo(PENALTY_MAX);
    expect(penaltyFromSlider(0.5)).toBeCloseTo(DEFAULT_SITE_SETTINGS.penaltyFactor);
    let last = 0;
    for (let k = 0; k <= 100; k++) {
      const c = penaltyFromSlider(k / 100);
      expect(c).toBeGreaterThan(last);
      last = c;
      expect(sliderFromPenalty(c)).toBeCloseTo(k / 100, 2);
    }
  });
});
