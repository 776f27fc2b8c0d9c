/*
 * `npm run bench` (issue 18, item 5): every benchmark of issue 18's table with its anchor in the same run,
 * then one table — figure | Piazza | anchor | ratio | goal | met? — and the machine's load average before
 * and after. Each benchmark runs in a process of its own (the scripts beside this one, with `--json`), so
 * none inherits another's heap or compiled code; their progress goes to stderr, the table to stdout.
 *
 *   npm run bench                   the issue's settings, each figure the median of 3 (about half an hour)
 *   npm run bench -- --quick        a smoke run: fewer seconds and clients, 1 round (a few minutes)
 *   npm run bench -- --skip ws,lighthouse      leave steps out (orders, pglite, statements, reads, ws,
 *                                              lighthouse, bundle)
 *   npm run bench -- --build-lock /tmp/e2e.lock   run the Lighthouse step (it builds) under `flock <file>`
 *
 * PostgreSQL: DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres; the order benchmarks create
 * their databases there and drop them. pgbench comes with Debian's postgresql-client; without it the
 * order rows say so. Reads, WebSocket and Lighthouse run on PGlite, as `npm start` does by default.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { LighthouseResult } from './lighthouse';

const here = import.meta.dirname;
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const skipAt = args.indexOf('--skip');
const skipped = new Set(skipAt >= 0 ? (args[skipAt + 1] ?? '').split(',') : []);
const lockAt = args.indexOf('--build-lock');
const buildLock = lockAt >= 0 ? args[lockAt + 1] : undefined;
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The issue's settings, and the smoke run's. */
const settings = quick
  ? {
      orders: ['4', '8', '1'],
      statements: ['3', '1', 'pin'],
      reads: ['2', '50', '1'],
      wsClients: '1000',
      rounds: 1,
    }
  : {
      orders: ['10', '16', '3'],
      statements: ['5', '1', 'pin'],
      reads: ['5', '50', '3'],
      wsClients: '10000',
      rounds: 3,
    };

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

const note = (line: string) => console.error(`\n== ${line}`);

/** Runs a bench script with `--json` in its own process; answers the JSON object its stdout ends with. */
function runJson<T>(
  file: string,
  scriptArgs: string[],
  opts: { env?: NodeJS.ProcessEnv; lock?: string } = {},
) {
  const node = [process.execPath, '--import', 'tsx', path.join(here, file), ...scriptArgs, '--json'];
  const [command, ...rest] = opts.lock ? ['flock', opts.lock, ...node] : node;
  return new Promise<Outcome<T>>((resolve) => {
    const child = spawn(command as string, rest, {
      cwd: path.resolve(here, '..'),
      env: opts.env ?? process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', (err) => resolve({ ok: false, error: err.message }));
    child.once('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) {
        resolve({ ok: false, error: `${file} exited with ${code}` });
        return;
      }
      try {
        resolve({ ok: true, value: JSON.parse(last) as T });
      } catch {
        resolve({ ok: false, error: `${file} printed no JSON` });
      }
    });
  });
}

/** True when the PostgreSQL server answers, or why not. */
async function reachable(url: string): Promise<true | string> {
  const { openPostgres } = await import('../apps/server/src/db/postgres');
  try {
    const db = await openPostgres(url, 1);
    try {
      await db.query('select 1');
      return true;
    } finally {
      await db.close();
    }
  } catch (err) {
    return (err as Error).message || String(err);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

interface Row {
  figure: string;
  piazza: string;
  anchor: string;
  ratio: string;
  goal: string;
  met: string;
}

const rows: Row[] = [];
const row = (r: Row) => rows.push(r);
const yes = (b: boolean) => (b ? 'yes' : '**no**');
const failed = (figure: string, goal: string, why: string) =>
  row({ figure, piazza: `not measured: ${why}`, anchor: '—', ratio: '—', goal, met: '—' });

interface OrdersJson {
  pgbenchTps: number | null;
  pgbenchMissing: boolean;
  scenarios: Record<string, { perSecond: number; p50Ms: number; p99Ms: number; refused: number }>;
}
interface StatementsJson {
  statementsPerOrder: number;
  insideTransactionPerOrder: number;
  benchClockPerOrder: number;
}
interface ReadsJson {
  figures: {
    call: string;
    bytes: number;
    piazzaPerSecond: number;
    piazzaP99Ms: number;
    barePerSecond: number;
    bareP99Ms: number;
  }[];
}
interface WsJson {
  clients: number;
  tickers: number;
  results: { server: string; received: number; expected: number; p99: number }[];
}
interface BundleJson {
  downloads: { label: string; gzipBytes: number; brotliBytes: number; goalGzipBytes: number | null }[];
}

async function main() {
  const startedAt = Date.now();
  const loadBefore = loadavg();
  const lines: string[] = [];
  const say = (line: string) => lines.push(line);
  console.error(
    `npm run bench${quick ? ' --quick' : ''}: ${settings.rounds === 1 ? '1 round' : `median of ${settings.rounds}`}; ` +
      `load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
  );

  // Orders on PostgreSQL, beside pgbench: the issue's first two rows, and the anchor of the PGlite row.
  const postgres = await reachable(databaseUrl);
  if (postgres !== true) {
    for (const step of ['orders', 'statements']) skipped.add(step);
    console.error(`PostgreSQL at ${databaseUrl}: ${postgres}; its rows are left out`);
  }
  const why = postgres === true ? 'skipped' : `PostgreSQL unreachable (${postgres})`;
  let pgOrders: OrdersJson | undefined;
  const clients = settings.orders[1];
  const ordersRows = [
    {
      key: 'nopin',
      figure: `stock market orders/s, PostgreSQL, ${clients} clients, no transaction password`,
    },
    { key: 'pin', figure: 'the same, transaction password, session unlocked (decision 066)' },
  ];
  if (skipped.has('orders')) {
    for (const r of ordersRows) failed(r.figure, '≥ 0.5', why);
  } else {
    note(`orders on PostgreSQL beside pgbench (bench/http-orders.ts ${settings.orders.join(' ')})`);
    const got = await runJson<OrdersJson>('http-orders.ts', [...settings.orders, '--only', 'nopin,pin'], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    if (got.ok) pgOrders = got.value;
    for (const r of ordersRows) {
      const s = pgOrders?.scenarios[r.key];
      if (!got.ok || !s) {
        failed(r.figure, '≥ 0.5', got.ok ? 'no result' : got.error);
        continue;
      }
      const tps = got.value.pgbenchTps;
      row({
        figure: r.figure,
        piazza: `${int(s.perSecond)}, p99 ${int(s.p99Ms)} ms${s.refused ? `, ${s.refused} refused` : ''}`,
        anchor:
          tps === null
            ? got.value.pgbenchMissing
              ? 'pgbench not installed (postgresql-client)'
              : '—'
            : `pgbench TPC-B, ${clients} clients: ${int(tps)} tps`,
        ratio: tps === null ? '—' : fixed(s.perSecond / tps, 3),
        goal: '≥ 0.5',
        met: tps === null ? '—' : yes(s.perSecond / tps >= 0.5),
      });
    }
  }

  // Statements per order: the transaction-password path, one client, every statement counted.
  const statementsFigure = 'statements per stock order (transaction password, unlocked)';
  if (skipped.has('statements')) failed(statementsFigure, '≤ 6', why);
  else {
    note(`statements per order (bench/order-profile.ts ${settings.statements.join(' ')})`);
    const got = await runJson<StatementsJson>('order-profile.ts', settings.statements, {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    if (!got.ok) failed(statementsFigure, '≤ 6', got.error);
    else {
      const production = got.value.statementsPerOrder - got.value.benchClockPerOrder;
      row({
        figure: statementsFigure,
        piazza: `${fixed(production, 1)} (${fixed(got.value.insideTransactionPerOrder - got.value.benchClockPerOrder, 1)} in its transaction; + BEGIN, COMMIT)`,
        anchor: 'TPC-B: 5',
        ratio: `${fixed(production / 5, 1)}×`,
        goal: '≤ 6',
        met: yes(production <= 6),
      });
    }
  }

  // Orders on the embedded default, against the same scenario on PostgreSQL above.
  const pgliteFigure = `orders/s on PGlite (a data directory, as npm start), ${clients} clients`;
  if (skipped.has('pglite')) failed(pgliteFigure, '≥ 0.8', 'skipped');
  else {
    note(`orders on PGlite (bench/http-orders.ts ${settings.orders.join(' ')} --pglite)`);
    const got = await runJson<OrdersJson>('http-orders.ts', [
      ...settings.orders,
      '--pglite',
      '--only',
      'nopin',
    ]);
    const s = got.ok ? got.value.scenarios.nopin : undefined;
    const anchor = pgOrders?.scenarios.nopin?.perSecond;
    if (!got.ok || !s) failed(pgliteFigure, '≥ 0.8', got.ok ? 'no result' : got.error);
    else
      row({
        figure: pgliteFigure,
        piazza: `${int(s.perSecond)}, p99 ${int(s.p99Ms)} ms`,
        anchor: anchor === undefined ? 'PostgreSQL not measured' : `the same on PostgreSQL: ${int(anchor)}`,
        ratio: anchor === undefined ? '—' : fixed(s.perSecond / anchor, 2),
        goal: '≥ 0.8',
        met: anchor === undefined ? '—' : yes(s.perSecond / anchor >= 0.8),
      });
  }

  // Reads beside a bare node:http serving the same bytes.
  const readGoals: Record<string, number> = {
    'GET /stock/info?symbol=ENI.MI': 0.7,
    'GET /stock/list?country=IT': 0.5,
    'GET /user/login/info (signed in)': 0.7,
  };
  if (skipped.has('reads')) {
    for (const [call, goal] of Object.entries(readGoals)) failed(call, `≥ ${goal}`, 'skipped');
  } else {
    note(`reads beside bare node:http (bench/http-reads.ts ${settings.reads.join(' ')}, PGlite)`);
    const { DATABASE_URL: _pg, ...env } = process.env;
    const got = await runJson<ReadsJson>('http-reads.ts', settings.reads, { env });
    for (const [call, goal] of Object.entries(readGoals)) {
      const f = got.ok ? got.value.figures.find((x) => x.call === call) : undefined;
      if (!f) {
        failed(call, `≥ ${goal}`, got.ok ? 'no result' : got.error);
        continue;
      }
      const ratio = f.piazzaPerSecond / f.barePerSecond;
      row({
        figure: `${call} req/s, ${settings.reads[1]} connections (${f.bytes} B)`,
        piazza: `${int(f.piazzaPerSecond)}, p99 ${fixed(f.piazzaP99Ms, 1)} ms`,
        anchor: `bare node:http, same body: ${int(f.barePerSecond)}, p99 ${fixed(f.bareP99Ms, 1)} ms`,
        ratio: fixed(ratio, 2),
        goal: `≥ ${goal}`,
        met: yes(ratio >= goal),
      });
    }
  }

  // WebSocket: many clients × 10 tickers, beside a bare ws broadcast of one frame per tick.
  const wsFigure = `WebSocket, ${int(Number(settings.wsClients))} clients × 10 tickers, p99 age`;
  if (skipped.has('ws')) failed(wsFigure, 'p99 ≤ 100 ms', 'skipped');
  else {
    const runs: WsJson[] = [];
    let error = '';
    for (let i = 1; i <= settings.rounds; i++) {
      note(
        `WebSocket fan-out, run ${i} of ${settings.rounds} (bench/ws-fanout.ts --tickers ${settings.wsClients} 10)`,
      );
      const got = await runJson<WsJson>('ws-fanout.ts', ['--tickers', settings.wsClients, '10']);
      if (got.ok) runs.push(got.value);
      else error = got.error;
    }
    if (runs.length === 0) failed(wsFigure, 'p99 ≤ 100 ms', error);
    else {
      const of = (server: string) =>
        runs.map((r) => r.results.find((x) => x.server === server)).filter((x) => x !== undefined);
      const piazza = of('Piazza');
      const bare = of('bare ws');
      const p99 = median(piazza.map((x) => x.p99));
      const bareP99 = median(bare.map((x) => x.p99));
      const lost = piazza.reduce((n, x) => n + x.expected - x.received, 0);
      row({
        figure:
          wsFigure + (runs.length < settings.rounds ? ` (${runs.length} of ${settings.rounds} runs)` : ''),
        piazza: `p99 ${int(p99)} ms${lost > 0 ? `, ${int(lost)} messages lost` : ', every message delivered'}`,
        anchor: `bare ws, one frame per tick: p99 ${int(bareP99)} ms`,
        ratio: fixed(p99 / bareP99, 2),
        goal: 'p99 ≤ 100 ms',
        met: yes(p99 <= 100 && lost === 0),
      });
    }
  }

  // Lighthouse, mobile, on the built app (it builds what is not built).
  const lighthouseRuns = String(settings.rounds);
  const pageGoals = [
    { what: 'performance score', goal: '≥ 0.95' },
    { what: 'LCP', goal: '≤ 1.5 s' },
    { what: 'TBT', goal: '≤ 150 ms' },
    { what: 'CLS', goal: '≤ 0.05' },
  ];
  let lighthouse: LighthouseResult | undefined;
  if (skipped.has('lighthouse')) {
    for (const page of ['/', 'K-line page'])
      for (const g of pageGoals) failed(`Lighthouse mobile ${page}: ${g.what}`, g.goal, 'skipped');
  } else {
    note(`Lighthouse, mobile, ${lighthouseRuns} run(s) per page (bench/lighthouse.ts)`);
    const got = await runJson<LighthouseResult>('lighthouse.ts', [lighthouseRuns], {
      ...(buildLock ? { lock: buildLock } : {}),
    });
    if (!got.ok) {
      for (const g of pageGoals) failed(`Lighthouse mobile: ${g.what}`, g.goal, got.error);
    } else {
      lighthouse = got.value;
      for (const p of got.value.pages) {
        const name = `Lighthouse mobile ${p.page === 'home' ? '`/`' : `K-line \`${p.path}\``}`;
        const cell = { anchor: '—', ratio: '—' };
        row({
          figure: `${name}: score`,
          piazza: fixed(p.score, 2),
          ...cell,
          goal: '≥ 0.95',
          met: yes(p.score >= 0.95),
        });
        row({
          figure: `${name}: LCP`,
          piazza: `${fixed(p.lcpMs / 1000, 2)} s`,
          ...cell,
          goal: '≤ 1.5 s',
          met: yes(p.lcpMs <= 1500),
        });
        row({
          figure: `${name}: TBT`,
          piazza: `${int(p.tbtMs)} ms`,
          ...cell,
          goal: '≤ 150 ms',
          met: yes(p.tbtMs <= 150),
        });
        row({
          figure: `${name}: CLS`,
          piazza: fixed(p.cls, 3),
          ...cell,
          goal: '≤ 0.05',
          met: yes(p.cls <= 0.05),
        });
      }
    }
  }

  // What a phone downloads before the first render, and how the server sends it.
  const bundleFigure = 'initial JS + CSS before the first render (gzip)';
  if (skipped.has('bundle')) failed(bundleFigure, '≤ 150 kB gzip', 'skipped');
  else {
    note('initial download (bench/web-initial-load.ts)');
    const got = await runJson<BundleJson>('web-initial-load.ts', []);
    const web = got.ok ? got.value.downloads.find((d) => d.label.startsWith('web, 1.')) : undefined;
    if (!web) failed(bundleFigure, '≤ 150 kB gzip', got.ok ? 'not built' : got.error);
    else {
      const goal = web.goalGzipBytes ?? 150 * 1024;
      row({
        figure: bundleFigure,
        piazza: `${fixed(web.gzipBytes / 1024, 1)} kB (brotli ${fixed(web.brotliBytes / 1024, 1)} kB)`,
        anchor: 'goal 150 kB',
        ratio: fixed(web.gzipBytes / goal, 2),
        goal: '≤ 150 kB gzip',
        met: yes(web.gzipBytes <= goal),
      });
    }
    const served = lighthouse?.served;
    if (served) {
      const compressed = served.contentEncoding === 'br' || served.contentEncoding === 'gzip';
      const immutable = /immutable/.test(served.cacheControl) && /no-cache/.test(served.indexCacheControl);
      row({
        figure: 'the first script as served',
        piazza: `Content-Encoding ${served.contentEncoding}; ${served.cacheControl}; index.html ${served.indexCacheControl}`,
        anchor: '—',
        ratio: '—',
        goal: 'compressed, hashed assets immutable',
        met: yes(compressed && immutable),
      });
    }
  }

  const loadAfter = loadavg();
  const minutes = (Date.now() - startedAt) / 60_000;
  say(
    `npm run bench${quick ? ' --quick' : ''}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `Node ${process.versions.node}, ${cpus().length} cores, ${fixed(minutes, 0)} min; ` +
      `${settings.rounds === 1 ? 'one round' : `each figure the median of ${settings.rounds}`}`,
  );
  say(`load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`);
  say('');
  const header: Row = {
    figure: 'figure',
    piazza: 'Piazza',
    anchor: 'anchor',
    ratio: 'ratio',
    goal: 'goal',
    met: 'met?',
  };
  const keys = Object.keys(header) as (keyof Row)[];
  const widths = keys.map((k) => Math.max(...[header, ...rows].map((r) => r[k].length)));
  const line = (r: Row) => `| ${keys.map((k, i) => r[k].padEnd(widths[i] ?? 0)).join(' | ')} |`;
  say(line(header));
  say(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) say(line(r));
  say('');
  say(`load average after: ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
  if (lighthouse) {
    say(
      `Lighthouse ${lighthouse.lighthouse}, ${lighthouse.chromium}; host benchmark index ` +
        `${int(lighthouse.benchmarkIndex)} (below 1,000 Lighthouse warns that the host is slower than its 4× CPU slowdown assumes)`,
    );
    for (const p of lighthouse.pages) {
      say(
        `  ${p.path}: FCP ${fixed(p.fcpMs / 1000, 2)} s, ${int(p.transferBytes / 1024)} kB transferred` +
          (p.lcpElement ? `; LCP element ${p.lcpElement}` : '') +
          (p.externalRequests > 0 ? `; ${p.externalRequests} requests outside the app` : ''),
      );
    }
  }
  console.log(`\n${lines.join('\n')}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
