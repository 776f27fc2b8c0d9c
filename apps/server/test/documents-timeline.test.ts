import type { userMoneyTimeline } from '@piazza/contract/calls/documents';
import type { CallOutput } from '@piazza/contract/define';
import { parseAmount } from '@piazza/core/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorWithRole } from './admin-fixtures';
import {
  adminToken,
  bindIban,
  depositEur,
  type Investor,
  newInvestor,
  newRequestId,
  withdrawPin,
} from './funding-steps';
import { call } from './helper';
import { createTradingApp, eniBook, placeOrder, type TradingApp } from './trading-steps';

/*
 * Where the money is, on Monday 23 November 2026 at 10:30 in Milan. The investor deposited €2,000.00, bought
 * 100 ENI.MI at market (three fills: 60, 30 and 10 shares, €1,423.12 + €2.95 fee), left a limit buy of 10 at
 * 14.000 resting (€140.00 + the €2.95 minimum fee frozen), asked to withdraw €100.00 (+ €1.00 fee frozen) and
 * moved €50.00 to the contract account. Spot: 2,000.00 − 1,426.07 − 142.95 − 101.00 − 50.00 = 279.98.
 */

type Timeline = CallOutput<typeof userMoneyTimeline>;

let t: TradingApp;
let who: Investor;
let limitId: number;
let withdrawalId: number;

const timeline = async () => {
  const res = await call<Timeline>(t.app, 'GET', '/user/assets/timeline', {}, { token: who.token });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};

/** Each account's lines add up to its balance exactly, in minor units. */
function expectLinesSumToBalances(tl: Timeline) {
  for (const a of tl.accounts) {
    const scale = a.balance.split('.')[1]?.length ?? 0;
    const sum = tl.lines
      .filter((l) => l.purpose === a.purpose && l.asset === a.asset)
      .reduce(
        (s, l) =>
          s + (parseAmount(l.amount.replace('-', ''), scale) ?? 0n) * (l.amount.startsWith('-') ? -1n : 1n),
        0n,
      );
    expect(sum, `${a.purpose} ${a.asset}`).toBe(parseAmount(a.balance, scale));
  }
}

beforeAll(async () => {
  t = await createTradingApp();
  t.books.set('ENI.MI', eniBook);
  const finance = await operatorWithRole(t.app, await adminToken(t.app), 'finance');
  who = await newInvestor(t.app);
  await depositEur(t.app, who, '2000.00', finance);
  const buy = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '100' });
  expect(buy.code, buy.msg).toBe(0);
  const limit = await placeOrder(t, 'buy', who.token, {
    symbol: 'ENI.MI',
    type: 'limit',
    quantity: '10',
    price: '14.000',
  });
  expect(limit.code, limit.msg).toBe(0);
  limitId = limit.data.id;
  const bindingId = await bindIban(t.app, who);
  const w = await call<{ id: number }>(
    t.app,
    'POST',
    '/user/withdraw/add',
    { asset: 'EUR', pin: withdrawPin, requestId: newRequestId(), bindingId, amount: '100.00' },
    { token: who.token },
  );
  expect(w.code, w.msg).toBe(0);
  withdrawalId = w.data.id;
  const moved = await call(
    t.app,
    'GET',
    '/user/transfer',
    { from: 'spot', to: 'contract', asset: 'EUR', amount: '50.00', requestId: newRequestId() },
    { token: who.token },
  );
  expect(moved.code, moved.msg).toBe(0);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the timeline of locked money', () => {
  it('says what can be withdrawn now and what can buy, per currency', async () => {
    const tl = await timeline();
    expect(tl.currencies).toEqual([{ asset: 'EUR', withdrawableNow: '279.98', buyingPower: '329.98' }]);
  });

  it('dates the shares by their settlement, names the order, the withdrawal and the free contract cash', async () => {
    const tl = await timeline();
    const wednesday = Date.UTC(2026, 10, 24, 23, 0); // 25 November, midnight in Milan: T+2
    expect(tl.lines.map((l) => [l.kind, l.purpose, l.asset, l.amount, l.unlockAt, l.refType])).toEqual([
      ['settlement', 'locked', 'ENI.MI', '60', wednesday, 'stock_order'],
      ['settlement', 'locked', 'ENI.MI', '30', wednesday, 'stock_order'],
      ['settlement', 'locked', 'ENI.MI', '10', wednesday, 'stock_order'],
      ['order', 'frozen', 'EUR', '142.95', null, 'stock_order'],
      ['withdrawal', 'frozen', 'EUR', '101.00', null, 'withdrawal'],
      ['available', 'contract', 'EUR', '50.00', null, null],
    ]);
    expect(tl.lines.find((l) => l.kind === 'order')?.refId).toBe(String(limitId));
    expect(tl.lines.find((l) => l.kind === 'withdrawal')?.refId).toBe(String(withdrawalId));
    expect(tl.accounts).toEqual([
      { purpose: 'contract', asset: 'EUR', balance: '50.00' },
      { purpose: 'frozen', asset: 'EUR', balance: '243.95' },
      { purpose: 'locked', asset: 'ENI.MI', balance: '100' },
    ]);
    expectLinesSumToBalances(tl);
  });

  it('traces each dated or named line to the postings that make its amount', async () => {
    const tl = await timeline();
    for (const line of tl.lines.filter((l) => l.kind !== 'available')) {
      expect(line.entryIds.length, line.kind).toBeGreaterThan(0);
      const [row] = await t.db.query<{ sum: bigint }>(
        `select coalesce(sum(p.amount), 0)::int8 as sum
           from postings p join accounts a on a.id = p.account_id
          where p.entry_id = any($1::bigint[]) and a.owner_type = 'user' and a.owner_id = $2
            and a.purpose = $3 and a.asset = $4`,
        [line.entryIds, who.id, line.purpose, line.asset],
      );
      const scale = line.asset === 'EUR' ? 2 : 0;
      expect(row?.sum, `${line.kind} ${line.amount}`).toBe(parseAmount(line.amount, scale));
    }
  });

  it('drops the shares once settled and the order once cancelled, and still adds up', async () => {
    t.clock.advance(2 * 24 * 3_600_000);
    await t.engine.settleDue(t.clock.now());
    const cancelled = await call(t.app, 'GET', '/stock/order/cancel', { id: limitId }, { token: who.token });
    expect(cancelled.code, cancelled.msg).toBe(0);
    const tl = await timeline();
    expect(tl.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['withdrawal', '101.00'],
      ['available', '50.00'],
    ]);
    // The frozen 142.95 is back in spot: 279.98 + 142.95 = 422.93.
    expect(tl.currencies).toEqual([{ asset: 'EUR', withdrawableNow: '422.93', buyingPower: '472.93' }]);
    expectLinesSumToBalances(tl);
  });
});
