import type { QuoteWire } from '@piazza/contract/market';
import type { ClientMessage } from '@piazza/contract/ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  heartbeatMs,
  idleCloseMs,
  RealtimeClient,
  reconnectDelayMs,
  reconnectMaxMs,
  type SocketHandlers,
  silenceLimitMs,
  topicsPerConnection,
} from './realtime-client';

/** A socket the test plays the server of: it sees what the client sends and decides when to open or drop. */
class FakeSocket {
  readonly sent: ClientMessage[] = [];
  closed = false;
  constructor(
    readonly url: string,
    private readonly handlers: SocketHandlers,
  ) {}
  send(text: string) {
    this.sent.push(JSON.parse(text) as ClientMessage);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.handlers.onOpen();
  }
  push(message: unknown) {
    this.handlers.onMessage(JSON.stringify(message));
  }
  drop() {
    this.handlers.onClose();
  }
  /** The topics of the subscribe (or unsubscribe) messages, in order. */
  ops(op: 'subscribe' | 'unsubscribe'): string[][] {
    return this.sent.flatMap((m) => (m.op === op ? [m.topics] : []));
  }
}

let sockets: FakeSocket[];
const last = () => sockets.at(-1)!;
const settle = () => vi.advanceTimersByTimeAsync(0);

const reported: unknown[] = [];

function client(token = '') {
  return new RealtimeClient({
    url: 'ws://localhost/ipcg-api/ws',
    token,
    random: () => 1,
    reportError: (err) => reported.push(err),
    openSocket: (url, handlers) => {
      const socket = new FakeSocket(url, handlers);
      sockets.push(socket);
      return socket;
    },
  });
}

function quote(symbol: string, last: string): QuoteWire {
  return {
    symbol,
    time: 1_767_000_000_000,
    status: 'open',
    last,
    open: '14.000',
    high: '14.500',
    low: '13.900',
    volume: '120000',
    prevClose: '14.000',
    change: '0.236',
    changePercent: '1.68',
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('subscriptions are counted per topic', () => {
  it('opens no socket until a topic is wanted, then sends what was asked once it is open', async () => {
    const rt = client();
    expect(sockets).toHaveLength(0);
    rt.subscribe('ticker:ENI.MI', () => undefined);
    rt.subscribe('ticker:ISP.MI', () => undefined);
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://localhost/ipcg-api/ws');
    await settle();
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().ops('subscribe')).toEqual([['ticker:ENI.MI'], ['ticker:ISP.MI']]);
  });

  it('two listeners of one topic make one subscribe; the topic is left only when the last one goes', async () => {
    const rt = client();
    const first = rt.subscribe('ticker:ENI.MI', () => undefined);
    last().open();
    await settle();
    const second = rt.subscribe('ticker:ENI.MI', () => undefined);
    await settle();
    expect(last().ops('subscribe')).toEqual([['ticker:ENI.MI']]);

    first();
    await settle();
    expect(last().ops('unsubscribe')).toEqual([]);
    second();
    await settle();
    expect(last().ops('unsubscribe')).toEqual([['ticker:ENI.MI']]);
    // Calling an unsubscribe twice changes nothing.
    second();
    await settle();
    expect(last().ops('unsubscribe')).toHaveLength(1);
  });

  it('a page leaving a topic and the next joining it in the same turn sends nothing', async () => {
    const rt = client();
    const leaving = rt.subscribe('book:BTCUSDT', () => undefined);
    last().open();
    await settle();
    leaving();
    rt.subscribe('book:BTCUSDT', () => undefined);
    await settle();
    expect(last().ops('subscribe')).toEqual([['book:BTCUSDT']]);
    expect(last().ops('unsubscribe')).toEqual([]);
  });

  it('asks for at most 50 topics, as the server allows; the others wait their turn in order', async () => {
    const rt = client();
    const leaves = Array.from({ length: topicsPerConnection + 10 }, (_, i) =>
      rt.subscribe(`ticker:S${i}`, () => undefined),
    );
    last().open();
    expect(last().ops('subscribe').flat()).toEqual(
      Array.from({ length: topicsPerConnection }, (_, i) => `ticker:S${i}`),
    );
    for (const leave of leaves.slice(0, 3)) leave();
    await settle();
    expect(last().ops('unsubscribe')).toEqual([['ticker:S0', 'ticker:S1', 'ticker:S2']]);
    expect(last().ops('subscribe').flat().slice(topicsPerConnection)).toEqual([
      `ticker:S${topicsPerConnection}`,
      `ticker:S${topicsPerConnection + 1}`,
      `ticker:S${topicsPerConnection + 2}`,
    ]);
  });

  it('leaves every topic of a page in one message', async () => {
    const rt = client();
    const leaves = Array.from({ length: topicsPerConnection }, (_, i) =>
      rt.subscribe(`ticker:S${i}`, () => undefined),
    );
    last().open();
    for (const leave of leaves) leave();
    await settle();
    expect(
      last()
        .ops('unsubscribe')
        .map((t) => t.length),
    ).toEqual([topicsPerConnection]);
  });
});

describe('messages reach the listeners of their topic', () => {
  it('delivers parsed data to every listener of the topic and to no other', async () => {
    const rt = client();
    const eni: QuoteWire[] = [];
    const eni2: QuoteWire[] = [];
    const isp: QuoteWire[] = [];
    rt.subscribe('ticker:ENI.MI', (q) => eni.push(q));
    rt.subscribe('ticker:ENI.MI', (q) => eni2.push(q));
    rt.subscribe('ticker:ISP.MI', (q) => isp.push(q));
    last().open();
    last().push({ topic: 'ticker:ENI.MI', data: quote('ENI.MI', '14.236') });
    expect(eni.map((q) => q.last)).toEqual(['14.236']);
    expect(eni2.map((q) => q.last)).toEqual(['14.236']);
    expect(isp).toEqual([]);
  });

  it('reads a batch frame as its messages one by one, and single-topic frames as before', async () => {
    const rt = client();
    const eni: string[] = [];
    const isp: string[] = [];
    const book: unknown[] = [];
    rt.subscribe('ticker:ENI.MI', (q) => eni.push(q.last));
    rt.subscribe('ticker:ISP.MI', (q) => isp.push(q.last));
    rt.subscribe('book:ENI.MI', (b) => book.push(b));
    last().open();
    last().push({ topic: 'ticker:ENI.MI', data: quote('ENI.MI', '14.236') });
    last().push({
      batch: [
        { topic: 'ticker:ENI.MI', data: quote('ENI.MI', '14.240') },
        // One element the contract does not allow spoils only itself.
        { topic: 'ticker:ISP.MI', data: { ...quote('ISP.MI', '1'), last: 3.1 } },
        { topic: 'ticker:ISP.MI', data: quote('ISP.MI', '3.105') },
        { topic: 'ticker:UNWANTED.MI', data: quote('UNWANTED.MI', '1.000') },
      ],
    });
    last().push({ topic: 'ticker:ISP.MI', data: quote('ISP.MI', '3.110') });
    expect(eni).toEqual(['14.236', '14.240']);
    expect(isp).toEqual(['3.105', '3.110']);
    expect(book).toEqual([]);
    // The latest of a batch is what a listener joining later is handed.
    const late: string[] = [];
    rt.subscribe('ticker:ENI.MI', (q) => late.push(q.last));
    expect(late).toEqual(['14.240']);
  });

  it('ignores what the contract does not allow: bad JSON, a quote with a float price, unknown topics', async () => {
    const rt = client();
    const seen: unknown[] = [];
    rt.subscribe('ticker:ENI.MI', (q) => seen.push(q));
    last().open();
    last().push('not json');
    last().push({ topic: 'ticker:ENI.MI', data: { ...quote('ENI.MI', '1'), last: 14.236 } });
    last().push({ topic: 'ticker:FOO', data: quote('FOO', '1.0') });
    expect(seen).toEqual([]);
  });

  it('hands a listener that joins later the latest message at once, and forgets it when the topic is left', async () => {
    const rt = client();
    const leave = rt.subscribe('ticker:ENI.MI', () => undefined);
    last().open();
    last().push({ topic: 'ticker:ENI.MI', data: quote('ENI.MI', '14.236') });
    const late: string[] = [];
    const leaveLate = rt.subscribe('ticker:ENI.MI', (q) => late.push(q.last));
    expect(late).toEqual(['14.236']);
    leave();
    leaveLate();
    await settle();
    const again: string[] = [];
    rt.subscribe('ticker:ENI.MI', (q) => again.push(q.last));
    expect(again).toEqual([]);
  });

  it('a listener that throws does not stop the others', async () => {
    const rt = client();
    const seen: string[] = [];
    rt.subscribe('ticker:ENI.MI', () => {
      throw new Error('broken component');
    });
    rt.subscribe('ticker:ENI.MI', (q) => seen.push(q.last));
    last().open();
    reported.length = 0;
    last().push({ topic: 'ticker:ENI.MI', data: quote('ENI.MI', '14.236') });
    expect(seen).toEqual(['14.236']);
    expect(reported).toEqual([new Error('broken component')]);
  });
});

describe('reconnection', () => {
  it('waits longer after each failed attempt, up to 30 s, and jitters in the upper half of the step', () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelayMs(n, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(reconnectDelayMs(0, () => 0)).toBe(250);
    expect(reconnectDelayMs(20, () => 1)).toBe(reconnectMaxMs);
    expect(reconnectDelayMs(1000, () => 0)).toBe(reconnectMaxMs / 2);
  });

  it('after a drop, reconnects after the backoff and asks again for every topic still wanted', async () => {
    const rt = client();
    rt.subscribe('ticker:ENI.MI', () => undefined);
    const gone = rt.subscribe('book:ENI.MI', () => undefined);
    rt.subscribe('candles:1m:ENI.MI', () => undefined);
    last().open();
    last().drop();
    expect(rt.status).toBe('waiting');
    gone(); // left while offline: must not come back
    await settle();

    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(rt.status).toBe('open');
    expect(last().ops('subscribe')).toEqual([['ticker:ENI.MI'], ['candles:1m:ENI.MI']]);
    expect(last().ops('unsubscribe')).toEqual([]);
  });

  it('doubles the wait while attempts fail, and starts again from the shortest once the server speaks', async () => {
    const rt = client();
    rt.subscribe('ticker:ENI.MI', () => undefined);
    const opened: number[] = [];
    const dropAndTime = async () => {
      const before = Date.now();
      last().drop();
      const count = sockets.length;
      while (sockets.length === count) await vi.advanceTimersByTimeAsync(50);
      opened.push(Date.now() - before);
    };
    await dropAndTime();
    await dropAndTime();
    await dropAndTime();
    expect(opened).toEqual([500, 1000, 2000]);

    last().open();
    last().push({ op: 'ack', topics: ['ticker:ENI.MI'] });
    await dropAndTime();
    expect(opened.at(-1)).toBe(500);
  });

  it('does not come back when nothing is wanted any more', async () => {
    const rt = client();
    const leave = rt.subscribe('ticker:ENI.MI', () => undefined);
    last().open();
    last().drop();
    leave();
    await vi.advanceTimersByTimeAsync(reconnectMaxMs * 2);
    expect(sockets).toHaveLength(1);
    expect(rt.status).toBe('idle');
  });

  it('reconnectNow skips the wait (network back, page visible again)', async () => {
    const rt = client();
    rt.subscribe('ticker:ENI.MI', () => undefined);
    last().drop();
    last().drop(); // a late event of a socket already dropped changes nothing
    rt.reconnectNow();
    expect(sockets).toHaveLength(2);
  });

  it('pings while open and treats a silent connection as dead', async () => {
    const rt = client();
    rt.subscribe('ticker:ENI.MI', () => undefined);
    const first = last();
    first.open();
    await vi.advanceTimersByTimeAsync(heartbeatMs);
    expect(first.sent.filter((m) => m.op === 'ping')).toHaveLength(1);
    first.push({ op: 'pong' });
    expect(rt.status).toBe('open');

    await vi.advanceTimersByTimeAsync(silenceLimitMs + heartbeatMs);
    expect(first.closed).toBe(true);
    expect(rt.status).not.toBe('open');
    await vi.advanceTimersByTimeAsync(reconnectMaxMs);
    expect(sockets.length).toBeGreaterThan(1);
  });

  it('closes the socket a while after the last topic is left, and keeps it if a topic comes back in time', async () => {
    const rt = client();
    const a = rt.subscribe('ticker:ENI.MI', () => undefined);
    last().open();
    a();
    await vi.advanceTimersByTimeAsync(idleCloseMs - 1);
    rt.subscribe('ticker:ISP.MI', () => undefined);
    await vi.advanceTimersByTimeAsync(idleCloseMs * 2);
    expect(sockets).toHaveLength(1);
    expect(last().closed).toBe(false);

    rt.close();
    expect(last().closed).toBe(true);
    expect(rt.status).toBe('idle');
  });
});

describe('authentication follows the stored token', () => {
  it('authenticates before subscribing when a user is signed in', async () => {
    const rt = client('tok-1');
    rt.subscribe('user', () => undefined);
    last().open();
    expect(last().sent.slice(0, 2)).toEqual([
      { op: 'auth', token: 'tok-1' },
      { op: 'subscribe', topics: ['user'] },
    ]);
  });

  it('signing in on an open connection authenticates it in place', async () => {
    const rt = client();
    rt.subscribe('ticker:ENI.MI', () => undefined);
    last().open();
    rt.setToken('tok-2');
    expect(sockets).toHaveLength(1);
    expect(last().sent.at(-1)).toEqual({ op: 'auth', token: 'tok-2' });
  });

  it('signing out (or in as someone else) starts a new connection that knows no one, with the same topics', async () => {
    const rt = client('tok-1');
    rt.subscribe('ticker:ENI.MI', () => undefined);
    const before = last();
    before.open();
    rt.setToken('');
    expect(before.closed).toBe(true);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ op: 'subscribe', topics: ['ticker:ENI.MI'] }]);

    rt.setToken('tok-3');
    rt.setToken('tok-4');
    expect(sockets).toHaveLength(3);
    last().open();
    expect(last().sent[0]).toEqual({ op: 'auth', token: 'tok-4' });
  });

  it('a token changed while reconnecting is the one sent at the next open', async () => {
    const rt = client('tok-1');
    rt.subscribe('ticker:ENI.MI', () => undefined);
    last().drop();
    rt.setToken('tok-9');
    await vi.advanceTimersByTimeAsync(reconnectMaxMs);
    last().open();
    expect(last().sent[0]).toEqual({ op: 'auth', token: 'tok-9' });
  });
});
