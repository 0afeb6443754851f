import { describe, expect, it } from 'vitest';
import { dispatch, envelope, unwrapReply, type Handlers, type Method } from '../../extension/shared/protocol.ts';
import { messagePortLink, PortClient, servePort, transferablesOf } from '../../extension/shared/portRpc.ts';

interface EchoApi {
  echo: Method<{ text: string }, string>;
  fail: Method<Record<string, never>, never>;
  double: Method<{ values: Float64Array }, { values: Float64Array }>;
}

const handlers: Handlers<EchoApi> = {
  echo: ({ text }) => text.toUpperCase(),
  fail: () => { throw new Error('it broke'); },
  double: ({ values }) => ({ values: values.map((v) => 2 * v) }),
};

describe('message protocol', () => {
  it('answers messages of its own namespace with {ok, value}', async () => {
    const reply = dispatch('winnow/worker', handlers, envelope<EchoApi, 'echo'>('winnow/worker', 'echo', { text: 'hi' }), undefined);
    expect(await reply).toEqual({ ok: true, value: 'HI' });
  });

  it('stays silent (undefined, not a Promise) for other namespaces and unknown types', () => {
    expect(dispatch('winnow/worker', handlers, { ns: 'winnow/content', type: 'echo', payload: {} }, undefined)).toBeUndefined();
    expect(dispatch('winnow/worker', handlers, { ns: 'winnow/worker', type: 'nope', payload: {} }, undefined)).toBeUndefined();
    expect(dispatch('winnow/worker', handlers, { ns: 'winnow/worker', type: 'toString', payload: {} }, undefined)).toBeUndefined();
    expect(dispatch('winnow/worker', handlers, 'a string', undefined)).toBeUndefined();
  });

  it('turns a thrown error into {ok: false, error}', async () => {
    expect(await dispatch('winnow/worker', handlers, { ns: 'winnow/worker', type: 'fail', payload: {} }, undefined))
      .toEqual({ ok: false, error: 'it broke' });
  });

  it('unwrapReply returns the value, throws the error, and names a missing answer', () => {
    expect(unwrapReply({ ok: true, value: 3 }, 'x')).toBe(3);
    expect(() => unwrapReply({ ok: false, error: 'bad' }, 'x')).toThrow('bad');
    expect(() => unwrapReply(undefined, 'content/run')).toThrow('no answer to content/run');
  });

  it('a missing handler is a compile error', () => {
    // @ts-expect-error — `double` is missing
    const partial: Handlers<EchoApi> = { echo: () => '', fail: () => { throw new Error(); } };
    expect(partial).toBeDefined();
  });
});

describe('typed requests over a MessagePort', () => {
  it('round-trips requests and transfers typed-array buffers both ways', async () => {
    const channel = new MessageChannel();
    servePort<EchoApi>(messagePortLink(channel.port2), 'winnow/worker', handlers);
    const client = new PortClient<EchoApi>(messagePortLink(channel.port1), 'winnow/worker');
    expect(await client.call('echo', { text: 'abc' })).toBe('ABC');
    const values = new Float64Array([1, 2, 3]);
    const answer = await client.call('double', { values }, [values.buffer]);
    expect(values.byteLength).toBe(0); // moved, not copied
    expect(Array.from(answer.values)).toEqual([2, 4, 6]);
    await expect(client.call('fail', {})).rejects.toThrow('it broke');
    client.close();
    channel.port2.close();
  });

  it('finds the buffers to transfer one level down', () => {
    const a = new Float64Array(2);
    const b = new Uint8Array(2);
    expect(transferablesOf({ a, b, n: 1 })).toEqual([a.buffer, b.buffer]);
    expect(transferablesOf('x')).toEqual([]);
  });
});
