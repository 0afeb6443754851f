/** The two plain messages that set up a worker connection before typed requests flow over the port. */
export const CONNECT_MESSAGE = 'winnow-connect-worker';
export const WORKER_PORT_MESSAGE = 'winnow-worker-port';
export const WORKER_READY_MESSAGE = 'winnow-worker-ready';

/** Path of the web-accessible page that hosts the worker (also listed in manifest.json). */
export const WORKER_HOST_PATH = 'extension/worker/worker-host.html';
