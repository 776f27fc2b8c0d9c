import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { newRequestId } from './funding-steps';
import {
  createTradingApp,
  credit,
  eniBook,
  newTrader,
  placeOrder,
  type TradingApp,
  userBalance,
} from './trading-steps';

/*
 * A euro share's market order written by one SQL call (decision 072), as a user and the ledger see it when
 * orders race: sales of the same shares never sell more than are held, a request repeated while or after it
 * runs is answered once and posts once, and a sale at a gain withholds its tax. On PGlite the requests run
 * one after another; on PostgreSQL (DATABASE_URL) they overlap for real.
 */

let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp();
  t.books.set('ENI.MI', eniBook);
});
afterAll(async () => {
  await t?.close();
});

/** An investor holding `shares` settled ENI.MI that cost €14.00 each, and €100.00. */
async function holder(shares: bigint): Promise<{ token: string; id: number }> {
  const who = await newTrader(t, 10_000n);
  await t.db.query(
    `insert into assets (code, kind, scale) values ('ENI.MI', 'security', 0) on conflict do nothing`,
  );
  await credit(t, who.id, 'ENI.MI', shares);
  await t.db.query(
    `insert into stock_positions (user_id, symbol, quantity, cost) values ($1, 'ENI.MI', $2, $3)
     on conflict (user_id, symbol) do update set quantity = stock_positions.quantity + $2,
       cost = stock_positions.cost + $3`,
    [who.id, shares, shares * 1_400n],
  );
  return who;
}

const holding = async (userId: number) => {
  const [row] = await t.db.query<{ quantity: bigint }>(
    `select quantity from stock_positions where user_id = $1 and symbol = 'ENI.MI'`,
    [userId],
  );
  return row?.quantity ?? 0n;
};

describe('five sales of 40 of the same 100 shares at once', () => {
  it('sell 80 at most, refuse the others, and leave the ledger whole', async () => {
    const who = await holder(100n);
    const sales = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeOrder(t, 'sell', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '40' }),
      ),
    );
    const sold = sales.filter((r) => r.code === 0);
    expect(sold).toHaveLength(2);
    for (const r of sales.filter((s) => s.code !== 0)) expect(r.code, r.msg).toBe(-1001);
    expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(20n);
    // The holding shrank by the shares the ledger sold.
    expect(await holding(who.id)).toBe(20n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('one sale sent three times at once with the same requestId', () => {
  it('sells once and answers the same order each time', async () => {
    const who = await holder(50n);
    const requestId = newRequestId();
    const ticket = { symbol: 'ENI.MI', type: 'market', quantity: '30' };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => placeOrder(t, 'sell', who.token, ticket, { requestId })),
    );
    const done = answers.filter((r) => r.code === 0);
    expect(done.length).toBeGreaterThan(0);
    for (const r of done) expect(r.data).toEqual(done[0]?.data);
    // A repeat that met the first one still running is told so, and sold nothing either.
    for (const r of answers.filter((a) => a.code !== 0)) expect(r.code, r.msg).toBe(-1001);
    expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(20n);
    const [fills] = await t.db.query<{ n: bigint }>(
      `select count(*) as n from stock_fills where user_id = $1 and side = 'sell'`,
      [who.id],
    );
    expect(fills?.n).toBe(1n);
    const again = await placeOrder(t, 'sell', who.token, ticket, { requestId });
    expect(again.data).toEqual(done[0]?.data);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('a sale at a gain', () => {
  it('withholds 26 % of the gain net of fees, in the same order', async () => {
    const who = await holder(100n);
    // 100 × 14.220 = 1,422.00, fee 0.19 % = 2.70 → €2.95 minimum; cost 100 × 14.00 = 1,400.00:
    // gain 1,422.00 − 2.95 − 1,400.00 = 19.05, tax 26 % = 4.953 → 4.95.
    const res = await placeOrder(t, 'sell', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '100' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ state: 'closed', value: '1422.00', fee: '2.95' });
    const [tax] = await t.db.query<{ gain: bigint; withheld: bigint }>(
      `select gain, withheld from tax_realisations where user_id = $1 and source_ref = $2`,
      [who.id, `${res.data.id}:1`],
    );
    expect(tax).toEqual({ gain: 1_905n, withheld: 495n });
    // €100.00 + 1,422.00 − 2.95 − 4.95.
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(10_000n + 142_200n - 295n - 495n);
    expect(await holding(who.id)).toBe(0n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
