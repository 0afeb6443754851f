import browser from 'webextension-polyfill';
import type { PageSnapshot } from '../../src/snapshot/pageSnapshot.ts';
import type { PipelineOptions } from '../../src/pipeline/pipelineOptions.ts';
import type { DeclaredSources } from '../../src/reader/declaredArticle.ts';
import type { GraphMethod } from '../../src/segmentation/segmentPage.ts';
import { PortClient } from '../shared/portRpc.ts';
import { errorMessage, type PayloadOf, type ValueOf } from '../shared/protocol.ts';
import type { WorkerApi } from '../shared/workerApi.ts';
import { engineProbe, ENGINE_PORT_NAME, isTypedProbe, runtimePortLink } from '../shared/enginePort.ts';
import type { PipelineEngine } from './pipelineEngine.ts';

/** One open connection to the background's engine. */
interface Connection {
  client: PortClient<WorkerApi>;
  port: browser.Runtime.Port;
  /** Set when the port disconnected: the background went away (the browser stops an idle service worker). */
  lost: boolean;
}

/**
 * Opens a port to the background's engine (background/enginePorts.ts) and checks that typed arrays cross it.
 * Rejects with the reason when there is no background to answer, or it answers with typed arrays turned to objects.
 */
async function connect(timeoutMs: number): Promise<Connection> {
  const port = browser.runtime.connect({ name: ENGINE_PORT_NAME });
  const connection: Connection = { client: new PortClient<WorkerApi>(runtimePortLink(port), 'winnow/worker'), port, lost: false };
  const probed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the background did not answer in time')), timeoutMs);
    port.onMessage.addListener((m: unknown) => {
      if ((m as { winnow?: unknown })?.winnow !== 'engine-probe') return;
      clearTimeout(timer);
      if (isTypedProbe(m, true)) resolve();
      else reject(new Error('the background receives typed arrays as plain objects (this browser sends extension ' +
        'messages as JSON)'));
    });
    port.onDisconnect.addListener(() => {
      clearTimeout(timer);
      connection.lost = true;
      connection.client.failPending('the background engine stopped');
      reject(new Error('the background engine stopped'));
    });
  });
  port.postMessage(engineProbe());
  try {
    await probed;
  } catch (e) {
    if (!connection.lost) port.disconnect();
    throw e;
  }
  return connection;
}

/**
 * The pipeline in the extension's background (the service worker in Chromium, the event page in Firefox), reached
 * over a runtime Port: for small pages' first result, off the page's thread, with no frame to load first (the
 * background is up: it injected this script). Messages are cloned on the way (structured clone; `connect` checks that
 * typed arrays survive it), so the page keeps its snapshot.
 *
 * The browser stops an idle service worker, and the page's session with it. So this engine remembers what it was
 * given (the snapshot classified and the site memory read for it, whether the site's evidence was dropped, a memory
 * read for the next classify) and, when the port was lost, connects again and replays them before the next request:
 * the page never notices but for the time. Its page-thread work (onPageBusy) is posting the messages, where the
 * browser clones them.
 */
export async function connectBackgroundEngine(timeoutMs: number): Promise<PipelineEngine> {
  let connection = await connect(timeoutMs);
  /**
   * What the session holds, to replay on a new connection: noted once the background has answered, so that a request
   * under way when the port was lost is replayed once, by being sent again, and not also by the replay.
   */
  let memory: string | null | undefined;
  let classified: PayloadOf<WorkerApi['classify']> | null = null;
  let classifiedMemory: string | null | undefined;
  let evidenceDropped = false;
  let reconnecting: Promise<Connection> | null = null;

  /** Posts one request, its posting (the clone) timed as page-thread work. */
  const post = <K extends keyof WorkerApi & string>(c: Connection, type: K, payload: PayloadOf<WorkerApi[K]>) => {
    const started = performance.now();
    const answer = c.client.call(type, payload);
    engine.onPageBusy?.(performance.now() - started);
    return answer;
  };
  const replayed = async (): Promise<Connection> => {
    const c = await connect(timeoutMs);
    if (classified) {
      if (classifiedMemory !== undefined) await post(c, 'readSiteMemory', { memory: classifiedMemory });
      await post(c, 'classify', classified);
      if (evidenceDropped) await post(c, 'dropSiteEvidence', {});
    }
    // A memory read for the next classify, which has not come yet.
    if (memory !== undefined) await post(c, 'readSiteMemory', { memory });
    return c;
  };
  const live = async (): Promise<Connection> => {
    if (!connection.lost) return connection;
    reconnecting ??= replayed().finally(() => { reconnecting = null; });
    connection = await reconnecting;
    return connection;
  };
  /** A request on a live connection; once more on a new one when the background went away meanwhile. */
  const request = async <K extends keyof WorkerApi & string>(type: K, payload: PayloadOf<WorkerApi[K]>):
    Promise<ValueOf<WorkerApi[K]>> => {
    const c = await live();
    try {
      return await post(c, type, payload);
    } catch (e) {
      // Posting on a port the other end closed throws before its disconnect event has come.
      if (/disconnected port/i.test(errorMessage(e))) c.lost = true;
      if (!c.lost) throw e;
      return post(await live(), type, payload);
    }
  };

  const engine: PipelineEngine = {
    kind: 'background',
    readSiteMemory: async (text: string | null, page?: string) => {
      const read = await request('readSiteMemory', { memory: text, page });
      memory = text;
      return read;
    },
    classify: async (snapshot: PageSnapshot, weightsJson: unknown, useSiteMemory?: boolean, declared?: DeclaredSources) => {
      const payload = { snapshot, weightsJson, useSiteMemory, declared };
      const answer = await request('classify', payload);
      classified = payload;
      classifiedMemory = memory;
      memory = undefined;
      evidenceDropped = false;
      return answer;
    },
    smooth: (options: PipelineOptions) => request('smooth', { options }),
    rememberPage: () => request('rememberPage', {}),
    dropSiteEvidence: async () => {
      const answer = await request('dropSiteEvidence', {});
      evidenceDropped = true;
      return answer;
    },
    inspect: (node: number, options: PipelineOptions, top?: number) => request('inspect', { node, options, top }),
    trainingRows: (node: number, options: PipelineOptions) => request('trainingRows', { node, options }),
    graphSegments: (options: PipelineOptions, method?: GraphMethod) => request('graphSegments', { options, method }),
    dispose: () => {
      classified = null;
      if (!connection.lost) connection.port.disconnect();
      connection.lost = true;
    },
  };
  return engine;
}
