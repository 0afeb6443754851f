import browser from 'webextension-polyfill';
import { servePort } from '../shared/portRpc.ts';
import { pipelineHandlers } from '../shared/pipelineHandlers.ts';
import type { WorkerApi } from '../shared/workerApi.ts';
import { warmUpAfterFirstRun, WarmUpState } from '../shared/segmenterWarmUp.ts';
import { engineProbe, ENGINE_PORT_NAME, isTypedProbe, runtimePortLink } from '../shared/enginePort.ts';

/**
 * Classifies and smooths small pages for their content scripts, off the page's thread (content/backgroundEngine.ts):
 * the background is already running when a run starts (it injected the content script), where a worker frame has
 * first to load its page and its worker. Each port is one page's session, dropped when the page goes away or the
 * browser stops the service worker (the content script then connects again and replays the page).
 */
export function serveEnginePorts(): void {
  // Every page here runs the same compiled code: the segmenter is warmed up once for them all (segmenterWarmUp.ts).
  const segmenterWarmUp = new WarmUpState();
  browser.runtime.onConnect.addListener((port: browser.Runtime.Port) => {
    // Content scripts only: a page of ours (the popup) has no tab-less session to run.
    if (port.name !== ENGINE_PORT_NAME || !port.sender?.tab) return;
    port.onMessage.addListener((m: unknown) => {
      if ((m as { winnow?: unknown })?.winnow === 'engine-probe') port.postMessage(engineProbe(isTypedProbe(m, false)));
    });
    servePort<WorkerApi>(runtimePortLink(port), 'winnow/worker', warmUpAfterFirstRun(pipelineHandlers(), undefined,
      undefined, segmenterWarmUp));
  });
}
