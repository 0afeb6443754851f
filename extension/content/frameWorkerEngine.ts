import browser from 'webextension-polyfill';
import { snapshotBuffers, type PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import type { PipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import type { DeclaredSources } from '../../src/reader/declaredArticle.ts';
import type { GraphMethod } from '../../src/segmentation/segmentPage.ts';
import { messagePortLink, PortClient } from '../shared/portRpc.ts';
import type { WorkerApi } from '../shared/workerApi.ts';
import { CONNECT_MESSAGE, WORKER_HOST_PATH, WORKER_READY_MESSAGE } from '../shared/workerHandshake.ts';
import type { PipelineEngine } from './pipelineEngine.ts';
import { LATE, settledWithin } from './settledWithin.ts';

/**
 * The pipeline in a Worker owned by a hidden, web-accessible extension page framed inside our shadow root.
 * Chromium refuses `new Worker(chrome-extension://…)` from a content script (SecurityError) and a Blob worker dies
 * silently on pages whose CSP says `worker-src 'self'`; an extension frame is exempt from the page's CSP and can own
 * the worker. Snapshot buffers are transferred over a MessagePort, never copied.
 */
export async function connectFrameWorker(container: ShadowRoot, timeoutMs: number): Promise<PipelineEngine> {
  const src = browser.runtime.getURL(WORKER_HOST_PATH);
  const frame = container.ownerDocument.createElement('iframe');
  frame.src = src;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'display:none';
  const loaded = new Promise<void>((resolve, reject) => {
    frame.addEventListener('load', () => resolve(), { once: true });
    frame.addEventListener('error', () => reject(new Error('the worker frame did not load')), { once: true });
  });
  container.append(frame);
  try {
    await withTimeout(loaded, timeoutMs, 'the worker frame did not load in time');
    const channel = new MessageChannel();
    const ready = new Promise<void>((resolve) => {
      channel.port1.onmessage = (e) => {
        if (e.data?.winnow === WORKER_READY_MESSAGE) resolve();
      };
    });
    frame.contentWindow!.postMessage({ winnow: CONNECT_MESSAGE }, new URL(src).origin, [channel.port2]);
    await withTimeout(ready, timeoutMs, 'the worker did not start in time');
    const client = new PortClient<WorkerApi>(messagePortLink(channel.port1), 'winnow/worker');
    return {
      kind: 'worker',
      readSiteMemory: (memory: string | null, page?: string) => client.call('readSiteMemory', { memory, page }),
      classify: (snapshot: PageSnapshot, weightsJson: unknown, useSiteMemory?: boolean, declared?: DeclaredSources) =>
        client.call('classify', { snapshot, weightsJson, useSiteMemory, declared }, snapshotBuffers(snapshot)),
      smooth: (options: PipelineOptions) => client.call('smooth', { options }),
      rememberPage: () => client.call('rememberPage', {}),
      dropSiteEvidence: () => client.call('dropSiteEvidence', {}),
      inspect: (node: number, options: PipelineOptions, top?: number) => client.call('inspect', { node, options, top }),
      trainingRows: (node: number, options: PipelineOptions) => client.call('trainingRows', { node, options }),
      graphSegments: (options: PipelineOptions, method?: GraphMethod) =>
        client.call('graphSegments', { options, method }),
      dispose: () => {
        client.close();
        frame.remove();
      },
    };
  } catch (e) {
    frame.remove();
    throw e;
  }
}

/** p's value, or an Error with `message` when p has not settled within `ms`. */
async function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  const settled = await settledWithin(p, ms);
  if (settled === LATE) throw new Error(message);
  return settled;
}
