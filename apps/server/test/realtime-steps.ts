import type { AddressInfo } from 'node:net';
import type { CandleInterval } from '@piazza/contract/enums';
import type { BookWire, CandleWire, QuoteWire, TradeWire } from '@piazza/contract/market';
import type { ServerMessage } from '@piazza/contract/ws';
import WebSocket from 'ws';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import type { Bus } from '../src/market/bus';
import { intervalMs } from '../src/market/feed';
import type { MarketService } from '../src/market/market-service';
import type { LiveSource } from '../src/realtime/live-source';
import { type RealtimeOptions, wsPath } from '../src/realtime/routes';
import type { Clock } from '../src/services';
import { freshDatabase } from './helper';

/*
 * What the realtime tests share: the server on a loopback port, a WebSocket client that records what it
 * hears and waits for what it expects, and a tiny deterministic market for the publisher's unit test.
 */

/**
 * Two instruments: BTCUSDT always open, its price one cent a second up from 100.00 and a trade every
 * 100 ms; ENI.MI open only while `eniOpen` says so, its price held at 14.236.
 */
export class FakeMarket implements LiveSource {
  eniOpen = false;
  quotesAsked = 0;

  symbols(): readonly string[] {
    return ['BTCUSDT', 'ENI.MI'];
  }
  has(symbol: string): boolean {
    return this.symbols().includes(symbol);
  }
  async quote(symbol: string, atMs: number): Promise<QuoteWire> {
    this.quotesAsked++;
    const open = symbol === 'BTCUSDT' || this.eniOpen;
    const last = symbol === 'BTCUSDT' ? btcPrice(atMs) : '14.236';
    return {
      symbol,
      time: atMs,
      status: open ? 'open' : 'closed',
      last,
      open: last,
      high: last,
      low: last,
      volume: '0',
      prevClose: last,
      change: '0',
      changePercent: '0.00',
    };
  }
  async candle(symbol: string, interval: CandleInterval, atMs: number): Promise<CandleWire | undefined> {
    const last = symbol === 'BTCUSDT' ? btcPrice(atMs) : '14.236';
    const time = Math.floor(atMs / intervalMs[interval]) * intervalMs[interval];
    return { time, open: last, high: last, low: last, close: last, volume: '1' };
  }
  async book(symbol: string, atMs: number): Promise<BookWire> {
    return { symbol, time: atMs, bids: [['99.99', '1']], asks: [['100.01', '1']] };
  }
  async trades(symbol: string, atMs: number, limit: number): Promise<TradeWire[]> {
    if (symbol !== 'BTCUSDT') return [];
    const out: TradeWire[] = [];
    for (let t = Math.floor(atMs / 100) * 100; out.length < limit; t -= 100) {
      out.push({ id: `t${t}`, time: t, price: btcPrice(t), quantity: '0.001', side: 'buy' });
    }
    return out;
  }
}

function btcPrice(atMs: number): string {
  const cents = 10_000 + (Math.floor(atMs / 1000) % 1_000_000);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(check: () => boolean, timeoutMs = 3_000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

export type Heard = ServerMessage & { receivedAt: number };
export type TopicHeard = { topic: string; data: unknown; receivedAt: number };

/** A WebSocket client that keeps every message it hears. */
export class TestSocket {
  readonly heard: Heard[] = [];
  /** Frames as they came: a batch (decision 069) is one frame, its messages are each in `heard`. */
  readonly frames: unknown[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const receivedAt = Date.now();
      const json = JSON.parse(String(data)) as ServerMessage | { batch: ServerMessage[] };
      this.frames.push(json);
      const messages = 'batch' in json ? json.batch : [json];
      for (const m of messages) this.heard.push({ ...m, receivedAt });
    });
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, { headers });
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Messages of a topic, in order. */
  of(topic: string): TopicHeard[] {
    return this.heard.filter((m): m is Heard & TopicHeard => 'topic' in m && m.topic === topic);
  }

  ops(op: string): Heard[] {
    return this.heard.filter((m) => 'op' in m && m.op === op);
  }

  /** Waits for the next message matching `match` after the ones already heard, and answers it. */
  async next(match: (m: Heard) => boolean, timeoutMs = 3_000): Promise<Heard> {
    const from = this.heard.length;
    let found: Heard | undefined;
    await until(
      () => {
        found = this.heard.slice(from).find(match);
        return found !== undefined;
      },
      timeoutMs,
      'message',
    );
    return found!;
  }

  /** Sends a message and waits for the reply op (ack, authed, error, pong). */
  async ask(message: unknown, timeoutMs = 3_000): Promise<Heard> {
    const from = this.heard.length;
    this.send(message);
    let found: Heard | undefined;
    await until(
      () => {
        found = this.heard.slice(from).find((m) => 'op' in m);
        return found !== undefined;
      },
      timeoutMs,
      'reply',
    );
    return found!;
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export interface RealtimeApp {
  app: App;
  db: Db;
  bus: Bus;
  /** ws://127.0.0.1:port/ipcg-api/ws */
  url: string;
  close(): Promise<void>;
}

/**
 * A clock that runs at the wall clock's pace from Sunday 22 November 2026, 12:00 UTC: crypto trades, Milan
 * and New York are closed, whatever the day the tests run.
 */
export function sundayClock(): Clock {
  const origin = Date.UTC(2026, 10, 22, 12, 0, 0);
  const started = Date.now();
  return { now: () => origin + (Date.now() - started) };
}

/**
 * The whole server (the simulator's market, on `clock`) listening on a free loopback port, its WebSocket
 * tuned by `realtime` (shorter checks keep tests fast). `db` and `bus` may be shared with another
 * instance; each is closed only by whoever opened it (`close` drops the database it made).
 */
export async function startRealtimeApp(
  opts: {
    db?: Db;
    bus?: Bus;
    clock?: Clock;
    market?: MarketService;
    realtime?: RealtimeOptions;
    env?: Record<string, string>;
  } = {},
): Promise<RealtimeApp> {
  const fresh = opts.db ? undefined : await freshDatabase();
  const db = opts.db ?? fresh!;
  const config = loadConfig({ DEMO_MODE: '1', LOG_LEVEL: 'silent', ...opts.env } as NodeJS.ProcessEnv);
  const app = await buildApp({
    config,
    db,
    bus: opts.bus,
    clock: opts.clock ?? sundayClock(),
    market: opts.market,
    realtime: opts.realtime,
    logger: false,
    seedDemo: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    db,
    bus: app.services.bus,
    url: `ws://127.0.0.1:${port}${wsPath}`,
    async close() {
      await app.close();
      await fresh?.drop();
    },
  };
}
