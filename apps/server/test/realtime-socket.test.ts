import { serverBatch, serverMessage } from '@piazza/contract/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { publishUserEvent } from '../src/realtime/user-events';
import { registerInvestor } from './identity-steps';
import { type RealtimeApp, sleep, startRealtimeApp, TestSocket, until } from './realtime-steps';

/*
 * The WebSocket at /ipcg-api/ws as a client meets it: subscribing to live topics, the refusals, the rate
 * cap, a slow reader, and the user channel.
 */

let t: RealtimeApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startRealtimeApp({ realtime: { sessionCheckMs: 300 } });
});
afterAll(async () => {
  for (const s of sockets) await s.close();
  await t.close();
});

async function open(path = '', headers: Record<string, string> = {}): Promise<TestSocket> {
  const socket = await TestSocket.open(t.url + path, headers);
  sockets.push(socket);
  return socket;
}

describe('market topics', () => {
  it('sends the ticks of an open instrument once subscribed, each one a quote of the contract', async () => {
    const s = await open();
    expect(await s.ask({ op: 'subscribe', topics: ['ticker:BTCUSDT'] })).toMatchObject({
      op: 'ack',
      topics: ['ticker:BTCUSDT'],
    });
    await until(() => s.of('ticker:BTCUSDT').length >= 3, 4_500, 'three ticks');
    for (const m of s.of('ticker:BTCUSDT')) {
      const { receivedAt: _, ...message } = m;
      expect(serverMessage.safeParse(message).success).toBe(true);
      expect(m).toMatchObject({ topic: 'ticker:BTCUSDT', data: { symbol: 'BTCUSDT', status: 'open' } });
    }
    // The first comes at once (a new topic); then one a second, give or take the timers.
    const [, b, c] = s.of('ticker:BTCUSDT');
    expect(c!.receivedAt - b!.receivedAt).toBeGreaterThan(700);
    expect((c!.data as { time: number }).time - (b!.data as { time: number }).time).toBeGreaterThan(700);
  });

  it('stops sending a topic once unsubscribed', async () => {
    const s = await open();
    await s.ask({ op: 'subscribe', topics: ['ticker:BTCUSDT'] });
    await s.next((m) => 'topic' in m && m.topic === 'ticker:BTCUSDT', 3_000);
    expect(await s.ask({ op: 'unsubscribe', topics: ['ticker:BTCUSDT'] })).toMatchObject({ op: 'ack' });
    const count = s.of('ticker:BTCUSDT').length;
    await sleep(2_200);
    expect(s.of('ticker:BTCUSDT').length).toBe(count);
  });

  it('sends the book, trades and candle of a topic a client wants, at once and then as they change', async () => {
    const s = await open();
    await s.ask({ op: 'subscribe', topics: ['book:BTCUSDT', 'trades:BTCUSDT', 'candles:1m:BTCUSDT'] });
    await until(
      () =>
        ['book:BTCUSDT', 'trades:BTCUSDT', 'candles:1m:BTCUSDT'].every((topic) => s.of(topic).length >= 2),
      3_500,
      'two messages of each topic',
    );
    expect(s.of('book:BTCUSDT')[0]).toMatchObject({ data: { symbol: 'BTCUSDT' } });
    expect(s.of('candles:1m:BTCUSDT')[0]).toMatchObject({ data: { symbol: 'BTCUSDT', interval: '1m' } });
    const trades = s.of('trades:BTCUSDT').flatMap((m) => (m.data as { list: { id: string }[] }).list);
    expect(new Set(trades.map((x) => x.id)).size).toBe(trades.length);
  });

  it('hears the topics of one tick in one batch frame, each element a message of the contract', async () => {
    const s = await open();
    await s.ask({ op: 'subscribe', topics: ['ticker:ENI.MI', 'ticker:ISP.MI'] });
    // Both closed on Sunday: after their first quote the publisher repeats them only every 30 s.
    await until(() => s.of('ticker:ISP.MI').length > 0 && s.of('ticker:ENI.MI').length > 0, 3_000, 'quotes');
    await sleep(150);
    await t.bus.publish('ticker:ENI.MI', { ...quote, symbol: 'ENI.MI', last: '14.236' });
    await t.bus.publish('ticker:ISP.MI', { ...quote, symbol: 'ISP.MI', last: '3.105' });
    await until(() => s.of('ticker:ISP.MI').some((m) => (m.data as { last: string }).last === '3.105'));
    const frame = s.frames.find(
      (f): f is { batch: unknown[] } =>
        typeof f === 'object' && f !== null && 'batch' in f && JSON.stringify(f).includes('3.105'),
    );
    expect(frame?.batch).toEqual([
      { topic: 'ticker:ENI.MI', data: { ...quote, symbol: 'ENI.MI', last: '14.236' } },
      { topic: 'ticker:ISP.MI', data: { ...quote, symbol: 'ISP.MI', last: '3.105' } },
    ]);
    expect(serverBatch.safeParse(frame).success).toBe(true);
    for (const m of frame?.batch ?? []) expect(serverMessage.safeParse(m).success).toBe(true);
  });

  it('hands a second subscriber of a topic the latest message at once', async () => {
    const first = await open();
    await first.ask({ op: 'subscribe', topics: ['ticker:ENI.MI'] });
    // ENI.MI is closed in the fake market: its quote is repeated only every 30 s.
    await until(() => first.of('ticker:ENI.MI').length > 0, 3_000, 'the first quote');
    const second = await open();
    await second.ask({ op: 'subscribe', topics: ['ticker:ENI.MI'] });
    await until(() => second.of('ticker:ENI.MI').length > 0, 500, 'the latest quote');
    expect(second.of('ticker:ENI.MI')[0]?.data).toEqual(first.of('ticker:ENI.MI')[0]?.data);
  });

  it('answers ping with pong', async () => {
    const s = await open();
    expect(await s.ask({ op: 'ping' })).toEqual(expect.objectContaining({ op: 'pong' }));
  });
});

describe('refusals', () => {
  it('refuses a message that is not JSON, in Italian unless the client asks otherwise', async () => {
    const it_ = await open();
    expect(await it_.ask('{not json')).toMatchObject({
      op: 'error',
      msg: 'Il messaggio non è un JSON valido',
    });
    const en = await open('?lang=en-US');
    expect(await en.ask('{not json')).toMatchObject({ op: 'error', msg: 'The message is not valid JSON' });
    const header = await open('', { 'accept-language': 'en-US,en;q=0.9' });
    expect(await header.ask('[')).toMatchObject({ msg: 'The message is not valid JSON' });
    // The socket stays usable after a refusal.
    expect(await en.ask({ op: 'ping' })).toMatchObject({ op: 'pong' });
  });

  it('names the unknown topic, symbol or interval, and subscribes none of a message with one bad topic', async () => {
    const s = await open('?lang=en-US');
    expect(await s.ask({ op: 'subscribe', topics: ['news:ENI.MI'] })).toMatchObject({
      op: 'error',
      msg: 'Unknown topic news:ENI.MI',
    });
    expect(await s.ask({ op: 'subscribe', topics: ['ticker:NOPE.MI'] })).toMatchObject({
      msg: 'Unknown symbol NOPE.MI',
    });
    expect(await s.ask({ op: 'subscribe', topics: ['candles:2m:BTCUSDT'] })).toMatchObject({
      msg: 'Unknown interval 2m: use 1m, 5m, 15m, 30m, 1h, 4h, 1d or 1w',
    });
    expect(await s.ask({ op: 'subscribe', topics: ['ticker:BTCUSDT', 'ticker:'] })).toMatchObject({
      msg: 'Unknown symbol ',
    });
    await sleep(1_300);
    expect(s.of('ticker:BTCUSDT')).toEqual([]);
  });

  it('refuses an unknown op, a malformed subscribe and an empty token, naming the rule', async () => {
    const s = await open('?lang=en-US');
    expect(await s.ask({ op: 'publish', topic: 'x' })).toMatchObject({
      msg: 'Unknown message: op must be subscribe, unsubscribe, auth or ping',
    });
    expect(await s.ask({ op: 'subscribe', topics: 'ticker:BTCUSDT' })).toMatchObject({
      msg: 'topics must be a list of 1 to 50 topic names',
    });
    expect(await s.ask({ op: 'subscribe', topics: [] })).toMatchObject({ op: 'error' });
    expect(await s.ask({ op: 'auth', token: '' })).toMatchObject({ msg: 'token is missing' });
    expect(await s.ask({ op: 'subscribe', topics: ['x'.repeat(9_000)] })).toMatchObject({
      msg: 'The message is too large',
    });
  });

  it('holds a client to 50 topics in all', async () => {
    const s = await open('?lang=en-US');
    const intervals = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'];
    const topics = ['BTCUSDT', 'ENI.MI'].flatMap((symbol) => [
      `ticker:${symbol}`,
      `book:${symbol}`,
      `trades:${symbol}`,
      ...intervals.map((i) => `candles:${i}:${symbol}`),
    ]);
    expect(topics).toHaveLength(22);
    expect(await s.ask({ op: 'subscribe', topics: [...topics, 'user'] })).toMatchObject({ op: 'ack' });
    // The same topics again add nothing, so they are no refusal.
    expect(await s.ask({ op: 'subscribe', topics })).toMatchObject({ op: 'ack' });
    await s.ask({ op: 'unsubscribe', topics: topics.slice(0, 10) });
    expect(await s.ask({ op: 'subscribe', topics: topics.slice(0, 10) })).toMatchObject({ op: 'ack' });
  });
});

describe('pace', () => {
  it('sends a topic at most 10 times a second, and the last message sent on the bus is the last received', async () => {
    const s = await open();
    await s.ask({ op: 'subscribe', topics: ['ticker:BTCUSDT'] });
    const published: unknown[] = [];
    await t.bus.subscribe('ticker:BTCUSDT', (p) => published.push(p));
    await s.next((m) => 'topic' in m && m.topic === 'ticker:BTCUSDT', 3_000);
    const from = s.of('ticker:BTCUSDT').length;
    const start = Date.now();
    for (let i = 0; i < 100; i++) {
      await t.bus.publish('ticker:BTCUSDT', { ...quote, last: `${200 + i}.00` });
      await sleep(10);
    }
    const publishedMs = Date.now() - start;
    await sleep(250);
    const burst = s.of('ticker:BTCUSDT').slice(from);
    // At most 10 in any second of the publishing (a little less than a second, for timers' jitter).
    const times = burst.map((m) => m.receivedAt);
    const most = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 950).length));
    expect(most).toBeLessThanOrEqual(10);
    expect(burst.length).toBeLessThanOrEqual(Math.ceil(publishedMs / 100) + 1);
    expect(burst.length).toBeGreaterThanOrEqual(5);
    expect(burst.at(-1)?.data).toEqual(published.at(-1));
  });

  it('lets a client that stops reading fall behind to the latest message, never a growing buffer', async () => {
    const s = await open();
    const topics = Array.from(
      { length: 8 },
      (_, i) => `candles:${['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'][i]}:ENI.MI`,
    );
    await s.ask({ op: 'subscribe', topics });
    const server = [...t.app.websocketServer.clients].at(-1)!;
    // Stop reading: the kernel buffers fill, then the server's.
    (s.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const big = 'x'.repeat(64 * 1024);
    let maxBuffered = 0;
    const start = Date.now();
    let n = 0;
    while (Date.now() - start < 2_500) {
      for (const topic of topics) await t.bus.publish(topic, { n, big });
      n++;
      maxBuffered = Math.max(maxBuffered, server.bufferedAmount);
      await sleep(5);
    }
    // 8 topics of 64 KiB for 2.5 s, about 30 MB, were offered; the server held at most its limit and a frame.
    expect(n * topics.length * big.length).toBeGreaterThan(20_000_000);
    // The buffer did fill (the test reached the slow path), and stayed within the limit and one frame.
    expect(maxBuffered).toBeGreaterThan(64 * 1024);
    expect(maxBuffered).toBeLessThanOrEqual(256 * 1024 + 70 * 1024);
    (s.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await until(
      () => topics.every((topic) => (s.of(topic).at(-1)?.data as { n?: number } | undefined)?.n === n - 1),
      10_000,
      'the latest message of every topic',
    );
    const received = topics.reduce((sum, topic) => sum + s.of(topic).length, 0);
    expect(received).toBeLessThan((n * topics.length) / 4);
  });
});

describe('a client too slow to follow', () => {
  it('is closed with 1013 "too slow" once its buffer stays full, and a reading client is not', async () => {
    const own = await startRealtimeApp({ realtime: { limits: { slowCloseAfterMs: 1_000 } } });
    try {
      const slow = await TestSocket.open(own.url);
      const reading = await TestSocket.open(own.url);
      const topics = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'].map((i) => `candles:${i}:ENI.MI`);
      await slow.ask({ op: 'subscribe', topics });
      await reading.ask({ op: 'subscribe', topics });
      const [serverSide] = own.app.websocketServer.clients;
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        slow.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
      );
      (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const big = 'x'.repeat(64 * 1024);
      let n = 0;
      const start = Date.now();
      // Until the server gives up on it (the buffer fills within a few seconds, then stays full for 1 s).
      while (serverSide?.readyState === WebSocket.OPEN && Date.now() - start < 15_000) {
        for (const topic of topics) await own.bus.publish(topic, { n, big });
        n++;
        await sleep(5);
      }
      expect(serverSide?.readyState).toBe(WebSocket.CLOSING);
      // Reading again, it gets what was buffered, then the close frame.
      (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
      expect(await closed).toEqual({ code: 1013, reason: 'too slow' });
      expect(reading.ws.readyState).toBe(WebSocket.OPEN);
      // The reader has the latest of every topic.
      await until(() =>
        topics.every((topic) => (reading.of(topic).at(-1)?.data as { n?: number } | undefined)?.n === n - 1),
      );
      await reading.close();
    } finally {
      await own.close();
    }
  });
});

const quote = {
  symbol: 'BTCUSDT',
  time: 1,
  status: 'open',
  last: '1.00',
  open: '1.00',
  high: '1.00',
  low: '1.00',
  volume: '0',
  prevClose: '1.00',
  change: '0',
  changePercent: '0.00',
};

describe('the user channel', () => {
  it('delivers a user their own events after auth, and never another user’s', async () => {
    const anna = await registerInvestor(t.app, 'anna@example.it');
    const bruno = await registerInvestor(t.app, 'bruno@example.it');
    const a = await open();
    const b = await open();
    const guest = await open();
    expect(await a.ask({ op: 'auth', token: anna.token })).toMatchObject({
      op: 'authed',
      userId: anna.user.id,
    });
    await a.ask({ op: 'subscribe', topics: ['user'] });
    await b.ask({ op: 'subscribe', topics: ['user'] });
    expect(await b.ask({ op: 'auth', token: bruno.token })).toMatchObject({
      op: 'authed',
      userId: bruno.user.id,
    });
    await guest.ask({ op: 'subscribe', topics: ['user'] });

    await publishUserEvent(t.bus, anna.user.id, 'balance', { asset: 'EUR', amount: '10.00' });
    await publishUserEvent(t.bus, bruno.user.id, 'fill', { orderId: 7 });
    await publishUserEvent(t.bus, anna.user.id, 'balance', { asset: 'EUR', amount: '12.50' });
    await until(() => a.of('user').length === 2 && b.of('user').length === 1, 3_000, 'user events');
    await sleep(200);
    expect(a.of('user').map((m) => m.data)).toEqual([
      { kind: 'balance', data: { asset: 'EUR', amount: '10.00' } },
      { kind: 'balance', data: { asset: 'EUR', amount: '12.50' } },
    ]);
    expect(b.of('user').map((m) => m.data)).toEqual([{ kind: 'fill', data: { orderId: 7 } }]);
    expect(guest.of('user')).toEqual([]);
  });

  it('refuses a token that is not a session, and stays a guest', async () => {
    const s = await open('?lang=en-US');
    expect(await s.ask({ op: 'auth', token: 'not-a-token' })).toMatchObject({
      op: 'error',
      msg: 'The token is not valid: log in again',
    });
    await s.ask({ op: 'subscribe', topics: ['user'] });
    const carla = await registerInvestor(t.app, 'carla@example.it');
    await publishUserEvent(t.bus, carla.user.id, 'balance', { asset: 'EUR' });
    await sleep(200);
    expect(s.of('user')).toEqual([]);
  });

  it('ends the user channel of a session signed out elsewhere, with no further events', async () => {
    const dario = await registerInvestor(t.app, 'dario@example.it');
    const s = await open();
    await s.ask({ op: 'auth', token: dario.token });
    await s.ask({ op: 'subscribe', topics: ['user'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/ipcg-api/user/logout',
      headers: { 'access-token': dario.token },
    });
    expect(res.json()).toMatchObject({ code: 0 });
    // The periodic check (300 ms here) finds the session ended without any event coming.
    await s.next((m) => 'topic' in m && m.topic === 'user', 2_000);
    expect(s.of('user').map((m) => m.data)).toEqual([{ kind: 'session', data: { state: 'ended' } }]);
    await publishUserEvent(t.bus, dario.user.id, 'balance', { asset: 'EUR' });
    await sleep(300);
    expect(s.of('user')).toHaveLength(1);
  });

  it('sends the end instead of the event to a user turned off, and refuses their token afterwards', async () => {
    const elena = await registerInvestor(t.app, 'elena@example.it');
    const s = await open('?lang=en-US');
    await s.ask({ op: 'auth', token: elena.token });
    await s.ask({ op: 'subscribe', topics: ['user'] });
    await t.db.query('update users set status = 0 where id = $1', [elena.user.id]);
    await publishUserEvent(t.bus, elena.user.id, 'balance', { asset: 'EUR', amount: '1.00' });
    await s.next((m) => 'topic' in m && m.topic === 'user', 2_000);
    expect(s.of('user').map((m) => m.data)).toEqual([{ kind: 'session', data: { state: 'ended' } }]);
    expect(await s.ask({ op: 'auth', token: elena.token })).toMatchObject({
      op: 'error',
      msg: 'This account has been disabled',
    });
  });
});

describe('connections', () => {
  let fast: RealtimeApp;
  beforeAll(async () => {
    fast = await startRealtimeApp({ realtime: { pingEveryMs: 300 } });
  });
  afterAll(() => fast.close());

  it('closes a socket that stops answering pings, and keeps one that answers', async () => {
    const silent = new WebSocket(fast.url, { autoPong: false });
    await new Promise((r) => silent.once('open', r));
    const answering = await TestSocket.open(fast.url);
    sockets.push(answering);
    const openedAt = Date.now();
    const closedAfterMs = await new Promise<number>((r) =>
      silent.once('close', () => r(Date.now() - openedAt)),
    );
    // Two ping periods: the first ping goes unanswered, the second finds it so.
    expect(closedAfterMs).toBeLessThan(1_500);
    await sleep(700);
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes every socket and stops publishing when the server closes', async () => {
    const other = await startRealtimeApp();
    const s = await TestSocket.open(other.url);
    await s.ask({ op: 'subscribe', topics: ['ticker:BTCUSDT'] });
    const closed = new Promise((r) => s.ws.once('close', r));
    const published: unknown[] = [];
    await other.bus.subscribe('ticker:BTCUSDT', (p) => published.push(p));
    await other.close();
    await closed;
    const count = published.length;
    await sleep(1_200);
    expect(published.length).toBe(count);
  });
});
