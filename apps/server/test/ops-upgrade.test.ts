import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { migrate, NewerDatabase, readMigrations } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { verifyLedger } from '../src/ledger/verify';
import { fixtureSecretKey } from '../src/ops/fixture-release';
import { withDatabase } from './global-setup';
import { call, freshDatabase, TestClock } from './helper';

/*
 * Upgrades keep data (issue 23, decision 042): the database the previous release left after a demo and a few
 * trades (test/fixtures/release-*.sql.gz, made by `npm run fixture:release`) is migrated by today's code, passes
 * the ledger checks, and serves the main calls. And a database newer than the code is refused at start.
 */

const fixture = path.join(import.meta.dirname, 'fixtures/release-2026-11-26.sql.gz');
const databaseUrl = process.env.DATABASE_URL ?? '';
let cleanup: (() => Promise<void>) | undefined;

afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A database with nothing in it, not even the migrations. */
async function emptyDatabase(): Promise<Db> {
  if (!databaseUrl) {
    const db = await openPglite({});
    cleanup = () => db.close();
    return db;
  }
  const name = `piazza_upgrade_${randomBytes(5).toString('hex')}`;
  const admin = await openPostgres(databaseUrl, 1);
  await admin.query(`create database ${name}`);
  const db = await openPostgres(withDatabase(databaseUrl, name), 10);
  cleanup = async () => {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.close();
  };
  return db;
}

function appOn(db: Db, clock: TestClock): Promise<App> {
  const config = loadConfig({
    DEMO_MODE: '1',
    LOG_LEVEL: 'silent',
    SECRET_KEY: fixtureSecretKey,
  } as NodeJS.ProcessEnv);
  return buildApp({ config, db, clock, logger: false, seedDemo: false });
}

// A fresh PGlite, a whole release's data, every migration since and a server: generous on a busy machine.
describe('upgrading a database made by the previous release', () => {
  it('migrates the release of 2026-11-26 with its trades, keeps the ledger clean and serves the main calls', async () => {
    const db = await emptyDatabase();
    await db.exec(gunzipSync(await readFile(fixture)).toString('utf8'));
    const [before] = await db.query<{ entries: bigint; orders: bigint }>(
      'select (select count(*) from journal_entries) as entries, (select count(*) from stock_orders) as orders',
    );
    expect(before?.orders).toBeGreaterThan(0n);

    await migrate(db);
    const known = (await readMigrations()).map((m) => m.name);
    const applied = (
      await db.query<{ name: string }>('select name from schema_migrations order by name')
    ).map((r) => r.name);
    expect(applied).toEqual(known);
    expect(await verifyLedger(db)).toEqual([]);

    // Monday 30 November 2026, 10:30 in Milan: a week after the release's trades, Borsa Italiana in session.
    const app = await appOn(db, new TestClock(Date.UTC(2026, 10, 30, 9, 30)));
    try {
      const login = await call<{ token: string }>(app, 'POST', '/user/login', {
        account: 'demo@piazza.it',
        password: 'Piazza2026',
      });
      expect(login.code, login.msg).toBe(0);
      const token = login.data.token;
      const info = await call<{ user?: { account: string; idStatus: string } }>(
        app,
        'GET',
        '/user/login/info',
        {},
        { token },
      );
      expect(info.code, info.msg).toBe(0);
      expect(info.data.user).toMatchObject({ account: 'demo@piazza.it', idStatus: 'succ' });
      const list = await call<{ list: unknown[] }>(app, 'GET', '/stock/list', { country: 'IT' }, { token });
      expect(list.code, list.msg).toBe(0);
      expect(list.data.list.length).toBeGreaterThan(0);
      const order = await call(
        app,
        'POST',
        '/stock/order/buy',
        {
          symbol: 'ENI.MI',
          type: 'market',
          quantity: '5',
          requestId: `upgrade-${randomBytes(6).toString('hex')}`,
        },
        { token },
      );
      expect(order.code, order.msg).toBe(0);
      const assets = await call(app, 'POST', '/user/assets', {}, { token });
      expect(assets.code, assets.msg).toBe(0);
      // The orders the release left are still the investor's.
      const orders = await db.query<{ n: bigint }>(
        `select count(*) as n from stock_orders o join users u on u.id = o.user_id where u.account = 'demo@piazza.it'`,
      );
      expect(orders[0]?.n).toBeGreaterThan(1n);
      expect(await verifyLedger(db)).toEqual([]);
    } finally {
      await app.close();
    }
  }, 180_000);
});

describe('a database newer than the code', () => {
  it('is refused at start, naming the migration this version does not know, and left as it was', async () => {
    const db = await freshDatabase();
    cleanup = () => db.drop();
    await db.query(`insert into schema_migrations (name) values ('999-from-a-newer-release')`);
    const start = appOn(db, new TestClock());
    await expect(start).rejects.toBeInstanceOf(NewerDatabase);
    await expect(start).rejects.toThrow(/migration 999-from-a-newer-release is not known to this version/);
    const rows = await db.query<{ name: string }>(
      `select name from schema_migrations where name like '999-%'`,
    );
    expect(rows).toEqual([{ name: '999-from-a-newer-release' }]);
  });
});
