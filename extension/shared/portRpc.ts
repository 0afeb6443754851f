import { dispatch, envelope, unwrapReply, type Handlers, type Namespace, type PayloadOf, type ValueOf } from './protocol.ts';

/** Request ids pair answers with questions on a port, which (unlike runtime.sendMessage) has no reply channel. */
interface PortRequest {
  id: number;
  message: unknown;
}

interface PortAnswer {
  id: number;
  reply: unknown;
}

/**
 * One end of a two-way channel: a MessagePort (content script ⇄ worker: buffers move) or an extension runtime Port
 * (content script ⇄ background: messages are cloned, see runtimePortLink.ts). Requests and answers travel the same
 * way on both.
 */
export interface RpcLink {
  /** Sends a message; `transfer` lists buffers that move with it where the channel can move them. */
  post(message: unknown, transfer: Transferable[]): void;
  /** Sets what handles the messages that arrive. */
  listen(onMessage: (data: unknown) => void): void;
  close(): void;
}

/** A MessagePort as an RpcLink. */
export function messagePortLink(port: MessagePort): RpcLink {
  return {
    post: (message, transfer) => port.postMessage(message, transfer),
    listen: (onMessage) => { port.onmessage = (event: MessageEvent) => onMessage(event.data); },
    close: () => port.close(),
  };
}

/** Typed-array buffers at the top level of a value or one level down: they move instead of being copied. */
export function transferablesOf(value: unknown): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  const visit = (v: unknown) => {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer && !out.includes(v.buffer)) out.push(v.buffer);
  };
  if (typeof value === 'object' && value !== null) {
    visit(value);
    for (const v of Object.values(value)) visit(v);
  }
  return out;
}

/** Answers typed requests arriving on a link. Messages without a request id are left to other listeners. */
export function servePort<Api>(link: RpcLink, ns: Namespace, handlers: Handlers<Api>): void {
  link.listen((data) => {
    const { id, message } = (data ?? {}) as Partial<PortRequest>;
    if (typeof id !== 'number') return;
    const answer = dispatch(ns, handlers, message, undefined);
    if (!answer) {
      link.post({ id, reply: { ok: false, error: `unknown request ${JSON.stringify(message)}` } } as PortAnswer, []);
      return;
    }
    answer.then((reply) => {
      link.post({ id, reply } as PortAnswer, reply.ok ? transferablesOf(reply.value) : []);
    });
  });
}

/** The calling side of `servePort`. */
export class PortClient<Api> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; what: string }>();

  constructor(private readonly link: RpcLink, private readonly ns: Namespace) {
    link.listen((data) => {
      const answer = data as Partial<PortAnswer> | undefined;
      const waiting = typeof answer?.id === 'number' ? this.pending.get(answer.id) : undefined;
      if (!waiting) return;
      this.pending.delete(answer!.id!);
      try {
        waiting.resolve(unwrapReply(answer!.reply, waiting.what));
      } catch (e) {
        waiting.reject(e as Error);
      }
    });
  }

  call<K extends keyof Api & string>(type: K, payload: PayloadOf<Api[K]>, transfer: Transferable[] = []):
    Promise<ValueOf<Api[K]>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, what: `${this.ns}/${type}` });
      try {
        this.link.post({ id, message: envelope<Api, K>(this.ns, type, payload) } as PortRequest, transfer);
      } catch (e) {
        // A closed runtime port throws here rather than answering.
        this.pending.delete(id);
        reject(e as Error);
      }
    });
  }

  /** Fails every request still waiting with `why` (the other end went away), without closing the link. */
  failPending(why: string): void {
    for (const p of this.pending.values()) p.reject(new Error(why));
    this.pending.clear();
  }

  close(): void {
    this.failPending('the worker connection was closed');
    this.link.close();
  }
}
