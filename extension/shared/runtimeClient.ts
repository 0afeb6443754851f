import browser from 'webextension-polyfill';
import { envelope, unwrapReply, type PayloadOf, type ValueOf } from './protocol.ts';
import type { BackgroundApi } from './backgroundApi.ts';
import type { ContentApi } from './contentApi.ts';

/** Typed request to the background service worker. */
export async function callBackground<K extends keyof BackgroundApi & string>(type: K,
  payload: PayloadOf<BackgroundApi[K]>): Promise<ValueOf<BackgroundApi[K]>> {
  const reply = await browser.runtime.sendMessage(envelope<BackgroundApi, K>('winnow/background', type, payload));
  return unwrapReply(reply, `background/${type}`);
}

/** Typed request to the content script in a tab's top frame. */
export async function callTab<K extends keyof ContentApi & string>(tabId: number, type: K,
  payload: PayloadOf<ContentApi[K]>): Promise<ValueOf<ContentApi[K]>> {
  const reply = await browser.tabs.sendMessage(tabId, envelope<ContentApi, K>('winnow/content', type, payload),
    { frameId: 0 });
  return unwrapReply(reply, `content/${type}`);
}
