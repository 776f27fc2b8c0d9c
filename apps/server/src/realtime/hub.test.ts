import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { Bus } from '../market/bus';
import { createMemoryBus } from '../market/bus-memory';
import { Hub } from './hub';
import {
  type ClientLimits,
  defaultClientLimits,
  type SessionPort,
  SocketClient,
  slowCloseCode,
} from './socket-client';

/*
 * The fan-out of one instance (decision 069) with sockets played by the test: what frames each socket is
 * handed, how often a message is serialised, and what happens to a socket whose buffer stays full.
 */

/** The server side of one socket: records what it is sent; the test sets how full its buffer is. */
class FakeSocket extends EventEmitter {
  readonly sent: { data: string | Buffer; binary: boolean | undefined }[] = [];
  bufferedAmount = 0;
  closedWith: { code: number; reason: string } | undefined;
  send(data: string | Buffer, options?: { binary?: boolean }) {
    this.sent.push({ data, binary: options?.binary });
  }
  close(code: number, reason: string) {
    this.closedWith = { code, reason };
  }
  ping() {}
  terminate() {}
  /** What the client read, each frame parsed. */
  frames(): unknown[] {
    return this.sent.map((s) => JSON.parse(String(s.data)));
  }
  /** The market frames only (no ack). */
  market(): unknown[] {
    return this.frames().filter((f) => !(typeof f === 'object' && f !== null && 'op' in f));
  }
}

const sessions: SessionPort = { find: async () => undefined, isLive: async () => false };
const log = { warn: () => {} };

let bus: Bus;
let hub: Hub;
let serialized: number;

function quote(symbol: string, last: string) {
  return { symbol, last, status: 'open' };
}

async function client(topics: string[], limits: Partial<ClientLimits> = {}): Promise<FakeSocket> {
  const socket = new FakeSocket();
  new SocketClient(
    socket as unknown as WebSocket,
    'en-US',
    hub,
    () => true,
    sessions,
    { ...defaultClientLimits, ...limits },
    log,
  );
  socket.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', topics })), false);
  await vi.advanceTimersByTimeAsync(0);
  expect(socket.frames().at(-1)).toEqual({ op: 'ack', topics });
  socket.sent.length = 0;
  return socket;
}

/** One tick as the feed leader publishes it: each topic in turn, then the hub's gathering window. */
async function tick(messages: [string, unknown][]): Promise<void> {
  for (const [topic, payload] of messages) await bus.publish(topic, payload);
  await vi.advanceTimersByTimeAsync(10);
}

beforeEach(() => {
  vi.useFakeTimers();
  bus = createMemoryBus();
  serialized = 0;
  hub = new Hub(bus, log, undefined, {
    serialize: (message) => {
      serialized++;
      return JSON.stringify(message);
    },
  });
});
afterEach(async () => {
  await hub.close();
  vi.useRealTimers();
});

describe('one frame per client per tick', () => {
  it('carries every subscribed topic that changed in one batch frame, sent as text', async () => {
    const s = await client(['ticker:ENI.MI', 'ticker:ISP.MI', 'book:ENI.MI']);
    await tick([
      ['ticker:ENI.MI', quote('ENI.MI', '14.236')],
      ['ticker:ISP.MI', quote('ISP.MI', '3.105')],
      ['ticker:UCG.MI', quote('UCG.MI', '40.000')],
    ]);
    expect(s.market()).toEqual([
      {
        batch: [
          { topic: 'ticker:ENI.MI', data: quote('ENI.MI', '14.236') },
          { topic: 'ticker:ISP.MI', data: quote('ISP.MI', '3.105') },
        ],
      },
    ]);
    expect(s.sent.every((f) => f.binary === false)).toBe(true);
  });

  it('sends a tick in which one topic changed as that message alone, in the single-topic form', async () => {
    const s = await client(['ticker:ENI.MI', 'ticker:ISP.MI']);
    await tick([['ticker:ISP.MI', quote('ISP.MI', '3.105')]]);
    expect(s.market()).toEqual([{ topic: 'ticker:ISP.MI', data: quote('ISP.MI', '3.105') }]);
  });

  it('keeps the latest of a topic published twice in one tick', async () => {
    const s = await client(['ticker:ENI.MI', 'ticker:ISP.MI']);
    await tick([
      ['ticker:ENI.MI', quote('ENI.MI', '14.236')],
      ['ticker:ISP.MI', quote('ISP.MI', '3.105')],
      ['ticker:ENI.MI', quote('ENI.MI', '14.250')],
    ]);
    expect(s.market()).toEqual([
      {
        batch: [
          { topic: 'ticker:ENI.MI', data: quote('ENI.MI', '14.250') },
          { topic: 'ticker:ISP.MI', data: quote('ISP.MI', '3.105') },
        ],
      },
    ]);
  });

  it('splits a tick bigger than the batch limit into frames under it, losing nothing', async () => {
    const s = await client(['ticker:A', 'ticker:B', 'ticker:C'], { batchBytesMax: 200 });
    const big = 'x'.repeat(120);
    await tick([
      ['ticker:A', { big, n: 1 }],
      ['ticker:B', { big, n: 2 }],
      ['ticker:C', { big, n: 3 }],
    ]);
    const frames = s.market();
    expect(frames).toHaveLength(3);
    expect(frames.map((f) => (f as { topic: string }).topic)).toEqual(['ticker:A', 'ticker:B', 'ticker:C']);
  });
});

describe('serialised once', () => {
  it('serialises each topic once a tick whatever the number of clients, and hands them the same bytes', async () => {
    const same = await Promise.all([1, 2, 3].map(() => client(['ticker:ENI.MI', 'ticker:ISP.MI'])));
    const other = await client(['ticker:ENI.MI']);
    await tick([
      ['ticker:ENI.MI', quote('ENI.MI', '14.236')],
      ['ticker:ISP.MI', quote('ISP.MI', '3.105')],
    ]);
    expect(serialized).toBe(2);
    const frames = same.map((s) => s.sent.at(-1)!.data);
    // One batch Buffer for the three clients wanting the same topics: built once, not per client.
    expect(Buffer.isBuffer(frames[0])).toBe(true);
    expect(frames[1]).toBe(frames[0]);
    expect(frames[2]).toBe(frames[0]);
    expect(same[0]!.market()).toHaveLength(1);
    expect(other.market()).toEqual([{ topic: 'ticker:ENI.MI', data: quote('ENI.MI', '14.236') }]);
    await vi.advanceTimersByTimeAsync(1_000);
    await tick([['ticker:ENI.MI', quote('ENI.MI', '14.240')]]);
    expect(serialized).toBe(3);
    // The lone topic goes out as the very bytes the hub made of it, to every client.
    expect(same[0]!.sent.at(-1)!.data).toBe(other.sent.at(-1)!.data);
  });

  it('gives clients of different topics their own batches, and clients of the same ones a shared one', async () => {
    const x = await client(['ticker:A', 'ticker:B']);
    const y = await client(['ticker:A', 'ticker:C']);
    const z = await client(['ticker:A', 'ticker:B']);
    await tick([
      ['ticker:A', { n: 1 }],
      ['ticker:B', { n: 2 }],
      ['ticker:C', { n: 3 }],
    ]);
    expect(serialized).toBe(3);
    expect(x.market()).toEqual([
      {
        batch: [
          { topic: 'ticker:A', data: { n: 1 } },
          { topic: 'ticker:B', data: { n: 2 } },
        ],
      },
    ]);
    expect(y.market()).toEqual([
      {
        batch: [
          { topic: 'ticker:A', data: { n: 1 } },
          { topic: 'ticker:C', data: { n: 3 } },
        ],
      },
    ]);
    expect(z.sent[0]!.data).toBe(x.sent[0]!.data);
    expect(y.sent[0]!.data).not.toBe(x.sent[0]!.data);
  });
});

describe('across instances', () => {
  it('takes a tick off the bus once per topic per instance, whatever the number of its clients', async () => {
    // Two instances on one bus (Redis in production): each subscribes a topic once for all its sockets.
    const subscriptions: string[] = [];
    let deliveries = 0;
    const counting: Bus = {
      publish: (topic, payload) => bus.publish(topic, payload),
      close: () => bus.close(),
      subscribe: (topic, handler) => {
        subscriptions.push(topic);
        return bus.subscribe(topic, (payload) => {
          deliveries++;
          handler(payload);
        });
      },
    };
    const first = hub;
    const second = new Hub(counting, log, undefined, {});
    hub = new Hub(counting, log, undefined, {});
    const ofFirstInstance = await Promise.all([1, 2, 3].map(() => client(['ticker:A', 'ticker:B'])));
    const firstHub = hub;
    hub = second;
    const ofSecondInstance = await Promise.all([1, 2, 3, 4].map(() => client(['ticker:A', 'ticker:B'])));
    await tick([
      ['ticker:A', { n: 1 }],
      ['ticker:B', { n: 2 }],
    ]);
    expect(subscriptions.sort()).toEqual(['ticker:A', 'ticker:A', 'ticker:B', 'ticker:B']);
    // Two topics, two instances: four deliveries off the bus for seven clients.
    expect(deliveries).toBe(4);
    for (const s of [...ofFirstInstance, ...ofSecondInstance]) expect(s.market()).toHaveLength(1);
    await firstHub.close();
    await second.close();
    hub = first;
  });
});

describe('back-pressure', () => {
  it('skips a client whose buffer is full and sends it the latest state once it drains', async () => {
    const slow = await client(['ticker:ENI.MI'], { bufferedBytesMax: 1_000 });
    const fine = await client(['ticker:ENI.MI'], { bufferedBytesMax: 1_000 });
    slow.bufferedAmount = 5_000;
    for (const last of ['14.1', '14.2', '14.3']) {
      await tick([['ticker:ENI.MI', quote('ENI.MI', last)]]);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(slow.market()).toEqual([]);
    expect(fine.market()).toHaveLength(3);
    slow.bufferedAmount = 0;
    await vi.advanceTimersByTimeAsync(50);
    expect(slow.market()).toEqual([{ topic: 'ticker:ENI.MI', data: quote('ENI.MI', '14.3') }]);
    expect(slow.closedWith).toBeUndefined();
  });

  it('closes a client that stays slow for slowCloseAfterMs, with 1013 "too slow", and sends it nothing more', async () => {
    const limits = { bufferedBytesMax: 1_000, slowCloseAfterMs: 2_000 };
    const slow = await client(['ticker:ENI.MI'], limits);
    const recovers = await client(['ticker:ENI.MI'], limits);
    slow.bufferedAmount = 5_000;
    recovers.bufferedAmount = 5_000;
    for (let i = 0; i < 25; i++) {
      await tick([['ticker:ENI.MI', quote('ENI.MI', `14.${i}`)]]);
      await vi.advanceTimersByTimeAsync(90);
      if (i === 8) recovers.bufferedAmount = 0;
    }
    expect(slow.closedWith).toEqual({ code: slowCloseCode, reason: 'too slow' });
    expect(slow.market()).toEqual([]);
    expect(recovers.closedWith).toBeUndefined();
    expect(recovers.market().at(-1)).toEqual({ topic: 'ticker:ENI.MI', data: quote('ENI.MI', '14.24') });
    await tick([['ticker:ENI.MI', quote('ENI.MI', '15.0')]]);
    slow.bufferedAmount = 0;
    await vi.advanceTimersByTimeAsync(100);
    expect(slow.market()).toEqual([]);
  });
});
