import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { type AccountRef, balanceOf, postEntry } from '../src/ledger/post';
import { verifyLedger } from '../src/ledger/verify';
import { Refusal } from '../src/platform/refusal';
import { freshDatabase } from './helper';

/*
 * Many transactions at once against the same accounts. On PostgreSQL (DATABASE_URL set) they run on separate
 * connections, so these tests prove the row locking of postEntry; on PGlite the in-process queue serialises
 * them and the same assertions must hold.
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
const rewards = (asset = 'EUR'): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose: 'rewards',
  asset,
});
const market = (asset = 'EUR'): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose: 'market',
  asset,
});

let serial = 0;
function move(from: AccountRef, to: AccountRef, amount: bigint) {
  return db.tx((q) =>
    postEntry(q, {
      billType: 'transfer',
      actor: { type: 'system' },
      idempotencyKey: `concurrent:${++serial}`,
      postings: [
        { account: from, amount: -amount },
        { account: to, amount },
      ],
    }),
  );
}

/** Runs every movement at once; answers which succeeded and which were refused for want of balance. */
async function allAtOnce(moves: (() => Promise<unknown>)[]) {
  const results = await Promise.allSettled(moves.map((m) => m()));
  for (const r of results) {
    // Anything but success or an insufficient balance (a deadlock, a lost update) fails the test.
    if (r.status === 'rejected') {
      expect(r.reason).toBeInstanceOf(Refusal);
      expect((r.reason as Refusal).key).toBe('balance.insufficient');
    }
  }
  return results.map((r) => r.status === 'fulfilled');
}

describe('concurrent entries', () => {
  it('25 spends of €1.00 from €10.00 at once: exactly 10 succeed and the balance ends at 0.00', async () => {
    await move(rewards(), spot(1), 1000n);
    const ok = await allAtOnce(Array.from({ length: 25 }, () => () => move(spot(1), market(), 100n)));
    expect(ok.filter(Boolean)).toHaveLength(10);
    expect(await balanceOf(db, spot(1))).toBe(0n);
    expect(await balanceOf(db, market())).toBe(1000n);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('20 credits at once to an account that does not exist yet: it is created once and gets all 20', async () => {
    const ok = await allAtOnce(
      Array.from({ length: 20 }, () => () => move(rewards('USD'), spot(2, 'USD'), 250n)),
    );
    expect(ok.every(Boolean)).toBe(true);
    expect(await balanceOf(db, spot(2, 'USD'))).toBe(5000n);
    const [accounts] = await db.query<{ n: bigint }>(
      "select count(*) as n from accounts where owner_type = 'user' and owner_id = 2 and asset = 'USD'",
    );
    expect(accounts?.n).toBe(1n);
  });

  it('transfers both ways between two users at once never deadlock and keep the total', async () => {
    await move(rewards(), spot(3), 5000n);
    await move(rewards(), spot(4), 5000n);
    const moves = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0 ? () => move(spot(3), spot(4), 700n) : () => move(spot(4), spot(3), 900n),
    );
    await allAtOnce(moves);
    const a = await balanceOf(db, spot(3));
    const b = await balanceOf(db, spot(4));
    expect(a + b).toBe(10000n);
    expect(a >= 0n && b >= 0n).toBe(true);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('random spends at once: what succeeds fits the balance, and every refused spend exceeded what was left', async () => {
    let owner = 100;
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 0n, max: 5000n }),
        fc.array(fc.bigInt({ min: 1n, max: 800n }), { minLength: 2, maxLength: 30 }),
        async (initial, spends) => {
          const account = spot(++owner);
          if (initial > 0n) await move(rewards(), account, initial);
          const ok = await allAtOnce(spends.map((amount) => () => move(account, market(), amount)));
          const spent = spends.filter((_, i) => ok[i]).reduce((sum, a) => sum + a, 0n);
          const left = await balanceOf(db, account);
          expect(left).toBe(initial - spent);
          expect(left >= 0n).toBe(true);
          // A balance only falls, so a spend refused at any moment was larger than what is left at the end.
          for (const [i, amount] of spends.entries()) if (!ok[i]) expect(amount > left).toBe(true);
        },
      ),
      { numRuns: 15 },
    );
    expect(await verifyLedger(db)).toEqual([]);
  });
});
