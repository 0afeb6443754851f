import browser from 'webextension-polyfill';
import { servePort } from '../shared/portRpc.ts';
import { pipelineHandlers } from '../shared/pipelineHandlers.ts';
import type { WorkerApi } from '../shared/workerApi.ts';
import { warmUpAfterFirstRun, WarmUpState } from '../shared/segmenterWarmUp.ts';
import { engineProbe, ENGINE_PORT_NAME, isTypedProbe, runtimePortLink } from '../shared/enginePort.ts';

/**
 * Sessions kept at most. Each holds a page's snapshot, features and scores (a few megabytes at 3,000 elements), for as
 * long as its page is open: past this many, the one used longest ago is let go, and its page replays itself there
 * when it next asks (content/backgroundEngine.ts), so a person with many tabs loses time on one of them, not memory.
 */
export const MAX_ENGINE_SESSIONS = 12;

/**
 * Classifies and smooths small pages for their content scripts, off the page's thread (content/backgroundEngine.ts):
 * the background is already running when a run starts (it injected the content script), where a worker frame has
 * first to load its page and its worker. Each port is one page's session, dropped when the page goes away, when
 * `maxSessions` newer ones are in use, or when the browser stops the service worker (the content script then
 * connects again and replays the page).
 */
export function serveEnginePorts(maxSessions = MAX_ENGINE_SESSIONS): void {
  // Every page here runs the same compiled code: the segmenter is warmed up once for them all (segmenterWarmUp.ts).
  const segmenterWarmUp = new WarmUpState();
  // The open sessions, least recently used first (a Set keeps insertion order; a request moves its port to the end).
  const sessions = new Set<browser.Runtime.Port>();
  browser.runtime.onConnect.addListener((port: browser.Runtime.Port) => {
    // Content scripts only: a page of ours (the popup) has no tab-less session to run.
    if (port.name !== ENGINE_PORT_NAME || !port.sender?.tab) return;
    sessions.add(port);
    port.onDisconnect.addListener(() => sessions.delete(port));
    for (const oldest of sessions) {
      if (sessions.size <= maxSessions) break;
      sessions.delete(oldest);
      oldest.disconnect();
    }
    port.onMessage.addListener((m: unknown) => {
      sessions.delete(port);
      sessions.add(port);
      if ((m as { winnow?: unknown })?.winnow === 'engine-probe') port.postMessage(engineProbe(isTypedProbe(m, false)));
    });
    servePort<WorkerApi>(runtimePortLink(port), 'winnow/worker', warmUpAfterFirstRun(pipelineHandlers(), undefined,
      undefined, segmenterWarmUp));
  });
}
