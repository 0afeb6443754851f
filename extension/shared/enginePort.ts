import type browser from 'webextension-polyfill';
import type { RpcLink } from './portRpc.ts';

/**
 * The content script's pipeline in the background (background/enginePorts.ts): one runtime Port per page, named so,
 * serving WorkerApi. Its first message is a probe carrying a typed array both ways: Chromium clones extension
 * messages (typed arrays intact) only with the manifest's "message_serialization": "structured_clone" (Chromium 148
 * and later; before, messages are serialized as JSON and a Uint8Array arrives as a plain object), Firefox always.
 */
export const ENGINE_PORT_NAME = 'winnow-engine';

export interface EngineProbe {
  winnow: 'engine-probe';
  bytes: Uint8Array;
  /** In the background's answer: whether the probe's bytes arrived as a Uint8Array. */
  typed?: boolean;
}

export function engineProbe(typed?: boolean): EngineProbe {
  return { winnow: 'engine-probe', bytes: new Uint8Array([1, 2, 3]), typed };
}

/** A probe that kept its typed array on the way (and, in an answer, on the way there too). */
export function isTypedProbe(m: unknown, answer: boolean): boolean {
  const p = m as Partial<EngineProbe> | null;
  return p?.winnow === 'engine-probe' && p.bytes instanceof Uint8Array && p.bytes[2] === 3 && (!answer || p.typed === true);
}

/** A runtime Port as an RpcLink: messages are cloned (a runtime port moves no buffers). */
export function runtimePortLink(port: browser.Runtime.Port): RpcLink {
  return {
    post: (message) => port.postMessage(message),
    listen: (onMessage) => port.onMessage.addListener((m: unknown) => { onMessage(m); }),
    close: () => port.disconnect(),
  };
}
