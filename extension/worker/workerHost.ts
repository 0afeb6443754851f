import { CONNECT_MESSAGE, WORKER_PORT_MESSAGE } from './workerHandshake.ts';

/**
 * One Worker per connecting port. The port is handed on to the worker, so this page relays nothing afterwards.
 * Anyone who can frame this page can post a port here; that only gives them a worker running Winnow on data they
 * send, which they could run themselves.
 */
window.addEventListener('message', (event: MessageEvent) => {
  const port = event.ports[0];
  if (event.data?.winnow !== CONNECT_MESSAGE || !port) return;
  const worker = new Worker(new URL('./pipelineWorker.ts', import.meta.url), { type: 'module', name: 'winnow-pipeline' });
  worker.postMessage({ winnow: WORKER_PORT_MESSAGE }, [port]);
});
