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
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import WebSocket, { WebSocketServer } from 'ws';

const topic = 'ticker:BTCUSDT';
const hardLimitMs = 180_000;

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

if (isMainThread) {
  const timer = setTimeout(() => {
    console.error(`ws-fanout: gave up after ${hardLimitMs / 1000} s`);
    process.exit(1);
  }, hardLimitMs);
  timer.unref();
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
} else {
  runClients();
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
