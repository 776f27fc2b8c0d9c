import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import {
  type AccountRef,
  balanceOf,
  DuplicateEntryKey,
  findEntryByKey,
  postEntry,
  userBalances,
} from '../src/ledger/post';
import { verifyLedger } from '../src/ledger/verify';
import { Refusal } from '../src/platform/refusal';
import { freshDatabase } from './helper';

let db: Db & { drop(): Promise<void> };
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.drop());

const user = (ownerId: number, asset: string, purpose = 'spot'): AccountRef => ({
  ownerType: 'user',
  ownerId,
  purpose,
  asset,
});
const platform = (purpose: string, asset: string): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose,
  asset,
});
const system = { type: 'system' } as const;

async function counts() {
  const [row] = await db.query<{ entries: bigint; postings: bigint; accounts: bigint }>(
    `select (select count(*) from journal_entries) as entries, (select count(*) from postings) as postings,
            (select count(*) from accounts) as accounts`,
  );
  return row;
}

async function refusalOf(p: Promise<unknown>): Promise<Refusal> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Refusal);
  return err as Refusal;
}

describe('postEntry', () => {
  it('credits a user €100.00 from platform rewards: both balances move, the entry names its reasons', async () => {
    const { entryId } = await db.tx((q) =>
      postEntry(q, {
        billType: 'platform_reward',
        actor: { type: 'operator', id: '7' },
        ref: { type: 'promotion', id: 'welcome' },
        idempotencyKey: 'reward:1:welcome',
        memo: 'welcome bonus',
        postings: [
          { account: platform('rewards', 'EUR'), amount: -10000n },
          { account: user(1, 'EUR'), amount: 10000n },
        ],
      }),
    );
    expect(await balanceOf(db, user(1, 'EUR'))).toBe(10000n);
    expect(await balanceOf(db, platform('rewards', 'EUR'))).toBe(-10000n);
    const [entry] = await db.query(
      `select bill_type, actor_type, actor_id, ref_type, ref_id, idempotency_key, memo from journal_entries
        where id = $1`,
      [entryId],
    );
    expect(entry).toEqual({
      bill_type: 'platform_reward',
      actor_type: 'operator',
      actor_id: '7',
      ref_type: 'promotion',
      ref_id: 'welcome',
      idempotency_key: 'reward:1:welcome',
      memo: 'welcome bonus',
    });
    expect(await findEntryByKey(db, 'reward:1:welcome')).toMatchObject({
      entryId,
      billType: 'platform_reward',
    });
    expect(await findEntryByKey(db, 'reward:1:other')).toBeUndefined();
  });

  it('transfers €30.00 from user 1 to user 2: 100.00 → 70.00 and 0 → 30.00', async () => {
    await db.tx((q) =>
      postEntry(q, {
        billType: 'transfer',
        actor: { type: 'user', id: '1' },
        idempotencyKey: 'transfer:1',
        postings: [
          { account: user(1, 'EUR'), amount: -3000n },
          { account: user(2, 'EUR'), amount: 3000n },
        ],
      }),
    );
    expect(await balanceOf(db, user(1, 'EUR'))).toBe(7000n);
    expect(await balanceOf(db, user(2, 'EUR'))).toBe(3000n);
  });

  it('refuses an overdraft (€70.01 from €70.00) and changes nothing', async () => {
    const before = await counts();
    const refusal = await refusalOf(
      db.tx((q) =>
        postEntry(q, {
          billType: 'transfer',
          actor: { type: 'user', id: '1' },
          idempotencyKey: 'transfer:overdraft',
          postings: [
            { account: user(1, 'EUR'), amount: -7001n },
            { account: user(3, 'EUR'), amount: 7001n },
          ],
        }),
      ),
    );
    expect(refusal.key).toBe('balance.insufficient');
    expect(await balanceOf(db, user(1, 'EUR'))).toBe(7000n);
    expect(await counts()).toEqual(before);
    expect(await findEntryByKey(db, 'transfer:overdraft')).toBeUndefined();
  });

  it('lets a user spend exactly everything: €70.00 of €70.00 leaves 0', async () => {
    await db.tx((q) =>
      postEntry(q, {
        billType: 'transfer',
        actor: { type: 'user', id: '1' },
        idempotencyKey: 'transfer:all',
        postings: [
          { account: user(1, 'EUR'), amount: -7000n },
          { account: user(2, 'EUR'), amount: 7000n },
        ],
      }),
    );
    expect(await balanceOf(db, user(1, 'EUR'))).toBe(0n);
    expect(await balanceOf(db, user(2, 'EUR'))).toBe(10000n);
  });

  it('refuses an unbalanced entry (−€10.00 against +€9.99) and changes nothing', async () => {
    const before = await counts();
    const refusal = await refusalOf(
      db.tx((q) =>
        postEntry(q, {
          billType: 'transfer',
          actor: system,
          idempotencyKey: 'unbalanced',
          postings: [
            { account: user(2, 'EUR'), amount: -1000n },
            { account: user(4, 'EUR'), amount: 999n },
          ],
        }),
      ),
    );
    expect(refusal.key).toBe('ledger.unbalanced');
    expect(await counts()).toEqual(before);
  });

  it('refuses an entry balanced in sum but not per asset (−10.00 EUR, +10.00 USD)', async () => {
    const refusal = await refusalOf(
      db.tx((q) =>
        postEntry(q, {
          billType: 'exchange',
          actor: system,
          idempotencyKey: 'cross-asset',
          postings: [
            { account: user(2, 'EUR'), amount: -1000n },
            { account: user(2, 'USD'), amount: 1000n },
          ],
        }),
      ),
    );
    expect(refusal.key).toBe('ledger.unbalanced');
    expect(refusal.params).toEqual(['EUR']);
  });

  it('refuses a zero posting, a lone posting and an unknown asset, and changes nothing', async () => {
    const before = await counts();
    const draft = { billType: 'transfer' as const, actor: system, idempotencyKey: 'bad' };
    const zero = await refusalOf(
      db.tx((q) =>
        postEntry(q, {
          ...draft,
          postings: [
            { account: user(2, 'EUR'), amount: 0n },
            { account: user(4, 'EUR'), amount: 0n },
          ],
        }),
      ),
    );
    expect(zero.key).toBe('ledger.zeroAmount');
    const lone = await refusalOf(db.tx((q) => postEntry(q, { ...draft, postings: [] })));
    expect(lone.key).toBe('ledger.tooFewPostings');
    const unknown = await refusalOf(
      db.tx((q) =>
        postEntry(q, {
          ...draft,
          postings: [
            { account: platform('rewards', 'NOPE'), amount: -1n },
            { account: user(2, 'NOPE'), amount: 1n },
          ],
        }),
      ),
    );
    expect(unknown.key).toBe('ledger.unknownAsset');
    expect(unknown.params).toEqual(['NOPE']);
    expect(await counts()).toEqual(before);
  });

  it('posts a multi-asset exchange: user 2 sells €50.00 for $54.25 at the fx desk', async () => {
    await db.tx((q) =>
      postEntry(q, {
        billType: 'exchange',
        actor: { type: 'user', id: '2' },
        ref: { type: 'exchange', id: 'x1' },
        idempotencyKey: 'exchange:x1',
        postings: [
          { account: user(2, 'EUR'), amount: -5000n },
          { account: platform('fx', 'EUR'), amount: 5000n },
          { account: platform('fx', 'USD'), amount: -5425n },
          { account: user(2, 'USD'), amount: 5425n },
        ],
      }),
    );
    expect(await userBalances(db, 2)).toEqual([
      { purpose: 'spot', asset: 'EUR', scale: 2, balance: 5000n },
      { purpose: 'spot', asset: 'USD', scale: 2, balance: 5425n },
    ]);
    expect(await balanceOf(db, platform('fx', 'EUR'))).toBe(5000n);
    expect(await balanceOf(db, platform('fx', 'USD'))).toBe(-5425n);
  });

  it('moves between two accounts of the same user: freezing 20.000000 USDT', async () => {
    await db.tx((q) =>
      postEntry(q, {
        billType: 'platform_reward',
        actor: system,
        idempotencyKey: 'reward:5:usdt',
        postings: [
          { account: platform('rewards', 'USDT'), amount: -100_000000n },
          { account: user(5, 'USDT'), amount: 100_000000n },
        ],
      }),
    );
    await db.tx((q) =>
      postEntry(q, {
        billType: 'withdrawal_freeze',
        actor: { type: 'user', id: '5' },
        idempotencyKey: 'freeze:5:1',
        postings: [
          { account: user(5, 'USDT'), amount: -20_000000n },
          { account: user(5, 'USDT', 'frozen'), amount: 20_000000n },
        ],
      }),
    );
    expect(await userBalances(db, 5)).toEqual([
      { purpose: 'frozen', asset: 'USDT', scale: 6, balance: 20_000000n },
      { purpose: 'spot', asset: 'USDT', scale: 6, balance: 80_000000n },
    ]);
  });

  it('throws DuplicateEntryKey when a key is reused, and the first entry stands', async () => {
    const err = await db
      .tx((q) =>
        postEntry(q, {
          billType: 'transfer',
          actor: system,
          idempotencyKey: 'transfer:1',
          postings: [
            { account: user(2, 'EUR'), amount: -100n },
            { account: user(1, 'EUR'), amount: 100n },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DuplicateEntryKey);
    expect(await balanceOf(db, user(1, 'EUR'))).toBe(0n);
  });

  it('refuses to run outside a transaction', async () => {
    await expect(
      postEntry(db, {
        billType: 'transfer',
        actor: system,
        idempotencyKey: 'no-tx',
        postings: [
          { account: platform('rewards', 'EUR'), amount: -1n },
          { account: user(1, 'EUR'), amount: 1n },
        ],
      }),
    ).rejects.toThrow(/inside a transaction/);
  });

  it('refuses to open a user account of a purpose the apps do not know, or a platform account of a user', async () => {
    const draft = { billType: 'transfer' as const, actor: system, idempotencyKey: 'odd-account' };
    await expect(
      db.tx((q) =>
        postEntry(q, {
          ...draft,
          postings: [
            { account: platform('rewards', 'EUR'), amount: -1n },
            { account: user(1, 'EUR', 'savings'), amount: 1n },
          ],
        }),
      ),
    ).rejects.toThrow(/purpose savings/);
    await expect(
      db.tx((q) =>
        postEntry(q, {
          ...draft,
          postings: [
            { account: { ...platform('rewards', 'EUR'), ownerId: 3 }, amount: -1n },
            { account: user(1, 'EUR'), amount: 1n },
          ],
        }),
      ),
    ).rejects.toThrow(/owner 0/);
  });

  it('leaves a ledger that verifies clean', async () => {
    expect(await verifyLedger(db)).toEqual([]);
  });
});
