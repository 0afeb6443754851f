import browser from 'webextension-polyfill';
import { friendlyError } from '../shared/friendlyErrors.ts';

/**
 * Runs started without the popup (shortcut, context menu) have nowhere to show an error but the toolbar button:
 * a "!" badge and the message as its tooltip.
 */
export async function reportFailure(tabId: number, error: unknown): Promise<void> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  const message = friendlyError(error instanceof Error ? error.message : String(error), tab?.url);
  await browser.action.setBadgeBackgroundColor({ tabId, color: '#b3261e' }).catch(() => {});
  await browser.action.setBadgeText({ tabId, text: '!' }).catch(() => {});
  await browser.action.setTitle({ tabId, title: `Winnow: ${message}` }).catch(() => {});
}

export async function clearFailure(tabId: number): Promise<void> {
  await browser.action.setBadgeText({ tabId, text: '' }).catch(() => {});
  await browser.action.setTitle({ tabId, title: 'Winnow' }).catch(() => {});
}
