import type { BlockPurchaseView, BlockView } from '@piazza/contract/calls/blocks-shapes';
import type { CurrencyStatisticsView, OrderView } from '@piazza/contract/calls/trading-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { adminOf, day, hour, type Investor, newApplicant, requestId, runJob } from './primary-steps';

/*
 * Trading results of shares that arrived by a block trade, not by a fill: 200 ENI.MI bought in a block at 5% under
 * the last price, delivered, released after the 30-day lock, then 100 of them sold on the market. The results
 * replay the delivery at its cost, so the sale's realised P&L is its proceeds less its fee less half that cost
 * (the answer was a 500 before: the replay met a sale of shares no fill had bought).
 */

const start = Date.UTC(2026, 10, 23, 9, 0); // Monday 23 November 2026, 10:00 in Milan
const clock = new TestClock(start + hour);
let t: TestApp;
let investor: Investor;
let paid: bigint;
let sale: OrderView;

const cents = (amount: string) => BigInt(Math.round(Number(amount) * 100));

beforeAll(async () => {
  t = await createTestApp({ clock });
  const saved = await call<BlockView>(
    t.app,
    'POST',
    '/admin/blocks/save',
    {
      symbol: 'ENI.MI',
      pricing: 'discount',
      discountPercent: '5',
      quantity: 1_000,
      minQuantity: 100,
      lockDays: 30,
      opensAt: start,
      closesAt: start + day,
      deliversAt: start + 2 * day,
    },
    { token: await adminOf(t) },
  );
  expect(saved.code, saved.msg).toBe(0);
  investor = await newApplicant(t, 10_000_00n);
  const bought = await call<BlockPurchaseView>(
    t.app,
    'POST',
    '/stock/order/bulk/apply',
    { id: saved.data.id, quantity: 200, requestId: requestId() },
    { token: investor.token },
  );
  expect(bought.code, bought.msg).toBe(0);
  paid = cents(bought.data.amount);

  clock.advance(2 * day); // Wednesday: delivered, locked for 30 days
  await runJob(t, 'block-deliver');
  clock.ms = Date.UTC(2026, 11, 28, 9, 0); // Monday 28 December, 10:00 in Milan: the lock has ended
  await runJob(t, 'settlement');

  const sold = await call<OrderView>(
    t.app,
    'POST',
    '/stock/order/sell',
    { symbol: 'ENI.MI', type: 'market', quantity: '100', requestId: requestId() },
    { token: investor.token },
  );
  expect(sold.code, sold.msg).toBe(0);
  sale = sold.data;
});
afterAll(() => t.close());

describe('trading results of shares delivered by a block trade', () => {
  it('count the sale against the delivery’s cost', async () => {
    const res = await call<{ list: CurrencyStatisticsView[] }>(
      t.app,
      'GET',
      '/stock/order/statistics',
      {},
      { token: investor.token },
    );
    expect(res.code, res.msg).toBe(0);
    const eur = res.data.list.find((line) => line.currency === 'EUR');
    // Half of the 200 shares sold: half of what the block cost leaves the holding.
    const realised = cents(sale.value) - cents(sale.fee) - paid / 2n;
    expect(eur).toMatchObject({
      realisedPnl: (Number(realised) / 100).toFixed(2),
      soldValue: sale.value,
      boughtValue: '0.00',
    });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
