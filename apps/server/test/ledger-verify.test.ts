import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { postEntry } from '../src/ledger/post';
import { allLedgerChecks, verifyLedger } from '../src/ledger/verify';
import { registerModuleLedgerChecks } from '../src/server-modules';
import { freshDatabase } from './helper';

const root = fileURLToPath(new URL('../../../', import.meta.url));
// The CLI counts the platform's checks and every module's; so does this test.
registerModuleLedgerChecks();
const tsx = path.join(root, 'node_modules/.bin/tsx');
const cli = path.join(root, 'apps/server/src/ledger/verify-cli.ts');

function reward(q: Queryable, userId: number, cents: bigint, key: string) {
  return postEntry(q, {
    billType: 'platform_reward',
    actor: { type: 'system' },
    idempotencyKey: key,
    postings: [
      { account: { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset: 'EUR' }, amount: -cents },
      { account: { ownerType: 'user', ownerId: userId, purpose: 'spot', asset: 'EUR' }, amount: cents },
    ],
  });
}

/*
 * Each invariant is broken by hand, the way a bad migration or a hand-made fix would, bypassing postEntry:
 * the constraint that would have stopped it is dropped first where there is one.
 */
describe('verifyLedger', () => {
  let db: Db & { drop(): Promise<void> };
  beforeAll(async () => {
    db = await freshDatabase();
    await db.tx((q) => reward(q, 1, 10000n, 'r1'));
    await db.tx((q) => reward(q, 2, 2500n, 'r2'));
  });
  afterAll(() => db.drop());

  it('finds nothing in a ledger built by postEntry', async () => {
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('names a balance that is not the sum of its postings', async () => {
    await db.query(
      "update accounts set balance = balance + 1 where owner_type = 'user' and owner_id = 1 and asset = 'EUR'",
    );
    const breaches = await verifyLedger(db);
    expect(breaches).toEqual([
      {
        check: 'balance-mismatch',
        subject: expect.stringMatching(/^account \d+ \(user:1:spot:EUR\)$/),
        detail: 'balance 10001 but its postings sum to 10000',
      },
    ]);
    await db.query(
      "update accounts set balance = balance - 1 where owner_type = 'user' and owner_id = 1 and asset = 'EUR'",
    );
  });

  it('names an entry whose postings do not sum to zero, and the balance it skewed', async () => {
    await db.query("update postings set amount = amount + 5 where amount = 2500 and asset = 'EUR'");
    const breaches = await verifyLedger(db);
    expect(breaches.map((b) => b.check)).toEqual(['entry-unbalanced', 'balance-mismatch']);
    expect(breaches[0]?.detail).toBe('EUR postings sum to 5, not 0');
    await db.query("update postings set amount = amount - 5 where amount = 2505 and asset = 'EUR'");
  });

  it('names an entry without postings', async () => {
    await db.query(
      "insert into journal_entries (bill_type, actor_type, idempotency_key) values ('transfer', 'system', 'empty')",
    );
    expect(await verifyLedger(db)).toEqual([
      {
        check: 'entry-without-postings',
        subject: expect.stringMatching(/^entry \d+$/),
        detail: 'no postings (key empty)',
      },
    ]);
    await db.query("delete from journal_entries where idempotency_key = 'empty'");
  });

  it('names a user account below zero', async () => {
    await db.query('alter table accounts drop constraint user_balance_not_negative');
    await db.tx(async (q) => {
      // A debit of 100.01 from a 100.00 balance, balanced and posted as postEntry would, had the rule not held.
      const [entry] = await q.query<{ id: bigint }>(
        "insert into journal_entries (bill_type, actor_type, idempotency_key) values ('transfer', 'system', 'neg') returning id",
      );
      const ids = await q.query<{ id: bigint; owner_id: number }>(
        "select id, owner_id from accounts where asset = 'EUR' and purpose in ('spot', 'rewards') order by owner_id",
      );
      const [rewards, u1] = ids;
      await q.query(
        'insert into postings (entry_id, account_id, asset, amount) values ($1, $2, $4, $3), ($1, $5, $4, $6)',
        [entry?.id, u1?.id, -10001n, 'EUR', rewards?.id, 10001n],
      );
      await q.query('update accounts set balance = balance - 10001 where id = $1', [u1?.id]);
      await q.query('update accounts set balance = balance + 10001 where id = $1', [rewards?.id]);
    });
    expect(await verifyLedger(db)).toEqual([
      {
        check: 'user-negative',
        subject: expect.stringMatching(/^account \d+ \(user:1:spot:EUR\)$/),
        detail: 'balance -1',
      },
    ]);
  });

  it('names a posting in another asset than its account', async () => {
    await db.query("update postings set asset = 'USD' where amount = -10001");
    const checks = (await verifyLedger(db)).map((b) => b.check);
    expect(checks).toContain('posting-asset-mismatch');
    expect(checks).toContain('entry-unbalanced');
  });
});

function runCli(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      [cli, ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('npm run ledger:verify', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'piazza-verify-'));
    const db = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    await migrate(db);
    await db.tx((q) => reward(q, 1, 10000n, 'r1'));
    await db.close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('exits 0 and says clean when every invariant holds', async () => {
    const run = await runCli({ DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `ledger:verify: clean, ${allLedgerChecks().length} checks hold over 1 entries, 2 postings, 2 accounts`,
    );
  });

  it('exits 1 and prints the breach when a balance was changed by hand', async () => {
    const db = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    await db.query("update accounts set balance = 9999 where owner_type = 'user'");
    await db.close();
    const run = await runCli({ DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /BREACH balance-mismatch: account \d+ \(user:1:spot:EUR\): balance 9999 but its postings sum to 10000/,
    );
    expect(run.stdout).toContain(
      `ledger:verify: 1 breaches of 1 of ${allLedgerChecks().length} checks over 1 entries, 2 postings, 2 accounts`,
    );
  });

  it('exits 2 when there is no database in DATA_DIR, and creates none', async () => {
    const empty = path.join(dataDir, 'nothing-here');
    const run = await runCli({ DATA_DIR: empty });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no database at PGlite at');
    expect(existsSync(empty)).toBe(false);
  });

  it('checks each data directory it is given in one run, and exits with the worst verdict', async () => {
    const clean = await mkdtemp(path.join(tmpdir(), 'piazza-verify-clean-'));
    const broken = await mkdtemp(path.join(tmpdir(), 'piazza-verify-broken-'));
    try {
      for (const [dir, balance] of [
        [clean, null],
        [broken, 1n],
      ] as const) {
        const db = await openPglite({ dataDir: path.join(dir, 'pglite') });
        await migrate(db);
        await db.tx((q) => reward(q, 1, 500n, 'r1'));
        if (balance !== null)
          await db.query("update accounts set balance = $1 where owner_type = 'user'", [balance]);
        await db.close();
      }
      const run = await runCli({ DATA_DIR: '/nowhere' }, [clean, broken]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(`ledger:verify on PGlite at ${path.join(clean, 'pglite')}`);
      expect(run.stdout).toContain(`ledger:verify on PGlite at ${path.join(broken, 'pglite')}`);
      expect(run.stdout).toContain(`ledger:verify: clean, ${allLedgerChecks().length} checks hold`);
      expect(run.stdout).toMatch(/BREACH balance-mismatch: account \d+ \(user:1:spot:EUR\): balance 1 but/);
    } finally {
      await rm(clean, { recursive: true, force: true });
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('exits 2 when PostgreSQL cannot be reached, without printing the password', async () => {
    const run = await runCli({ DATABASE_URL: 'postgres://piazza:s3cret@127.0.0.1:1/piazza' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('ledger:verify: cannot open the database');
    expect(run.stderr + run.stdout).not.toContain('s3cret');
  });
});
