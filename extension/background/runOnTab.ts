import browser from 'webextension-polyfill';
import { callTab } from '../shared/runtimeClient.ts';
import type { RunStatus } from '../shared/runStatus.ts';
import type { Mode } from '../shared/settings.ts';
import { CONTENT_SCRIPT_FILE } from './contentScriptFile.ts';

/** Injects the content script unless it is already in the tab, then runs Winnow there. */
export async function runOnTab(tabId: number, mode?: Mode): Promise<RunStatus> {
  await ensureContentScript(tabId);
  return callTab(tabId, 'run', { mode });
}

export async function ensureContentScript(tabId: number): Promise<void> {
  try {
    await callTab(tabId, 'ping', {});
    return;
  } catch {
    // Not there yet (or the page navigated since): inject below.
  }
  await browser.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: [CONTENT_SCRIPT_FILE] });
}
