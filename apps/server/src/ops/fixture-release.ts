import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openPostgres } from '../db/postgres';
import { withoutPassword } from './pg-tools';

/*
 * `npm run fixture:release -- <commit> [name]`: the database a released version leaves, kept in the repo as
 * apps/server/test/fixtures/release-<name>.sql.gz, which the upgrade test migrates with today's code
 * (decision 042). Run it at each release, on the commit of the release, with DATABASE_URL pointing at a
 * PostgreSQL server where a scratch database may be created.
 *
 * It unpacks the commit (git archive) into a temporary folder that borrows this checkout's node_modules,
 * starts that version's server on a scratch database in demo mode (the demo investor, operator, offerings
 * and products are seeded), trades over HTTP as the app does (stock and crypto, market and limit orders, one
 * cancelled, one left open), stops it, and dumps the app's schema as plain SQL with INSERTs (PGlite has no COPY from a
 * script), gzipped.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const fixturesDir = path.join(repoRoot, 'apps/server/test/fixtures');
/** A Monday with every market in session, so market orders fill. */
const clockStart = '2026-11-23T10:30:00+01:00';
/** The key the fixture's server sealed its secrets with (a test key; no real secret is sealed with it). */
export const fixtureSecretKey = Buffer.alloc(32, 7).toString('base64');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The release's sources, with this checkout's dependencies but the release's own workspace packages. */
async function unpack(commit: string, dir: string): Promise<void> {
  execFileSync('sh', ['-c', `git -C "${repoRoot}" archive "${commit}" | tar -x -C "${dir}"`], {
    stdio: 'inherit',
  });
  await mkdir(path.join(dir, 'node_modules/@piazza'), { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@piazza') continue;
    await symlink(path.join(repoRoot, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  for (const [name, where] of Object.entries({
    core: 'packages/core',
    contract: 'packages/contract',
    server: 'apps/server',
    web: 'apps/web',
    admin: 'apps/admin',
  })) {
    if (existsSync(path.join(dir, where)))
      await symlink(`../../${where}`, path.join(dir, 'node_modules/@piazza', name));
  }
  const serverModules = path.join(repoRoot, 'apps/server/node_modules');
  if (existsSync(serverModules)) await symlink(serverModules, path.join(dir, 'apps/server/node_modules'));
}

interface Answer {
  code: number;
  msg: string;
  data: Record<string, unknown> | null;
}

function client(base: string) {
  let token = '';
  return {
    set token(t: string) {
      token = t;
    },
    async call(method: 'GET' | 'POST', route: string, params: Record<string, string> = {}): Promise<Answer> {
      const query = new URLSearchParams(params).toString();
      const headers: Record<string, string> = { 'accept-language': 'en-US' };
      if (token) headers['access-token'] = token;
      const res =
        method === 'GET'
          ? await fetch(`${base}/ipcg-api${route}?${query}`, { headers })
          : await fetch(`${base}/ipcg-api${route}`, {
              method,
              headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
              body: query,
            });
      return (await res.json()) as Answer;
    },
  };
}

async function waitUntilUp(base: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the release's server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/ipcg-api/user/login/info`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the release server did not answer in 5 minutes');
}

/** A few trades by the demo investor: what an upgrade must carry over (orders, fills, lots, the journal). */
async function trade(base: string): Promise<void> {
  const api = client(base);
  const must = async (what: string, p: Promise<Answer>) => {
    const a = await p;
    if (a.code !== 0) throw new Error(`${what}: ${a.code} ${a.msg}`);
    return a;
  };
  const login = await must(
    'login',
    api.call('POST', '/user/login', { account: 'demo@piazza.it', password: 'Piazza2026' }),
  );
  api.token = String((login.data as { token: string }).token);
  const id = () => `fixture-${randomBytes(6).toString('hex')}`;
  await must(
    'buy ENI.MI',
    api.call('POST', '/stock/order/buy', {
      symbol: 'ENI.MI',
      type: 'market',
      quantity: '20',
      requestId: id(),
    }),
  );
  await must(
    'buy ISP.MI',
    api.call('POST', '/stock/order/buy', {
      symbol: 'ISP.MI',
      type: 'market',
      quantity: '100',
      requestId: id(),
    }),
  );
  const resting = await must(
    'limit buy',
    api.call('POST', '/stock/order/buy', {
      symbol: 'ENI.MI',
      type: 'limit',
      price: '1.000',
      quantity: '10',
      requestId: id(),
    }),
  );
  await must(
    'cancel',
    api.call('GET', '/stock/order/cancel', { id: String((resting.data as { id: unknown }).id) }),
  );
  await must(
    'limit buy (left open)',
    api.call('POST', '/stock/order/buy', {
      symbol: 'ENI.MI',
      type: 'limit',
      price: '1.000',
      quantity: '7',
      requestId: id(),
    }),
  );
  await must(
    'buy btcusdt',
    api.call('POST', '/coin/order/add', {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'market',
      quantity: '0.01',
      requestId: id(),
    }),
  );
  await must(
    'sell btcusdt',
    api.call('POST', '/coin/order/add', {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'market',
      quantity: '0.004',
      requestId: id(),
    }),
  );
}

/** pg_dump's plain SQL, made loadable by one connection that is not psql (PGlite, or pg's exec). */
export function loadableSql(dump: string): string {
  return dump
    .split('\n')
    .filter((line) => !line.startsWith('\\')) // psql meta-commands (\restrict, \unrestrict)
    .filter((line) => !line.includes("set_config('search_path', '', false)"))
    .filter((line) => line !== 'CREATE SCHEMA public;') // --schema=public names it; every database has it
    .join('\n');
}

async function main(args: string[]): Promise<void> {
  const [commit, name = new Date().toISOString().slice(0, 10)] = args;
  const adminUrl = process.env.DATABASE_URL ?? '';
  if (!commit || !adminUrl) {
    console.error(
      'usage: DATABASE_URL=postgres://… npm run fixture:release -- <commit> [name, e.g. 2026-11-26]',
    );
    process.exitCode = 2;
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'piazza-release-'));
  const database = `piazza_fixture_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl, 1);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  let server: ChildProcess | undefined;
  try {
    await unpack(commit, dir);
    await admin.query(`create database ${database}`);
    const port = await freePort();
    // One process (node with tsx's loader), so a stop signal reaches the server itself.
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(dir, 'data'),
        DEMO_MODE: '1',
        DEMO_CLOCK_START: clockStart,
        SECRET_KEY: fixtureSecretKey,
        LOG_LEVEL: 'error',
      },
    });
    const base = `http://127.0.0.1:${port}`;
    await waitUntilUp(base, server);
    await trade(base);
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    const { url: target, env } = withoutPassword(url.toString());
    const dump = execFileSync(
      'pg_dump',
      [
        '--schema=public',
        '--inserts',
        '--no-owner',
        '--no-privileges',
        '--no-comments',
        `--dbname=${target}`,
      ],
      { env: { ...process.env, ...env }, maxBuffer: 1024 * 1024 * 1024 },
    ).toString('utf8');
    const file = path.join(fixturesDir, `release-${name}.sql.gz`);
    const gz = gzipSync(Buffer.from(loadableSql(dump)), { level: 9 });
    await writeFile(file, gz);
    console.log(`fixture:release: ${path.relative(repoRoot, file)} (${gz.length} bytes) from ${commit}`);
  } finally {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main(process.argv.slice(2));
}
