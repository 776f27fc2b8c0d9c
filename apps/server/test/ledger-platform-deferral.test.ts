import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../src/db/db';
import { type AccountRef, balanceOf, findEntryByKey, postEntry } from '../src/ledger/post';
import { verifyLedger } from '../src/ledger/verify';
import { Refusal } from '../src/platform/refusal';
import { freshDatabase } from './helper';

/*
 * Decision 020: postEntry moves user balances at once and the platform's balances just before COMMIT, in the
 * same transaction. What a reader of the ledger must see is unchanged: after the commit every balance equals
 * its postings, a rolled-back transaction moved nothing, and a user account never went below zero.
 */

let db: Db & { drop(): Promise<void> };
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.drop());

const spot = (ownerId: number, asset = 'EUR'): AccountRef => ({
  ownerType: 'user',
  ownerId,
  purpose: 'spot',
  asset,
});
const platform = (purpose: string, asset = 'EUR'): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose,
  asset,
});

let serial = 0;
function entry(q: Queryable, from: AccountRef, to: AccountRef, amount: bigint) {
  return postEntry(q, {
    billType: 'transfer',
    actor: { type: 'system' },
    idempotencyKey: `deferral:${++serial}`,
    postings: [
      { account: from, amount: -amount },
      { account: to, amount },
    ],
  });
}

async function entries(): Promise<bigint> {
  const [row] = await db.query<{ n: bigint }>('select count(*) as n from journal_entries');
  return (row as { n: bigint }).n;
}

describe('platform balances move at commit', () => {
  it('a purchase of €25.00 plus a €1.50 fee: the user pays at once, market and fees move at commit', async () => {
    await db.tx((q) => entry(q, platform('rewards'), spot(1), 10000n));
    const seen = await db.tx(async (q) => {
      await entry(q, spot(1), platform('market'), 2500n);
      await entry(q, spot(1), platform('fees'), 150n);
      return {
        user: await balanceOf(q, spot(1)),
        market: await balanceOf(q, platform('market')),
        fees: await balanceOf(q, platform('fees')),
      };
    });
    // Inside the transaction: the user's €100.00 less €26.50; the platform's rows not yet touched.
    expect(seen).toEqual({ user: 7350n, market: 0n, fees: 0n });
    expect(await balanceOf(db, spot(1))).toBe(7350n);
    expect(await balanceOf(db, platform('market'))).toBe(2500n);
    expect(await balanceOf(db, platform('fees'))).toBe(150n);
    expect(await balanceOf(db, platform('rewards'))).toBe(-10000n);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('a transaction that posts and then fails moves nothing, the platform included', async () => {
    const before = await entries();
    const failed = await db
      .tx(async (q) => {
        await entry(q, spot(1), platform('market'), 1000n);
        throw new Error('the order could not be saved');
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect((failed as Error).message).toBe('the order could not be saved');
    expect(await balanceOf(db, spot(1))).toBe(7350n);
    expect(await balanceOf(db, platform('market'))).toBe(2500n);
    expect(await entries()).toBe(before);
  });

  it('a second entry refused for want of balance rolls back the first, and its platform leg', async () => {
    const key = `deferral:${serial + 1}`;
    const refused = await db
      .tx(async (q) => {
        await entry(q, spot(1), platform('market'), 7000n); // €73.50 → €3.50
        await entry(q, spot(1), platform('fees'), 351n); // €3.51 of €3.50
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).key).toBe('balance.insufficient');
    expect(await balanceOf(db, spot(1))).toBe(7350n);
    expect(await balanceOf(db, platform('market'))).toBe(2500n);
    expect(await balanceOf(db, platform('fees'))).toBe(150n);
    expect(await findEntryByKey(db, key)).toBeUndefined();
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('through a wrapper that does not pass beforeCommit on, the platform moves at once', async () => {
    const inside = await db.tx(async (q) => {
      const bare: Queryable = { query: (sql, params) => q.query(sql, params), exec: (sql) => q.exec(sql) };
      await entry(bare, spot(1), platform('market'), 350n);
      return balanceOf(q, platform('market'));
    });
    expect(inside).toBe(2850n);
    expect(await balanceOf(db, spot(1))).toBe(7000n);
    expect(await balanceOf(db, platform('market'))).toBe(2850n);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('30 investors buying at once, each paying €10.00 and a €0.20 fee: market +€300.00, fees +€6.00', async () => {
    const investors = Array.from({ length: 30 }, (_, i) => 100 + i);
    for (const id of investors) await db.tx((q) => entry(q, platform('rewards'), spot(id), 1020n));
    const market = await balanceOf(db, platform('market'));
    const fees = await balanceOf(db, platform('fees'));
    const results = await Promise.allSettled(
      investors.map((id) =>
        db.tx(async (q) => {
          await entry(q, spot(id), platform('market'), 1000n);
          await entry(q, spot(id), platform('fees'), 20n);
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await balanceOf(db, platform('market'))).toBe(market + 30000n);
    expect(await balanceOf(db, platform('fees'))).toBe(fees + 600n);
    for (const id of investors) expect(await balanceOf(db, spot(id))).toBe(0n);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
