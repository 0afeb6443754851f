import { CONNECT_MESSAGE, WORKER_PORT_MESSAGE } from '../shared/workerHandshake.ts';

/**
 * One Worker per connecting port. The port is handed on to the worker, so this page relays nothing afterwards.
 * Anyone who can frame this page can post a port here; that only gives them a worker running Winnow on data they
 * send, which they could run themselves.
 */
function startWorker(): Worker {
  return new Worker(new URL('./pipelineWorker.ts', import.meta.url), { type: 'module', name: 'winnow-pipeline' });
}

// The content script frames this page only to connect right after it has loaded: the first worker starts now, so
// that its module loads while the frame's load event reaches the page and the port comes back (about 20–50 ms).
let prestarted: Worker | null = startWorker();

window.addEventListener('message', (event: MessageEvent) => {
  const port = event.ports[0];
  if (event.data?.winnow !== CONNECT_MESSAGE || !port) return;
  const worker = prestarted ?? startWorker();
  prestarted = null;
  worker.postMessage({ winnow: WORKER_PORT_MESSAGE }, [port]);
});
