/*
 * WebSocket fan-out on loopback (issue 3 item 8): one Piazza server instance with 1,000 clients subscribed
 * to one ticker topic, next to a bare `ws` WebSocketServer broadcasting the same messages to 1,000 clients,
 * in the same run. The clients live in a worker thread, so the server has the main thread to itself.
 *
 * Two phases for each server, the same messages published on each:
 *   paced  50 messages at 10 a second: the most a client may get of one topic, so Piazza delivers all.
 *   burst  200 messages back to back: Piazza coalesces (each client gets the latest, at most one per
 *          100 ms); the bare server queues every one for every client.
 * For each: messages delivered, messages per second delivered (from the first publish to the last
 * receipt), the age of a message at receipt (publish to receipt; p50 and p99) and how many clients got
 * the last message. Bounded: it stops by itself within about two minutes.
 *
 *   npx tsx bench/ws-fanout.ts            (1,000 clients)
 *   npx tsx bench/ws-fanout.ts 200        (fewer, for a quick look)
 *
 * Many clients, many tickers (issue 18 item 4, decision 069): `--tickers` runs 10,000 clients each
 * subscribed to the same 10 tickers, the 10 published back to back once a second as the feed leader does,
 * for 15 ticks. The clients live in child processes (a process may hold 20,000 sockets here, and the
 * server's 10,000 are in this one). The bare `ws` anchor sends each tick as one frame serialised once, the
 * best a broadcast can do; Piazza sends each client one frame per tick (decision 069's batch).
 *
 *   npx tsx bench/ws-fanout.ts --tickers            (10,000 clients × 10 tickers)
 *   npx tsx bench/ws-fanout.ts --tickers 2000 10    (clients, tickers)
 *   npx tsx bench/ws-fanout.ts --tickers --json     (the figures as one JSON object on stdout, the table on stderr)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import WebSocket, { WebSocketServer } from 'ws';

const topic = 'ticker:BTCUSDT';
const hardLimitMs = 180_000;
/** The many-clients case: 10,000 handshakes on a busy machine take a while. */
const tickersHardLimitMs = 900_000;
const tickerTicks = 15;
const tickerWarmUpTicks = 3;
const tickerEveryMs = 1_000;

/** Wall-clock time with sub-millisecond precision, comparable between threads. */
const nowMs = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type ToWorker =
  | { op: 'connect'; url: string; count: number; subscribe: boolean }
  | { op: 'reset' }
  | { op: 'collect'; lastSeq: number; timeoutMs: number }
  | { op: 'disconnect' };

type FromWorker =
  | { op: 'connected'; count: number }
  | { op: 'reset' }
  | {
      op: 'collected';
      received: number;
      ages: Float64Array;
      lastReceivedAt: number;
      gotLast: number;
      allHaveLastAt: number;
    }
  | { op: 'disconnected' };

interface PhaseResult {
  server: string;
  phase: string;
  published: number;
  received: number;
  perSecond: number;
  p50: number;
  p99: number;
  gotLast: number;
  /** From the first publish until every client has the last message. */
  allHaveLastMs: number;
}

const tickersCase = process.argv[2] === '--tickers';
/** With --json (the many-clients case), the table goes to stderr and stdout carries one JSON object. */
const json = process.argv.includes('--json');
const tickerArgs = process.argv.slice(3).filter((a) => a !== '--json');
if (!isMainThread) {
  runClients();
} else if (process.argv[2] === '--ticker-clients') {
  runTickerClients();
} else {
  const limitMs = tickersCase ? tickersHardLimitMs : hardLimitMs;
  const timer = setTimeout(() => {
    console.error(`ws-fanout: gave up after ${limitMs / 1000} s`);
    process.exit(1);
  }, limitMs);
  timer.unref();
  (tickersCase ? mainTickers() : main()).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

async function main(): Promise<void> {
  const clients = Number(process.argv[2] ?? 1000);
  // The worker runs this same file, through tsx (Node 20 does not pass tsx's loader on to workers).
  const self = JSON.stringify(import.meta.url);
  const worker = new Worker(`import('tsx/esm/api').then((tsx) => tsx.tsImport(${self}, ${self}))`, {
    eval: true,
  });
  const ask = workerChannel(worker);

  const quote = {
    symbol: 'BTCUSDT',
    status: 'open',
    last: '97234.51',
    open: '96000.00',
    high: '97500.00',
    low: '95800.00',
    volume: '1234.56789',
    prevClose: '96100.00',
    change: '1134.51',
    changePercent: '1.18',
  };
  const phases = [
    { phase: 'paced 10/s', count: 50, gapMs: 100 },
    { phase: 'burst', count: 200, gapMs: 0 },
  ];
  const results: PhaseResult[] = [];

  // Piazza: the whole server (PGlite in a temporary directory), its own tick publisher parked so the only
  // messages on the topic are the benchmark's, published on its bus as the feed leader would.
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'piazza-bench-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, DEMO_MODE: '0', LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv);
    const parked = { everyMs: 3_600_000, closedEveryMs: 3_600_000 };
    const app = await buildApp({ config, logger: false, seedDemo: false, realtime: { publisher: parked } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const bus = app.services.bus;
    await connect(ask, `ws://127.0.0.1:${port}/ipcg-api/ws`, clients, true);
    for (const p of phases) {
      results.push(
        await phase(ask, 'Piazza', p, async (seq) => {
          await bus.publish(topic, { ...quote, time: nowMs(), seq });
        }),
      );
    }
    await ask({ op: 'disconnect' });
    await app.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  // The bare broadcast: serialise once, send to every client, no rate cap and no coalescing.
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const barePort = (wss.address() as AddressInfo).port;
  await connect(ask, `ws://127.0.0.1:${barePort}`, clients, false);
  for (const p of phases) {
    results.push(
      await phase(ask, 'bare ws', p, async (seq) => {
        const frame = JSON.stringify({ topic, data: { ...quote, time: nowMs(), seq } });
        for (const client of wss.clients) client.send(frame);
      }),
    );
  }
  await ask({ op: 'disconnect' });
  await new Promise((r) => wss.close(r));
  await worker.terminate();

  print(clients, results);
}

async function connect(ask: Ask, url: string, count: number, subscribe: boolean): Promise<void> {
  const reply = await ask({ op: 'connect', url, count, subscribe });
  if (reply.op !== 'connected' || reply.count !== count)
    throw new Error(`connected ${JSON.stringify(reply)}`);
}

async function phase(
  ask: Ask,
  server: string,
  p: { phase: string; count: number; gapMs: number },
  publish: (seq: number) => Promise<void>,
): Promise<PhaseResult> {
  // Warm up both ends (the first messages through cold code are slow), then let a second pass, so the
  // warm-up does not count against the phase's own rate.
  for (let seq = 0; seq < 20; seq++) {
    await publish(-1);
    await sleep(100);
  }
  await sleep(1_100);
  await ask({ op: 'reset' });
  const startedAt = nowMs();
  for (let seq = 0; seq < p.count; seq++) {
    await publish(seq);
    if (p.gapMs > 0) await sleep(p.gapMs);
  }
  const reply = await ask({ op: 'collect', lastSeq: p.count - 1, timeoutMs: 20_000 });
  if (reply.op !== 'collected') throw new Error('no report from the clients');
  const ages = [...reply.ages].sort((a, b) => a - b);
  const at = (q: number) => ages[Math.min(ages.length - 1, Math.floor(q * ages.length))] ?? Number.NaN;
  const spanS = (reply.lastReceivedAt - startedAt) / 1000;
  return {
    server,
    phase: p.phase,
    published: p.count,
    received: reply.received,
    perSecond: spanS > 0 ? reply.received / spanS : 0,
    p50: at(0.5),
    p99: at(0.99),
    gotLast: reply.gotLast,
    allHaveLastMs: reply.allHaveLastAt - startedAt,
  };
}

function print(clients: number, results: PhaseResult[]): void {
  const row = (cells: string[]) => console.log(cells.join('  '));
  const widths = [8, 10, 9, 8, 9, 7, 7, 13];
  const cells = (values: string[]) =>
    values.map((v, i) => (i < 2 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!)));
  console.log(`WebSocket fan-out: ${clients} clients on loopback, one topic (${topic})`);
  row(cells(['server', 'phase', 'published', 'received', 'msg/s', 'p50 ms', 'p99 ms', 'all last, ms']));
  for (const r of results) {
    row(
      cells([
        r.server,
        r.phase,
        String(r.published),
        String(r.received),
        Math.round(r.perSecond).toLocaleString('en-US'),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        r.gotLast === clients ? r.allHaveLastMs.toFixed(0) : `${r.gotLast}/${clients} got it`,
      ]),
    );
  }
  for (const name of new Set(results.map((r) => r.phase))) {
    const piazza = results.find((r) => r.server === 'Piazza' && r.phase === name);
    const bare = results.find((r) => r.server === 'bare ws' && r.phase === name);
    if (!piazza || !bare) continue;
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log(
      `${name}: Piazza / bare ws = ${ratio(piazza.perSecond, bare.perSecond)} msg/s, ` +
        `${ratio(piazza.p99, bare.p99)} p99 age, ${ratio(piazza.allHaveLastMs, bare.allHaveLastMs)} time to the last message`,
    );
  }
}

type Ask = (message: ToWorker) => Promise<FromWorker>;

/** One request at a time to the worker, each answered by its next message; a worker error fails the run. */
function workerChannel(worker: Worker): Ask {
  let waiting: ((reply: FromWorker) => void) | undefined;
  worker.on('message', (reply: FromWorker) => waiting?.(reply));
  worker.on('error', (err) => {
    console.error(err);
    process.exit(1);
  });
  return (message) =>
    new Promise((resolve) => {
      waiting = resolve;
      worker.postMessage(message);
    });
}

/** The worker's side: the clients, counting what they hear. */
function runClients(): void {
  const port = parentPort!;
  let sockets: WebSocket[] = [];
  let received = 0;
  let ages: number[] = [];
  let lastReceivedAt = 0;
  /** Each client's latest message: its seq and when it came. */
  let latestOf = new Map<WebSocket, { seq: number; at: number }>();

  const onMessage = (ws: WebSocket, data: WebSocket.RawData) => {
    const at = nowMs();
    const message = JSON.parse(String(data)) as { topic?: string; data?: { seq?: number; time?: number } };
    if (message.topic !== topic || message.data?.seq === undefined || message.data.time === undefined) return;
    received++;
    ages.push(at - message.data.time);
    lastReceivedAt = at;
    latestOf.set(ws, { seq: message.data.seq, at });
  };

  async function open(url: string, subscribe: boolean): Promise<WebSocket> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    if (subscribe) {
      const acked = new Promise<void>((resolve) => {
        const onAck = (data: WebSocket.RawData) => {
          if ((JSON.parse(String(data)) as { op?: string }).op !== 'ack') return;
          ws.off('message', onAck);
          resolve();
        };
        ws.on('message', onAck);
      });
      ws.send(JSON.stringify({ op: 'subscribe', topics: [topic] }));
      await acked;
    }
    ws.on('message', (data) => onMessage(ws, data));
    return ws;
  }

  port.on('message', async (message: ToWorker) => {
    switch (message.op) {
      case 'connect': {
        sockets = [];
        // In batches, so a thousand handshakes do not all land in the same instant.
        for (let i = 0; i < message.count; i += 50) {
          const batch = Array.from({ length: Math.min(50, message.count - i) }, () =>
            open(message.url, message.subscribe),
          );
          sockets.push(...(await Promise.all(batch)));
        }
        port.postMessage({ op: 'connected', count: sockets.length } satisfies FromWorker);
        return;
      }
      case 'reset': {
        received = 0;
        ages = [];
        lastReceivedAt = 0;
        latestOf = new Map();
        port.postMessage({ op: 'reset' } satisfies FromWorker);
        return;
      }
      case 'collect': {
        const deadline = Date.now() + message.timeoutMs;
        const gotLast = () => sockets.filter((ws) => latestOf.get(ws)?.seq === message.lastSeq).length;
        while (gotLast() < sockets.length && Date.now() < deadline) await sleep(20);
        // A little longer, for messages still on their way to clients that already have the last one.
        await sleep(200);
        port.postMessage({
          op: 'collected',
          received,
          ages: Float64Array.from(ages),
          lastReceivedAt,
          gotLast: gotLast(),
          allHaveLastAt: Math.max(...sockets.map((ws) => latestOf.get(ws)?.at ?? Number.NaN)),
        } satisfies FromWorker);
        return;
      }
      case 'disconnect': {
        await Promise.all(
          sockets.map(
            (ws) =>
              new Promise<void>((resolve) => {
                if (ws.readyState === WebSocket.CLOSED) return resolve();
                ws.once('close', () => resolve());
                ws.close();
              }),
          ),
        );
        sockets = [];
        port.postMessage({ op: 'disconnected' } satisfies FromWorker);
        return;
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Many clients × many tickers (issue 18 item 4).

type ToTickerClients =
  | { op: 'connect'; url: string; count: number; topics: string[] | null }
  | { op: 'reset' }
  | { op: 'collect'; lastSeq: number; tickers: number; timeoutMs: number }
  | { op: 'disconnect' };

type FromTickerClients =
  | { op: 'connected'; count: number }
  | { op: 'reset' }
  | { op: 'collected'; received: number; frames: number; ages: Float64Array; gotLast: number; lastAt: number }
  | { op: 'disconnected' };

interface TickerResult {
  server: string;
  expected: number;
  received: number;
  frames: number;
  p50: number;
  p99: number;
  max: number;
  gotLast: number;
  /** From the last tick's first publish until every client has all of its tickers. */
  lastTickMs: number;
}

async function mainTickers(): Promise<void> {
  const clients = Number(tickerArgs[0] ?? 10_000);
  const tickerCount = Number(tickerArgs[1] ?? 10);
  const processes = Math.max(1, Math.min(2, Math.ceil(clients / 2_000)));
  const children = Array.from({ length: processes }, () => tickerClients());
  const share = (i: number) => Math.floor(clients / processes) + (i < clients % processes ? 1 : 0);
  const all = async (make: (i: number) => ToTickerClients): Promise<FromTickerClients[]> =>
    Promise.all(children.map((child, i) => child.ask(make(i))));
  const results: TickerResult[] = [];
  const loadAtStart = (await import('node:os')).loadavg();

  const dataDir = await mkdtemp(path.join(tmpdir(), 'piazza-bench-'));
  let symbols: string[] = [];
  try {
    const { buildApp } = await import('../apps/server/src/app');
    const { loadConfig } = await import('../apps/server/src/config');
    const config = loadConfig({ DATA_DIR: dataDir, DEMO_MODE: '0', LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv);
    const parked = { everyMs: 3_600_000, closedEveryMs: 3_600_000 };
    const app = await buildApp({ config, logger: false, seedDemo: false, realtime: { publisher: parked } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    symbols = app.services.market.instruments
      .filter((i) => i.listed)
      .slice(0, tickerCount)
      .map((i) => i.symbol);
    const topics = symbols.map((s) => `ticker:${s}`);
    const bus = app.services.bus;
    const connectedAt = Date.now();
    const replies = await all((i) => ({
      op: 'connect',
      url: `ws://127.0.0.1:${port}/ipcg-api/ws`,
      count: share(i),
      topics,
    }));
    checkConnected(replies, clients);
    console.error(
      `Piazza: ${clients} clients connected in ${((Date.now() - connectedAt) / 1000).toFixed(0)} s`,
    );
    results.push(
      await tickerPhase(all, 'Piazza', clients, symbols, async (seq) => {
        // As the feed leader does: each ticker of the tick on the bus, one after the other.
        for (const symbol of symbols) {
          await bus.publish(`ticker:${symbol}`, { ...tickerQuote(symbol), time: nowMs(), seq });
        }
      }),
    );
    await all(() => ({ op: 'disconnect' }));
    await app.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const barePort = (wss.address() as AddressInfo).port;
  checkConnected(
    await all((i) => ({ op: 'connect', url: `ws://127.0.0.1:${barePort}`, count: share(i), topics: null })),
    clients,
  );
  results.push(
    await tickerPhase(all, 'bare ws', clients, symbols, async (seq) => {
      // The tick as one frame, serialised once and sent to every client: no pace, no buffer check.
      const time = nowMs();
      const frame = JSON.stringify({
        batch: symbols.map((symbol) => ({
          topic: `ticker:${symbol}`,
          data: { ...tickerQuote(symbol), time, seq },
        })),
      });
      for (const client of wss.clients) client.send(frame);
    }),
  );
  await all(() => ({ op: 'disconnect' }));
  await new Promise((r) => wss.close(r));
  for (const child of children) child.process.kill();

  const loadAtEnd = (await import('node:os')).loadavg();
  printTickers(clients, symbols.length, processes, results, [loadAtStart, loadAtEnd]);
  if (json) {
    console.log(
      JSON.stringify({
        clients,
        tickers: symbols.length,
        ticks: tickerTicks,
        results,
        load: { before: loadAtStart, after: loadAtEnd },
      }),
    );
  }
}

function checkConnected(replies: FromTickerClients[], clients: number): void {
  const count = replies.reduce((sum, r) => sum + (r.op === 'connected' ? r.count : 0), 0);
  if (count !== clients) throw new Error(`connected ${count} of ${clients}`);
}

function tickerQuote(symbol: string) {
  return {
    symbol,
    status: 'open',
    last: '14.236',
    open: '14.000',
    high: '14.500',
    low: '13.900',
    volume: '1234567',
    prevClose: '14.000',
    change: '0.236',
    changePercent: '1.69',
  };
}

async function tickerPhase(
  all: (make: (i: number) => ToTickerClients) => Promise<FromTickerClients[]>,
  server: string,
  clients: number,
  symbols: string[],
  publish: (seq: number) => Promise<void>,
): Promise<TickerResult> {
  for (let i = 0; i < tickerWarmUpTicks; i++) {
    await publish(-1);
    await sleep(tickerEveryMs);
  }
  await all(() => ({ op: 'reset' }));
  let lastTickAt = 0;
  for (let seq = 0; seq < tickerTicks; seq++) {
    const due = nowMs() + tickerEveryMs;
    lastTickAt = nowMs();
    await publish(seq);
    await sleep(Math.max(0, due - nowMs()));
  }
  const replies = await all(() => ({
    op: 'collect',
    lastSeq: tickerTicks - 1,
    tickers: symbols.length,
    timeoutMs: 20_000,
  }));
  let received = 0;
  let frames = 0;
  let gotLast = 0;
  let lastAt = 0;
  const parts: Float64Array[] = [];
  for (const r of replies) {
    if (r.op !== 'collected') throw new Error('no report from the clients');
    received += r.received;
    frames += r.frames;
    gotLast += r.gotLast;
    lastAt = Math.max(lastAt, r.lastAt);
    parts.push(r.ages);
  }
  const ages = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    ages.set(p, offset);
    offset += p.length;
  }
  ages.sort();
  const at = (q: number) => ages[Math.min(ages.length - 1, Math.floor(q * ages.length))] ?? Number.NaN;
  return {
    server,
    expected: clients * symbols.length * tickerTicks,
    received,
    frames,
    p50: at(0.5),
    p99: at(0.99),
    max: ages[ages.length - 1] ?? Number.NaN,
    gotLast,
    lastTickMs: lastAt - lastTickAt,
  };
}

function printTickers(
  clients: number,
  tickers: number,
  processes: number,
  results: TickerResult[],
  loads: number[][],
): void {
  const say = (line: string) => (json ? console.error(line) : console.log(line));
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const load = loads.map((l) => l.map((x) => x.toFixed(1)).join(' ')).join(' → ');
  say(
    `WebSocket fan-out: ${fmt(clients)} clients × ${tickers} tickers on loopback, ${tickerTicks} ticks at 1 a second ` +
      `(clients in ${processes} child process${processes > 1 ? 'es' : ''}; load average ${load})`,
  );
  const widths = [8, 10, 10, 9, 8, 8, 8, 13];
  const row = (values: string[]) =>
    say(values.map((v, i) => (i < 1 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  '));
  row(['server', 'expected', 'received', 'frames', 'p50 ms', 'p99 ms', 'max ms', 'last tick, ms']);
  for (const r of results) {
    row([
      r.server,
      fmt(r.expected),
      fmt(r.received),
      fmt(r.frames),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.max.toFixed(1),
      r.gotLast === clients ? r.lastTickMs.toFixed(0) : `${r.gotLast}/${clients} got it`,
    ]);
  }
  const piazza = results.find((r) => r.server === 'Piazza');
  const bare = results.find((r) => r.server === 'bare ws');
  if (piazza && bare) {
    say(
      `Piazza p99 ${piazza.p99.toFixed(0)} ms (goal ≤ 100 ms); Piazza / bare ws = ${(piazza.p99 / bare.p99).toFixed(2)} p99 age, ` +
        `${(piazza.received / bare.received).toFixed(2)} messages delivered`,
    );
  }
}

/** A child process of clients, asked one thing at a time over IPC. */
function tickerClients(): {
  process: ChildProcess;
  ask: (message: ToTickerClients) => Promise<FromTickerClients>;
} {
  const child = fork(fileURLToPath(import.meta.url), ['--ticker-clients'], { serialization: 'advanced' });
  let waiting: ((reply: FromTickerClients) => void) | undefined;
  child.on('message', (reply) => waiting?.(reply as FromTickerClients));
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) {
      console.error(`ws-fanout: a client process ended with ${code}`);
      process.exit(1);
    }
  });
  return {
    process: child,
    ask: (message) =>
      new Promise((resolve) => {
        waiting = resolve;
        child.send(message);
      }),
  };
}

/** The child's side: its share of the clients, counting every ticker message they hear, alone or in a batch. */
function runTickerClients(): void {
  let sockets: WebSocket[] = [];
  let received = 0;
  let frames = 0;
  let ages: number[] = [];
  let lastAt = 0;
  /** How many tickers of the last tick each client has. */
  let lastOf = new Map<WebSocket, number>();
  let lastSeq = Number.NaN;
  const reply = (message: FromTickerClients) => process.send!(message);

  // 10,000 clients share these processes with the server on two cores: each frame is scanned for its
  // messages' "time" and "seq" rather than parsed whole, so the clients' own cost weighs less on the ages.
  const timeKey = Buffer.from('"time":');
  const seqKey = Buffer.from('"seq":');
  const numberAt = (buf: Buffer, from: number): number => {
    let end = from;
    while (end < buf.length && ((buf[end]! >= 48 && buf[end]! <= 57) || buf[end] === 46 || buf[end] === 45))
      end++;
    return Number(buf.toString('latin1', from, end));
  };
  const onMessage = (ws: WebSocket, data: WebSocket.RawData) => {
    const at = nowMs();
    frames++;
    const buf = data as Buffer;
    let i = buf.indexOf(timeKey);
    while (i !== -1) {
      const time = numberAt(buf, i + timeKey.length);
      const s = buf.indexOf(seqKey, i);
      if (s === -1) break;
      const seq = numberAt(buf, s + seqKey.length);
      i = buf.indexOf(timeKey, s);
      if (seq < 0) continue;
      received++;
      ages.push(at - time);
      if (seq === lastSeq) {
        lastOf.set(ws, (lastOf.get(ws) ?? 0) + 1);
        lastAt = Math.max(lastAt, at);
      }
    }
  };

  async function open(url: string, topics: string[] | null): Promise<WebSocket> {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    if (topics) {
      const acked = new Promise<void>((resolve) => {
        const onAck = (data: WebSocket.RawData) => {
          if ((JSON.parse(String(data)) as { op?: string }).op !== 'ack') return;
          ws.off('message', onAck);
          resolve();
        };
        ws.on('message', onAck);
      });
      ws.send(JSON.stringify({ op: 'subscribe', topics }));
      await acked;
    }
    ws.on('message', (data) => onMessage(ws, data));
    return ws;
  }

  process.on('message', async (message: ToTickerClients) => {
    switch (message.op) {
      case 'connect': {
        sockets = [];
        for (let i = 0; i < message.count; i += 100) {
          const batch = Array.from({ length: Math.min(100, message.count - i) }, () =>
            open(message.url, message.topics),
          );
          sockets.push(...(await Promise.all(batch)));
        }
        reply({ op: 'connected', count: sockets.length });
        return;
      }
      case 'reset': {
        received = 0;
        frames = 0;
        ages = [];
        lastAt = 0;
        lastOf = new Map();
        lastSeq = tickerTicks - 1;
        reply({ op: 'reset' });
        return;
      }
      case 'collect': {
        const deadline = Date.now() + message.timeoutMs;
        const gotLast = () => sockets.filter((ws) => (lastOf.get(ws) ?? 0) >= message.tickers).length;
        while (gotLast() < sockets.length && Date.now() < deadline) await sleep(50);
        await sleep(200);
        reply({
          op: 'collected',
          received,
          frames,
          ages: Float64Array.from(ages),
          gotLast: gotLast(),
          lastAt,
        });
        return;
      }
      case 'disconnect': {
        await Promise.all(
          sockets.map(
            (ws) =>
              new Promise<void>((resolve) => {
                if (ws.readyState === WebSocket.CLOSED) return resolve();
                ws.once('close', () => resolve());
                ws.close();
              }),
          ),
        );
        sockets = [];
        reply({ op: 'disconnected' });
        return;
      }
    }
  });
}
