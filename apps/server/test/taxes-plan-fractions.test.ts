import type { PlanSaleView, PlanView } from '@piazza/contract/calls/plans-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { demoAdmin, operatorWithRole, signIn } from './admin-fixtures';
import { adminToken } from './funding-steps';
import { call } from './helper';
import { balance, type Investor, newApplicant, requestId } from './investor-steps';
import { realise, taxEstimate } from './taxes-steps';
import { createTradingApp, placeOrder, type TradingApp } from './trading-steps';

/*
 * One average cost per instrument per investor (decision 065, amended): a savings plan's fractions and the whole
 * shares of the same instrument are one holding for the capital gains tax, whichever of the two is sold.
 * Wednesday 25 November 2026, 10:30 in Milan; the operator has set Borsa Italiana's fees to zero, so every cost
 * below is the price paid. Capital gains tax 26 %.
 *
 * 10 ENI.MI bought at €20,000 (€200,00) and a plan of €12,00 buying at €24,000: 0,500001 units for €12,00 (the
 * plan buys the most units its amount pays for, and the last millionth, 0,000024 €, rounds away), so about 10,5
 * units for €212,00. Selling 5 shares at €30,000 brings €150,00 and releases 212,00 × 5 / 10,500001 = €100,95
 * (100,952…),
 * a gain of €49,05, €12,75 withheld (26 % of 49,05 = 12,753). The shares' own cost shrinks by their own
 * average (€100,00), so the fractions' cost becomes 12,00 + 100,00 − 100,95 = €11,05: the two together are
 * the €111,05 the holding has left.
 */

let t: TradingApp;
const at = (iso: string) => Date.parse(iso);
const open = '2026-11-25T09:30:00Z';

const book = (symbol: string, last: bigint, bid: bigint, ask: bigint) =>
  t.books.set(symbol, {
    last,
    bids: [{ price: bid, quantity: 1_000n }],
    asks: [{ price: ask, quantity: 1_000n }],
  });

beforeAll(async () => {
  t = await createTradingApp(at(open));
  const admin = await signIn(t.app, demoAdmin);
  const finance = await operatorWithRole(t.app, await adminToken(t.app), 'finance');
  const fees = await call(
    t.app,
    'POST',
    '/admin/trading/settings/save',
    { market: 'XMIL', rateBp: 0, minimum: '0.00', maximum: '', settlementDays: 2 },
    { token: finance },
  );
  expect(fees.code, fees.msg).toBe(0);
  for (const symbol of ['ENI.MI', 'SWDA.MI']) {
    const terms = await call(
      t.app,
      'POST',
      '/admin/plan/terms/save',
      { symbol, planFee: '0', fractional: 1 },
      { token: admin },
    );
    expect(terms.code, terms.msg).toBe(0);
  }
});
afterAll(() => t.close());

/** An investor whose plan of `amount` euros has bought fractions of `symbol` at `ask`. */
async function planHolder(symbol: string, amount: string, ask: bigint, extraEuros = 0n): Promise<Investor> {
  t.clock.ms = at(open);
  const cents = BigInt(amount.replace('.', ''));
  const investor = await newApplicant(t, cents + extraEuros);
  const plan = await call<PlanView>(
    t.app,
    'POST',
    '/user/plan/create',
    { symbol, amount, frequency: 'monthly' },
    { token: investor.token },
  );
  expect(plan.code, plan.msg).toBe(0);
  book(symbol, ask, ask, ask);
  await t.app.services.jobs.runNow('plan-execute', 'test');
  return investor;
}

async function trade(token: string, side: 'buy' | 'sell', symbol: string, quantity: string) {
  const res = await placeOrder(t, side, token, { symbol, type: 'market', quantity });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

const fractionsOf = async (userId: number, symbol: string) =>
  (
    await t.db.query<{ quantity: bigint; cost: bigint }>(
      'select quantity, cost from plan_fractions where user_id = $1 and symbol = $2',
      [userId, symbol],
    )
  )[0];

const sharesOf = async (userId: number, symbol: string) =>
  (
    await t.db.query<{ quantity: bigint; cost: bigint }>(
      'select quantity, cost from stock_positions where user_id = $1 and symbol = $2',
      [userId, symbol],
    )
  )[0];

const realisations = (userId: number) =>
  t.db.query<{
    source: string;
    proceeds: bigint;
    fees: bigint;
    cost: bigint;
    gain: bigint;
    withheld: bigint;
  }>(
    `select source, proceeds, fees, cost, gain, withheld from tax_realisations where user_id = $1 order by id`,
    [userId],
  );

describe('a sale of whole shares counts the plan’s fractions in the average cost', () => {
  let who: Investor;

  it('holds 10 shares costing €200,00 and 0,500001 units costing €12,00', async () => {
    who = await planHolder('ENI.MI', '12.00', 24_000n, 200_00n);
    expect(await fractionsOf(who.id, 'ENI.MI')).toEqual({ quantity: 500_001n, cost: 12_00n });
    book('ENI.MI', 20_000n, 20_000n, 20_000n);
    expect(await trade(who.token, 'buy', 'ENI.MI', '10')).toMatchObject({ value: '200.00', fee: '0.00' });
    await t.engine.settleDue(Date.UTC(2027, 0, 1));
    expect(await sharesOf(who.id, 'ENI.MI')).toEqual({ quantity: 10n, cost: 200_00n });
    expect(await balance(t, who.id, 'spot')).toBe(0n);
  });

  it('the sell ticket estimates the cost at (200,00 + 12,00) / 10,500001 a share: €100,95, tax €12,75', async () => {
    book('ENI.MI', 30_000n, 30_000n, 30_000n);
    const estimate = await taxEstimate(t, who.token, { symbol: 'ENI.MI', side: 'sell', quantity: '5' });
    expect(estimate.code, estimate.msg).toBe(0);
    expect(estimate.data).toMatchObject({
      kind: 'shares',
      currency: 'EUR',
      proceeds: '150.00',
      fees: '0.00',
      cost: '100.95',
      gain: '49.05',
      lossUsed: '0.00',
      tax: '12.75',
    });
  });

  it('selling 5 shares at €30,000 withholds €12,75 on a gain of €49,05; the ledger stays clean', async () => {
    expect(await trade(who.token, 'sell', 'ENI.MI', '5')).toMatchObject({ value: '150.00', fee: '0.00' });
    expect(await realisations(who.id)).toEqual([
      { source: 'stock_fill', proceeds: 150_00n, fees: 0n, cost: 100_95n, gain: 49_05n, withheld: 12_75n },
    ]);
    // €150,00 − €12,75 of tax.
    expect(await balance(t, who.id, 'spot')).toBe(137_25n);
    expect(await sharesOf(who.id, 'ENI.MI')).toEqual({ quantity: 5n, cost: 100_00n });
    expect(await fractionsOf(who.id, 'ENI.MI')).toEqual({ quantity: 500_001n, cost: 11_05n });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('the rest, shares then units, releases exactly the €212,00 paid in all', async () => {
    // 5 of 5,500001 left: 111,05 × 5 / 5,500001 = 100,954… → €100,95; the fractions keep
    // 11,05 + 100,00 − 100,95 = €10,10, all of it released with the last units.
    expect(await trade(who.token, 'sell', 'ENI.MI', '5')).toMatchObject({ value: '150.00' });
    expect(await fractionsOf(who.id, 'ENI.MI')).toEqual({ quantity: 500_001n, cost: 10_10n });
    const sold = await call<PlanSaleView>(
      t.app,
      'POST',
      '/user/plan/sell',
      { symbol: 'ENI.MI', quantity: '0.500001', requestId: requestId() },
      { token: who.token },
    );
    expect(sold.code, sold.msg).toBe(0);
    const costs = (await realisations(who.id)).map((r) => r.cost);
    expect(costs).toEqual([100_95n, 100_95n, 10_10n]);
    expect(costs.reduce((a, b) => a + b, 0n)).toBe(212_00n);
    expect(await fractionsOf(who.id, 'ENI.MI')).toEqual({ quantity: 0n, cost: 0n });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('the plan-units sale preview follows the taxes module’s rules', () => {
  it('a share’s gain uses the zainetto: €5,00 of loss leaves €1,00 taxed', async () => {
    // 0,5 units bought for €12,00 at €24,000; at a bid of €36,000 they bring €18,00, a gain of €6,00.
    const who = await planHolder('ENI.MI', '12.00', 24_000n);
    await realise(t, who.id, { proceeds: 0n, cost: 5_00n });
    book('ENI.MI', 36_000n, 36_000n, 36_000n);
    const preview = await call<PlanSaleView>(
      t.app,
      'GET',
      '/user/plan/sell/preview',
      { symbol: 'ENI.MI', quantity: '0.5' },
      { token: who.token },
    );
    expect(preview.code, preview.msg).toBe(0);
    // 26 % of (6,00 − 5,00) = €0,26.
    expect(preview.data).toMatchObject({ value: '18.00', fee: '0.00', tax: '0.26', net: '17.74' });
    const sold = await call<PlanSaleView>(
      t.app,
      'POST',
      '/user/plan/sell',
      { symbol: 'ENI.MI', quantity: '0.5', requestId: requestId() },
      { token: who.token },
    );
    expect(sold.data).toEqual(preview.data);
  });

  it('an ETF’s gain is taxed in full, the zainetto untouched', async () => {
    // 0,5 units of SWDA.MI for €50,00 at €100,000; at €112,000 they bring €56,00: €6,00 gained, €1,56 withheld.
    const who = await planHolder('SWDA.MI', '50.00', 100_000n);
    await realise(t, who.id, { proceeds: 0n, cost: 5_00n });
    book('SWDA.MI', 112_000n, 112_000n, 112_000n);
    const preview = await call<PlanSaleView>(
      t.app,
      'GET',
      '/user/plan/sell/preview',
      { symbol: 'SWDA.MI', quantity: '0.5' },
      { token: who.token },
    );
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data).toMatchObject({ value: '56.00', tax: '1.56', net: '54.44' });
    const sold = await call<PlanSaleView>(
      t.app,
      'POST',
      '/user/plan/sell',
      { symbol: 'SWDA.MI', quantity: '0.5', requestId: requestId() },
      { token: who.token },
    );
    expect(sold.data).toEqual(preview.data);
    const [loss] = await t.db.query<{ carried: bigint; used: bigint }>(
      'select carried, used from tax_losses where user_id = $1',
      [who.id],
    );
    expect(loss).toEqual({ carried: 5_00n, used: 0n });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses units not held, naming them, and moves nothing', async () => {
    const who = await planHolder('ENI.MI', '12.00', 24_000n);
    const preview = await call<PlanSaleView>(
      t.app,
      'GET',
      '/user/plan/sell/preview',
      { symbol: 'ENI.MI', quantity: '1' },
      { token: who.token },
    );
    expect([preview.code, preview.msg]).toEqual([
      -1001,
      'Your plans hold 0.500001 units of ENI.MI: you cannot sell more than that.',
    ]);
    expect(await fractionsOf(who.id, 'ENI.MI')).toEqual({ quantity: 500_001n, cost: 12_00n });
  });
});
