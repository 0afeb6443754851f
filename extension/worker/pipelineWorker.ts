/**
 * The module Worker owned by worker-host.html. The host hands it the content script's MessagePort, so snapshots and
 * results travel between the page and this worker directly, buffers transferred.
 */
import { messagePortLink, servePort } from '../shared/portRpc.ts';
import { pipelineHandlers } from '../shared/pipelineHandlers.ts';
import type { WorkerApi } from '../shared/workerApi.ts';
import { WORKER_PORT_MESSAGE, WORKER_READY_MESSAGE } from '../shared/workerHandshake.ts';
import { warmUpAfterFirstRun } from '../shared/segmenterWarmUp.ts';

self.addEventListener('message', (event: MessageEvent) => {
  const port = event.ports[0];
  if (event.data?.winnow !== WORKER_PORT_MESSAGE || !port) return;
  servePort<WorkerApi>(messagePortLink(port), 'winnow/worker', warmUpAfterFirstRun(pipelineHandlers()));
  port.postMessage({ winnow: WORKER_READY_MESSAGE });
});
