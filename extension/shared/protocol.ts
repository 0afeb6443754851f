/**
 * The typed message protocol shared by every part of the extension. Each receiver (background, content script,
 * worker) declares one API interface; a message is the envelope `{ns, type, payload}` and every answer is a
 * `Reply`. Handlers are declared as `Handlers<Api>`, so forgetting one is a compile error.
 */

/** A method of an API: what it takes and what it answers. */
export interface Method<P = unknown, V = unknown> {
  payload: P;
  value: V;
}

/** An API is a record of methods; interfaces satisfy this through `ApiOf`. */
export type ApiOf<T> = { [K in keyof T]: T[K] extends Method ? T[K] : never };

export type Namespace = 'winnow/background' | 'winnow/content' | 'winnow/worker';

export interface Envelope<Api, K extends keyof Api = keyof Api> {
  ns: Namespace;
  type: K;
  payload: Api[K] extends Method<infer P> ? P : never;
}

export type Reply<V> = { ok: true; value: V } | { ok: false; error: string };

export type PayloadOf<M> = M extends Method<infer P> ? P : never;
export type ValueOf<M> = M extends Method<unknown, infer V> ? V : never;

/** Receives the payload and the sender context (a tab for runtime messages, nothing for ports). */
export type Handler<M, Ctx = void> = (payload: PayloadOf<M>, ctx: Ctx) => ValueOf<M> | Promise<ValueOf<M>>;

export type Handlers<Api, Ctx = void> = { [K in keyof Api]: Handler<Api[K], Ctx> };

export function isEnvelope(message: unknown, ns: Namespace): message is { ns: Namespace; type: string; payload: unknown } {
  return typeof message === 'object' && message !== null && (message as { ns?: unknown }).ns === ns &&
    typeof (message as { type?: unknown }).type === 'string';
}

/**
 * Answers a message when it belongs to `ns` and names one of the handlers; otherwise returns undefined so that a
 * `runtime.onMessage` listener stays silent for messages it does not own (returning a Promise for everything, as an
 * async listener does, would answer other receivers' messages with undefined).
 */
export function dispatch<Api, Ctx>(ns: Namespace, handlers: Handlers<Api, Ctx>, message: unknown, ctx: Ctx):
  Promise<Reply<unknown>> | undefined {
  if (!isEnvelope(message, ns)) return undefined;
  if (!Object.prototype.hasOwnProperty.call(handlers, message.type)) return undefined;
  const handler = (handlers as Record<string, (p: unknown, c: Ctx) => unknown>)[message.type];
  return (async () => {
    try {
      return { ok: true as const, value: await handler(message.payload, ctx) };
    } catch (e) {
      return { ok: false as const, error: errorMessage(e) };
    }
  })();
}

export function envelope<Api, K extends keyof Api>(ns: Namespace, type: K, payload: PayloadOf<Api[K]>): Envelope<Api, K> {
  return { ns, type, payload } as Envelope<Api, K>;
}

/** Unwraps a reply; a missing reply means nobody owned the message (e.g. no content script in the tab). */
export function unwrapReply<V>(reply: unknown, what: string): V {
  if (typeof reply !== 'object' || reply === null || !('ok' in reply)) {
    throw new Error(`no answer to ${what}`);
  }
  const r = reply as Reply<V>;
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
