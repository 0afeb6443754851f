import { dispatch, envelope, unwrapReply, type Handlers, type Namespace, type PayloadOf, type ValueOf } from './protocol.ts';

/** Request ids pair answers with questions on a MessagePort, which (unlike runtime messaging) has no reply channel. */
interface PortRequest {
  id: number;
  message: unknown;
}

interface PortAnswer {
  id: number;
  reply: unknown;
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

/** Answers typed requests arriving on a port. */
export function servePort<Api>(port: MessagePort, ns: Namespace, handlers: Handlers<Api>): void {
  port.onmessage = (event: MessageEvent<PortRequest>) => {
    const { id, message } = event.data ?? {};
    if (typeof id !== 'number') return;
    const answer = dispatch(ns, handlers, message, undefined);
    if (!answer) {
      port.postMessage({ id, reply: { ok: false, error: `unknown request ${JSON.stringify(message)}` } } as PortAnswer);
      return;
    }
    answer.then((reply) => {
      port.postMessage({ id, reply } as PortAnswer, reply.ok ? transferablesOf(reply.value) : []);
    });
  };
}

/** The calling side of `servePort`. */
export class PortClient<Api> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; what: string }>();

  constructor(private readonly port: MessagePort, private readonly ns: Namespace) {
    port.onmessage = (event: MessageEvent<PortAnswer>) => {
      const waiting = this.pending.get(event.data?.id);
      if (!waiting) return;
      this.pending.delete(event.data.id);
      try {
        waiting.resolve(unwrapReply(event.data.reply, waiting.what));
      } catch (e) {
        waiting.reject(e as Error);
      }
    };
  }

  call<K extends keyof Api & string>(type: K, payload: PayloadOf<Api[K]>, transfer: Transferable[] = []):
    Promise<ValueOf<Api[K]>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, what: `${this.ns}/${type}` });
      this.port.postMessage({ id, message: envelope<Api, K>(this.ns, type, payload) } as PortRequest, transfer);
    });
  }

  close(): void {
    for (const p of this.pending.values()) p.reject(new Error('the worker connection was closed'));
    this.pending.clear();
    this.port.close();
  }
}
