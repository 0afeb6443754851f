import browser from 'webextension-polyfill';
import { normalizeSiteSettings, settingsKeyOf, type SiteSettings } from './settings.ts';

/** Per-site settings in storage.local (never synced: nothing leaves the machine). */
export async function loadSiteSettings(url: string): Promise<SiteSettings> {
  const key = settingsKeyOf(url);
  if (!key) return normalizeSiteSettings(undefined);
  const stored = await browser.storage.local.get(key);
  return normalizeSiteSettings(stored[key]);
}

export async function saveSiteSettings(url: string, patch: Partial<SiteSettings>): Promise<SiteSettings> {
  const key = settingsKeyOf(url);
  const next = normalizeSiteSettings({ ...(await loadSiteSettings(url)), ...patch });
  if (key) await browser.storage.local.set({ [key]: next });
  return next;
}

/** Origins whose settings say "always run here" (the background registers content scripts for them). */
export async function alwaysRunOrigins(): Promise<string[]> {
  const all = await browser.storage.local.get(null);
  return Object.entries(all)
    .filter(([k, v]) => k.startsWith('site:') && normalizeSiteSettings(v).alwaysRun)
    .map(([k]) => k.slice('site:'.length))
    .filter((o) => o.startsWith('http'))
    .sort();
}
