import browser from 'webextension-polyfill';
import { alwaysRunOrigins } from '../shared/settingsStore.ts';
import { CONTENT_SCRIPT_FILE } from './contentScriptFile.ts';
import { originMatchPattern } from '../shared/originPattern.ts';

const SCRIPT_ID = 'winnow-always-run';

/**
 * Registers the content script for the sites on the "always run here" list whose host permission the person
 * granted (the popup asks for it); sites without the permission are left out until it is granted.
 */
export async function syncAlwaysRun(): Promise<string[]> {
  const wanted = await alwaysRunOrigins();
  const granted: string[] = [];
  for (const origin of wanted) {
    if (await browser.permissions.contains({ origins: [patternOf(origin)] })) granted.push(origin);
  }
  const existing = await browser.scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] });
  if (existing.length > 0) await browser.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
  if (granted.length > 0) {
    await browser.scripting.registerContentScripts([{
      id: SCRIPT_ID,
      // Two origins of one host are one pattern in Firefox (no ports in its patterns).
      matches: [...new Set(granted.map(patternOf))],
      js: [CONTENT_SCRIPT_FILE],
      runAt: 'document_idle',
      persistAcrossSessions: true,
    }]);
  }
  return granted;
}

function patternOf(origin: string): string {
  return originMatchPattern(origin, browser.runtime.getURL(''));
}
