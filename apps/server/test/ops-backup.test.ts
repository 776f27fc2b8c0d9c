import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../src/db/db';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { verifyLedger } from '../src/ledger/verify';
import { type BackupTarget, restoreBackup, writeBackup } from '../src/ops/backup';
import { serveBackupSocket } from '../src/ops/backup-socket';
import { withDatabase } from './global-setup';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { fund, newApplicant, requestId } from './investor-steps';

/*
 * Backup and restore (issue 23, decision 042): trade, back up, trade more, restore into a fresh database, and
 * find the balances, the orders and the journal as they were at the backup, the ledger clean, the uploaded
 * documents back. On PGlite, and on PostgreSQL when DATABASE_URL is set (pg_dump / pg_restore).
 */

let t: TestApp;
let work: string;
const databaseUrl = process.env.DATABASE_URL ?? '';
const scratchDatabases: string[] = [];

/** What must come back exactly: every balance, every order, every entry and posting. */
async function books(q: Queryable): Promise<string> {
  const rows = async (sql: string) => q.query(sql);
  const state = {
    balances: await rows(
      'select owner_type, owner_id, purpose, asset, balance from accounts order by owner_type, owner_id, purpose, asset',
    ),
    orders: await rows('select * from stock_orders order by id'),
    entries: await rows('select * from journal_entries order by id'),
    postings: await rows('select * from postings order by id'),
  };
  return JSON.stringify(state, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

/** A database with nothing in it: a new PostgreSQL database, or (PGlite) a folder of its own. */
async function emptyTarget(): Promise<BackupTarget> {
  const dataDir = await mkdtemp(path.join(work, 'target-'));
  if (!databaseUrl) return { dataDir, databaseUrl: '' };
  const name = `piazza_restore_${Math.random().toString(16).slice(2, 10)}`;
  const admin = await openPostgres(databaseUrl, 1);
  await admin.query(`create database ${name}`);
  await admin.close();
  scratchDatabases.push(name);
  return { dataDir, databaseUrl: withDatabase(databaseUrl, name) };
}

async function openTarget(target: BackupTarget): Promise<Db> {
  return target.databaseUrl
    ? openPostgres(target.databaseUrl, 2)
    : openPglite({ dataDir: path.join(target.dataDir, 'pglite') });
}

async function buy(token: string, symbol: string, quantity: string) {
  const res = await call(
    t.app,
    'POST',
    '/stock/order/buy',
    { symbol, type: 'market', quantity, requestId: requestId() },
    { token },
  );
  expect(res.code, res.msg).toBe(0);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'piazza-backup-test-'));
  t = await createTestApp({ clock: new TestClock(Date.UTC(2026, 10, 23, 9, 30)) });
});

afterAll(async () => {
  await t?.close();
  if (scratchDatabases.length > 0) {
    const admin = await openPostgres(databaseUrl, 1);
    for (const name of scratchDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.close();
  }
  await rm(work, { recursive: true, force: true });
});

// Each test opens PGlite two or three times (restore, reopen): generous on a busy machine.
describe('backup and restore', () => {
  it('restores the books as they were at the backup, documents included, the ledger clean', async () => {
    const investor = await newApplicant(t, 2_000_000n);
    await fund(t, investor.id, 500_000_000n, 'USDT');
    await buy(investor.token, 'ENI.MI', '20');
    const coin = await call(
      t.app,
      'POST',
      '/coin/order/add',
      { symbol: 'btcusdt', side: 'buy', type: 'market', quantity: '0.001', requestId: requestId() },
      { token: investor.token },
    );
    expect(coin.code, coin.msg).toBe(0);

    // The server's DATA_DIR: an uploaded document in the local blob store, the generated key, the web push keys.
    const source: BackupTarget = {
      dataDir: await mkdtemp(path.join(work, 'source-')),
      databaseUrl: t.db.url ?? '',
    };
    await mkdir(path.join(source.dataDir, 'blobs/kyc'), { recursive: true });
    await writeFile(path.join(source.dataDir, 'blobs/kyc/0a1b2c'), 'a passport scan');
    await writeFile(path.join(source.dataDir, 'secret.key'), 'the generated key\n');
    await writeFile(path.join(source.dataDir, 'vapid.json'), '{"publicKey":"the web push keys"}');
    const atBackup = await books(t.db);

    const file = path.join(work, 'piazza.tar.gz');
    const manifest = await writeBackup(file, source, t.db);
    expect(manifest).toMatchObject({
      kind: databaseUrl ? 'postgres' : 'pglite',
      blobs: 1,
      files: ['secret.key', 'vapid.json'],
      secretKey: true,
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    await buy(investor.token, 'ISP.MI', '50');
    expect(await books(t.db)).not.toBe(atBackup);

    const target = await emptyTarget();
    const restored = await restoreBackup(file, target);
    expect(restored.keptAside).toEqual([]);
    const db = await openTarget(target);
    try {
      expect(await books(db)).toBe(atBackup);
      expect(await verifyLedger(db)).toEqual([]);
    } finally {
      await db.close();
    }
    expect(await readFile(path.join(target.dataDir, 'blobs/kyc/0a1b2c'), 'utf8')).toBe('a passport scan');
    expect(await readFile(path.join(target.dataDir, 'secret.key'), 'utf8')).toBe('the generated key\n');
    expect(await readFile(path.join(target.dataDir, 'vapid.json'), 'utf8')).toBe(
      '{"publicKey":"the web push keys"}',
    );

    // The same target again: it holds data now, so it is refused unless told, and then replaced.
    await expect(restoreBackup(file, target)).rejects.toThrow(/refusing to restore over data/);
    const forced = await restoreBackup(file, target, { force: true });
    if (!databaseUrl)
      expect(forced.keptAside.map((p) => path.basename(p))).toEqual([
        expect.stringMatching(/^pglite\.before-restore-/),
        expect.stringMatching(/^blobs\.before-restore-/),
      ]);
    const again = await openTarget(target);
    try {
      expect(await books(again)).toBe(atBackup);
    } finally {
      await again.close();
    }
  }, 180_000);

  it('refuses a file that is not a Piazza backup, and changes nothing', async () => {
    const target = await emptyTarget();
    const file = path.join(work, 'not-a-backup.tar.gz');
    await writeFile(file, 'plain text');
    await expect(restoreBackup(file, target)).rejects.toThrow();
    expect(existsSync(path.join(target.dataDir, 'pglite'))).toBe(false);
    expect(existsSync(path.join(target.dataDir, 'blobs'))).toBe(false);
  });

  it('takes a running embedded server’s backup through its socket, and a restore waits for it to stop', async () => {
    // Always PGlite: the socket is how a second process reaches the embedded database. The test's own database
    // when it is PGlite, else one with a table of its own (migrating a whole schema would only be slow).
    type Dumpable = Db & { dump(): Promise<Blob> };
    const own = t.db.kind !== 'pglite';
    const db = (own ? await openPglite({}) : t.db) as Dumpable;
    await db.exec(`create table notes (id int primary key, body text not null);
      insert into notes values (1, 'taken while the server runs'), (2, 'between two transactions');`);
    const notes = async (q: Queryable) => JSON.stringify(await q.query('select * from notes order by id'));
    const dataDir = await mkdtemp(path.join(work, 'live-'));
    const socket = await serveBackupSocket(
      dataDir,
      () => db.dump(),
      () => undefined,
    );
    try {
      await expect(
        serveBackupSocket(
          dataDir,
          () => db.dump(),
          () => undefined,
        ),
      ).rejects.toThrow(/another Piazza server/);
      const file = path.join(work, 'live.tar.gz');
      await writeBackup(file, { dataDir, databaseUrl: '' });
      await expect(restoreBackup(file, { dataDir, databaseUrl: '' })).rejects.toThrow(/server is running/);

      const target = { dataDir: await mkdtemp(path.join(work, 'live-target-')), databaseUrl: '' };
      await restoreBackup(file, target);
      const restored = await openPglite({ dataDir: path.join(target.dataDir, 'pglite') });
      try {
        expect(await notes(restored)).toBe(await notes(db));
      } finally {
        await restored.close();
      }
    } finally {
      await socket?.close();
      if (own) await db.close();
    }
  }, 180_000);
});
