import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { type AccountRef, type Posting, postEntry } from '../src/ledger/post';
import { verifyLedger } from '../src/ledger/verify';
import { Refusal } from '../src/platform/refusal';
import { freshDatabase } from './helper';

/*
 * Random sequences of entries between random user and platform accounts, checked against a model of the
 * balances kept in memory: every entry either applies exactly as the model says or is refused and changes
 * nothing, no user account is ever negative, and the ledger verifies clean after every sequence.
 */

let db: Db & { drop(): Promise<void> };
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.drop());

const accountArb: fc.Arbitrary<AccountRef> = fc.oneof(
  fc.record({
    ownerType: fc.constant('user' as const),
    ownerId: fc.integer({ min: 1, max: 3 }),
    purpose: fc.constantFrom('spot', 'frozen'),
    asset: fc.constant(''),
  }),
  fc.record({
    ownerType: fc.constant('platform' as const),
    ownerId: fc.constant(0),
    purpose: fc.constantFrom('rewards', 'fx', 'market'),
    asset: fc.constant(''),
  }),
);

/** One movement of `amount` from one account to another, in one asset. */
const legArb = fc.record({
  from: accountArb,
  to: accountArb,
  asset: fc.constantFrom('EUR', 'USD', 'USDT'),
  amount: fc.bigInt({ min: 1n, max: 50_000n }),
});

/** Most entries are well formed; some are broken on purpose and must be refused whole. */
const entryArb = fc.record({
  legs: fc.array(legArb, { minLength: 1, maxLength: 3 }),
  flaw: fc.constantFrom('none', 'none', 'none', 'none', 'unbalanced', 'zero', 'unknownAsset'),
});

type EntryCase = typeof entryArb extends fc.Arbitrary<infer T> ? T : never;

function postingsOf(c: EntryCase): Posting[] {
  const postings: Posting[] = c.legs.flatMap((leg) => [
    { account: { ...leg.from, asset: leg.asset }, amount: -leg.amount },
    { account: { ...leg.to, asset: leg.asset }, amount: leg.amount },
  ]);
  const last = postings[postings.length - 1] as Posting;
  if (c.flaw === 'unbalanced') last.amount += 1n;
  if (c.flaw === 'zero') postings.push({ account: last.account, amount: 0n });
  if (c.flaw === 'unknownAsset') {
    postings.push({ account: { ...last.account, asset: 'XAU' }, amount: 5n });
    postings.push({ account: { ...postings[0]!.account, asset: 'XAU' }, amount: -5n });
  }
  return postings;
}

const keyOf = (a: AccountRef) => `${a.ownerType}:${a.ownerId}:${a.purpose}:${a.asset}`;

/** What the model expects of an entry: the refusal key, or the balances after it. */
function expectation(model: Map<string, bigint>, c: EntryCase, postings: Posting[]) {
  if (c.flaw === 'unbalanced') return { refusal: 'ledger.unbalanced' } as const;
  if (c.flaw === 'zero') return { refusal: 'ledger.zeroAmount' } as const;
  if (c.flaw === 'unknownAsset') return { refusal: 'ledger.unknownAsset' } as const;
  const next = new Map(model);
  for (const p of postings) next.set(keyOf(p.account), (next.get(keyOf(p.account)) ?? 0n) + p.amount);
  for (const [key, balance] of next) {
    if (key.startsWith('user:') && balance < 0n) return { refusal: 'balance.insufficient' } as const;
  }
  return { balances: next } as const;
}

async function snapshot() {
  const accounts = await db.query<{ key: string; balance: bigint }>(
    `select owner_type || ':' || owner_id || ':' || purpose || ':' || asset as key, balance from accounts order by id`,
  );
  const [counts] = await db.query<{ entries: bigint; postings: bigint }>(
    'select (select count(*) from journal_entries) as entries, (select count(*) from postings) as postings',
  );
  return { accounts, counts };
}

let serial = 0;

describe('random sequences of entries', () => {
  it('apply exactly as the model says, refuse whole, and never break an invariant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entryArb, { minLength: 1, maxLength: 30, size: 'medium' }),
        async (entries) => {
          const model = new Map((await snapshot()).accounts.map((a) => [a.key, a.balance]));
          for (const c of entries) {
            const postings = postingsOf(c);
            const expected = expectation(model, c, postings);
            const before = await snapshot();
            const outcome = await db
              .tx((q) =>
                postEntry(q, {
                  billType: 'transfer',
                  actor: { type: 'system' },
                  idempotencyKey: `prop:${++serial}`,
                  postings,
                }),
              )
              .then(
                () => undefined,
                (err: unknown) => err,
              );
            if ('refusal' in expected) {
              expect(outcome).toBeInstanceOf(Refusal);
              expect((outcome as Refusal).key).toBe(expected.refusal);
              expect(await snapshot()).toEqual(before);
            } else {
              expect(outcome).toBeUndefined();
              for (const [key, balance] of expected.balances) model.set(key, balance);
            }
          }
          const after = await snapshot();
          expect(new Map(after.accounts.map((a) => [a.key, a.balance]))).toEqual(
            new Map([...model].filter(([key]) => after.accounts.some((a) => a.key === key))),
          );
          for (const [key, balance] of model) {
            if (balance !== 0n) expect(after.accounts.some((a) => a.key === key)).toBe(true);
          }
          expect(after.accounts.filter((a) => a.key.startsWith('user:') && a.balance < 0n)).toEqual([]);
          expect(await verifyLedger(db)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
