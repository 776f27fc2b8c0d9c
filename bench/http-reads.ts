/*
 * Read calls per second through the whole server, each beside a bare node:http server answering the same
 * bytes in the same run (issue 18, item 2; decision 067): GET /stock/info, GET /stock/list?country=IT and the
 * signed-in GET /user/login/info. One Piazza server (demo mode, every module, the feed publisher running)
 * listens on a loopback port; the bare server is a plain http.createServer that sends the body Piazza sent
 * for the same path, with the same content type. The load comes from a process of its own (this file,
 * forked), so each server has its Node thread to itself: `connections` keep-alive connections, one request
 * in flight on each (as autocannon does by default), over raw sockets so the client costs little.
 *
 *   npx tsx bench/http-reads.ts [seconds] [connections] [rounds]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/http-reads.ts
 *
 * `--json` (for `npm run bench`) prints the figures as one JSON object on stdout, the table on stderr.
 *
 * Defaults: 5 seconds per measurement, 50 connections, 1 round (with more, each figure is the median of the
 * rounds, Piazza and bare taking turns). PGlite in memory by default; on PostgreSQL it makes a database of
 * its own and drops it at the end.
 */

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { loadavg } from 'node:os';

interface LoadJob {
  port: number;
  /** The raw request, sent again as soon as its answer is complete. */
  request: string;
  connections: number;
  seconds: number;
}

interface LoadResult {
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers whose status was not 200. */
  errors: number;
}

/** Keep-alive connections over raw sockets, each sending the next request when the answer is in. */
async function runLoad(job: LoadJob): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const startedAt = performance.now();
  const endAt = startedAt + job.seconds * 1000;
  const request = Buffer.from(job.request);
  await Promise.all(
    Array.from(
      { length: job.connections },
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = connect(job.port, '127.0.0.1');
          socket.setNoDelay(true);
          let buffer: Buffer = Buffer.alloc(0);
          let sentAt = 0;
          const send = () => {
            sentAt = performance.now();
            socket.write(request);
          };
          socket.on('connect', send);
          socket.on('error', reject);
          socket.on('data', (chunk: Buffer) => {
            buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
            for (;;) {
              const headEnd = buffer.indexOf('\r\n\r\n');
              if (headEnd < 0) return;
              const head = buffer.subarray(0, headEnd).toString('latin1');
              const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
              if (!length) throw new Error(`an answer without content-length:\n${head}`);
              const end = headEnd + 4 + Number(length[1]);
              if (buffer.length < end) return;
              if (!head.startsWith('HTTP/1.1 200')) errors++;
              buffer = buffer.subarray(end);
              const now = performance.now();
              latencies.push(now - sentAt);
              if (now >= endAt) {
                socket.end();
                resolve();
                return;
              }
              send();
            }
          });
        }),
    ),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { requests: latencies.length, seconds, p50Ms: at(0.5), p99Ms: at(0.99), errors };
}

/** Runs one measurement in a forked copy of this file. */
function measure(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ['--load'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { result?: LoadResult; error?: string }) =>
      m.result ? resolve(m.result) : reject(new Error(m.error)),
    );
    child.once('error', reject);
    child.send(job);
  });
}

interface Target {
  name: string;
  path: string;
  headers: Record<string, string>;
}

/** One call's medians, as `--json` prints them. */
export interface ReadFigure {
  call: string;
  bytes: number;
  piazzaPerSecond: number;
  piazzaP99Ms: number;
  barePerSecond: number;
  bareP99Ms: number;
  ratio: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const json = process.argv.includes('--json');
  const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const seconds = Number(positional[0] ?? 5);
  const connections = Number(positional[1] ?? 50);
  const rounds = Number(positional[2] ?? 1);
  // With --json the table goes to stderr, so stdout is the one JSON object.
  const say = (line: string) => (json ? console.error(line) : console.log(line));
  const loadBefore = loadavg();
  const figures: ReadFigure[] = [];
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { openPglite } = await import('../apps/server/src/db/pglite');
  const { openPostgres } = await import('../apps/server/src/db/postgres');

  const databaseUrl = process.env.DATABASE_URL ?? '';
  let drop = async () => {};
  let db: Awaited<ReturnType<typeof openPglite>> | Awaited<ReturnType<typeof openPostgres>>;
  if (databaseUrl) {
    const name = `piazza_bench_${randomBytes(4).toString('hex')}`;
    const admin = await openPostgres(databaseUrl, 1);
    await admin.query(`create database ${name}`);
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    const own = await openPostgres(u.toString(), 10);
    db = own;
    drop = async () => {
      await own.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  } else {
    const own = await openPglite({});
    db = own;
    drop = () => own.close();
  }
  const config = loadConfig({ DEMO_MODE: '1', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  const app = await buildApp({ config, db, logger: false, seedDemo: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const piazzaPort = (app.server.address() as AddressInfo).port;

  // One investor, registered through the API as the app does, for the signed-in call.
  const account = `bench-${randomBytes(4).toString('hex')}@piazza.test`;
  const form = (params: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US' },
    body: new URLSearchParams(params).toString(),
  });
  await fetch(`${address}/ipcg-api/common/code/send`, form({ account, scene: 'register', areaCode: '+39' }));
  const outbox = await fetch(`${address}/ipcg-api/dev/outbox?to=${encodeURIComponent(account)}`);
  const code = ((await outbox.json()) as { data: { list: { code: string }[] } }).data.list[0]?.code ?? '';
  const registered = (await (
    await fetch(
      `${address}/ipcg-api/user/register`,
      form({ account, password: 'segreta1', confirmPassword: 'segreta1', code, areaCode: '+39', agree: '1' }),
    )
  ).json()) as { code: number; msg: string; data: { token: string } };
  if (registered.code !== 0) throw new Error(`register refused: ${registered.msg}`);

  const targets: Target[] = [
    { name: 'GET /stock/info?symbol=ENI.MI', path: '/ipcg-api/stock/info?symbol=ENI.MI', headers: {} },
    { name: 'GET /stock/list?country=IT', path: '/ipcg-api/stock/list?country=IT', headers: {} },
    {
      name: 'GET /user/login/info (signed in)',
      path: '/ipcg-api/user/login/info',
      headers: { 'access-token': registered.data.token },
    },
  ];

  say(
    `Piazza ${databaseUrl ? 'on PostgreSQL' : 'on PGlite (in memory)'} vs bare node:http, ${connections} connections, ` +
      `${seconds} s each, ${rounds} round(s); load average before: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  say(
    `${'call'.padEnd(34)}${'bytes'.padStart(7)}${'Piazza req/s'.padStart(14)}${'p99 ms'.padStart(8)}` +
      `${'bare req/s'.padStart(12)}${'p99 ms'.padStart(8)}${'ratio'.padStart(7)}`,
  );
  for (const target of targets) {
    const sample = await fetch(address + target.path, { headers: target.headers });
    const body = Buffer.from(await sample.arrayBuffer());
    const envelope = JSON.parse(body.toString()) as { code: number; msg: string };
    if (envelope.code !== 0) throw new Error(`${target.name}: ${envelope.code} ${envelope.msg}`);
    const contentType = sample.headers.get('content-type') ?? 'application/json';
    // The anchor: the same bytes, as fast as Node's own HTTP server sends anything.
    const bare: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      res.end(body);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const barePort = (bare.address() as AddressInfo).port;
    const extra = Object.entries(target.headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const request = `GET ${target.path} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept-language: en-US\r\n${extra}\r\n`;
    const piazza: LoadResult[] = [];
    const anchor: LoadResult[] = [];
    for (let r = 0; r < rounds; r++) {
      piazza.push(await measure({ port: piazzaPort, request, connections, seconds }));
      anchor.push(await measure({ port: barePort, request, connections, seconds }));
    }
    await new Promise((resolve) => bare.close(resolve));
    const errors = piazza.reduce((n, p) => n + p.errors, 0);
    if (errors > 0) throw new Error(`${target.name}: ${errors} answers were not 200`);
    const rate = (xs: LoadResult[]) => median(xs.map((x) => x.requests / x.seconds));
    const p99 = (xs: LoadResult[]) => median(xs.map((x) => x.p99Ms));
    const ours = rate(piazza);
    const theirs = rate(anchor);
    figures.push({
      call: target.name,
      bytes: body.length,
      piazzaPerSecond: ours,
      piazzaP99Ms: p99(piazza),
      barePerSecond: theirs,
      bareP99Ms: p99(anchor),
      ratio: ours / theirs,
    });
    say(
      `${target.name.padEnd(34)}${String(body.length).padStart(7)}${Math.round(ours).toLocaleString('en-US').padStart(14)}` +
        `${p99(piazza).toFixed(1).padStart(8)}${Math.round(theirs).toLocaleString('en-US').padStart(12)}` +
        `${p99(anchor).toFixed(1).padStart(8)}${(ours / theirs).toFixed(2).padStart(7)}`,
    );
  }
  say(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await app.close();
  await drop();
  if (json) {
    console.log(
      JSON.stringify({
        database: databaseUrl ? 'postgresql' : 'pglite',
        seconds,
        connections,
        rounds,
        figures,
        load: { before: loadBefore, after: loadavg() },
      }),
    );
  }
}

if (process.argv.includes('--load')) {
  process.once('message', (job: LoadJob) => {
    runLoad(job).then(
      (result) => process.send?.({ result }, () => process.exit(0)),
      (err: unknown) => process.send?.({ error: String(err) }, () => process.exit(1)),
    );
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
