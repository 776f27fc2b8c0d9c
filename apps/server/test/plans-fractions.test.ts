import type { PlanHoldingView, PlanSaleView, PlanView } from '@piazza/contract/calls/plans-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { demoAdmin, signIn } from './admin-fixtures';
import { call } from './helper';
import { balance, type Investor, newApplicant, requestId } from './investor-steps';
import { createTradingApp, type TradingApp } from './trading-steps';

/*
 * A plan's fractions in the holdings and sold by the investor (issue 20 item 3, decision 063). The operator lets
 * plans buy ENI.MI in fractions with no plan fee; a plan of €106,03 at an ask of €25,000 buys 4,123400 units:
 * €103,08 (4,1234 × 25 = 103,085, rounded half-even) + the €2,95 minimum fee of Borsa Italiana = €106,03, all
 * of it their cost. Half a unit sold at a bid of €40,000 brings €20,00 less the €2,95 fee; it releases
 * 0,5 / 4,1234 of the cost, €12,86 (12,8571… rounded), for a gain of €20,00 − €2,95 − €12,86 = €4,19 taxed at
 * 26 %: €1,09 withheld. The investor ends with €20,00 − €2,95 − €1,09 = €15,96 and 3,623400 units costing
 * €106,03 − €12,86 = €93,17.
 */

let t: TradingApp;
const at = (iso: string) => Date.parse(iso);
// Wednesday 25 November 2026, 10:30 in Milan: Borsa Italiana is open.
const open = '2026-11-25T09:30:00Z';

beforeAll(async () => {
  t = await createTradingApp(at(open));
  const admin = await signIn(t.app, demoAdmin);
  const terms = await call(
    t.app,
    'POST',
    '/admin/plan/terms/save',
    { symbol: 'ENI.MI', planFee: '0', fractional: 1 },
    { token: admin },
  );
  expect(terms.code, terms.msg).toBe(0);
});
afterAll(() => t.close());

/** An investor whose plan of €106,03 has bought 4,123400 units of ENI.MI at €25,000. */
async function planHolder(): Promise<Investor> {
  t.clock.ms = at(open);
  const investor = await newApplicant(t, 106_03n);
  const plan = await call<PlanView>(
    t.app,
    'POST',
    '/user/plan/create',
    { symbol: 'ENI.MI', amount: '106.03', frequency: 'monthly' },
    { token: investor.token },
  );
  expect(plan.code, plan.msg).toBe(0);
  t.books.set('ENI.MI', {
    last: 25_000n,
    bids: [{ price: 40_000n, quantity: 100n }],
    asks: [{ price: 25_000n, quantity: 100n }],
  });
  await t.app.services.jobs.runNow('plan-execute', 'test');
  expect(await balance(t, investor.id, 'spot', 'PAC:ENI.MI')).toBe(4_123_400n);
  expect(await balance(t, investor.id, 'spot')).toBe(0n);
  return investor;
}

const holdings = async (token: string) =>
  (await call<{ list: PlanHoldingView[] }>(t.app, 'GET', '/user/plan/holdings', {}, { token })).data.list;

const sell = (token: string, params: Record<string, string>, lang?: 'it-IT') =>
  call<PlanSaleView>(
    t.app,
    'POST',
    '/user/plan/sell',
    { symbol: 'ENI.MI', requestId: requestId(), ...params },
    { token, ...(lang ? { lang } : {}) },
  );

describe("a plan's fractions", () => {
  it('are shown among the holdings at the last price, with their cost and P&L', async () => {
    const investor = await planHolder();
    // Last €30,000: 4,1234 × 30 = €123,70 worth, against €106,03 cost: €17,67 up.
    t.books.set('ENI.MI', {
      last: 30_000n,
      bids: [{ price: 40_000n, quantity: 100n }],
      asks: [{ price: 25_000n, quantity: 100n }],
    });
    expect(await holdings(investor.token)).toEqual([
      {
        symbol: 'ENI.MI',
        name: 'Eni',
        currency: 'EUR',
        units: '4.123400',
        cost: '106.03',
        averageCost: '25.714',
        lastPrice: '30.000',
        bid: '40.000',
        marketValue: '123.70',
        pnl: '17.67',
      },
    ]);
  });

  it('sell half a unit at the bid: cash, fee, tax and the units left', async () => {
    const investor = await planHolder();
    const preview = await call<PlanSaleView>(
      t.app,
      'GET',
      '/user/plan/sell/preview',
      { symbol: 'ENI.MI', quantity: '0.5' },
      { token: investor.token },
    );
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data).toEqual({
      symbol: 'ENI.MI',
      units: '0.500000',
      price: '40.000',
      value: '20.00',
      fee: '2.95',
      tax: '1.09',
      net: '15.96',
      remaining: '3.623400',
    });

    const sold = await sell(investor.token, { quantity: '0.5' });
    expect(sold.code, sold.msg).toBe(0);
    expect(sold.data).toEqual(preview.data);
    expect(await balance(t, investor.id, 'spot')).toBe(15_96n);
    expect(await balance(t, investor.id, 'spot', 'PAC:ENI.MI')).toBe(3_623_400n);
    const [realised] = await t.db.query<{ proceeds: bigint; fees: bigint; cost: bigint; withheld: bigint }>(
      `select proceeds, fees, cost, withheld from tax_realisations where user_id = $1 and source = 'plan_sale'`,
      [investor.id],
    );
    expect(realised).toEqual({ proceeds: 20_00n, fees: 2_95n, cost: 12_86n, withheld: 1_09n });
    const [held] = await holdings(investor.token);
    expect(held).toMatchObject({ units: '3.623400', cost: '93.17' });
    const bills = await t.db.query<{ billType: string }>(
      `select e.bill_type as "billType" from journal_entries e where e.ref_type = 'plan_sale' order by e.id`,
    );
    expect(bills.map((b) => b.billType)).toEqual(['plan_sell', 'trade_fee']);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('selling every unit left releases all their cost and leaves no holding', async () => {
    const investor = await planHolder();
    // 4,1234 × €40,000 = €164,936 → €164,94; fee 0,19 % = €0,31 → the €2,95 minimum; gain €164,94 − €2,95 −
    // €106,03 = €55,96, taxed €14,55 (26 % of 55,96 = 14,5496). Cash: €164,94 − €2,95 − €14,55 = €147,44.
    const sold = await sell(investor.token, { quantity: '4.1234' });
    expect(sold.code, sold.msg).toBe(0);
    expect(sold.data).toMatchObject({
      value: '164.94',
      fee: '2.95',
      tax: '14.55',
      net: '147.44',
      remaining: '0.000000',
    });
    expect(await balance(t, investor.id, 'spot')).toBe(147_44n);
    expect(await holdings(investor.token)).toEqual([]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses more than held, zero, a closed market and a wrong or missing password, and moves nothing', async () => {
    const investor = await planHolder();
    const tooMany = await sell(investor.token, { quantity: '4.123401' });
    expect([tooMany.code, tooMany.msg]).toEqual([
      -1001,
      'Your plans hold 4.123400 units of ENI.MI: you cannot sell more than that.',
    ]);
    const tooManyIt = await sell(investor.token, { quantity: '5' }, 'it-IT');
    expect(tooManyIt.msg).toBe('I tuoi piani detengono 4,123400 quote di ENI.MI: non puoi venderne di più.');
    const zero = await sell(investor.token, { quantity: '0' });
    expect([zero.code, zero.msg]).toEqual([
      -1001,
      'Enter the units to sell: more than zero, with at most 6 decimals.',
    ]);
    const sevenDecimals = await sell(investor.token, { quantity: '0.0000001' });
    expect(sevenDecimals.code).toBe(-1001);

    // Saturday 28 November: Borsa Italiana is closed.
    t.clock.ms = at('2026-11-28T10:00:00Z');
    const closed = await sell(investor.token, { quantity: '0.5' });
    expect([closed.code, closed.msg]).toEqual([-1001, 'Market closed.']);
    t.clock.ms = at(open);

    const pin = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'trade', password: 'segreta1', pin: '135790', confirmPin: '135790' },
      { token: investor.token },
    );
    expect(pin.code, pin.msg).toBe(0);
    const missing = await sell(investor.token, { quantity: '0.5' });
    expect([missing.code, missing.msg]).toEqual([-1001, 'Enter your transaction password.']);
    const wrong = await sell(investor.token, { quantity: '0.5', tradePassword: '000000' });
    expect(wrong.code).toBe(-1001);
    expect(wrong.msg).toMatch(/^Wrong transaction password/);

    expect(await balance(t, investor.id, 'spot')).toBe(0n);
    expect(await balance(t, investor.id, 'spot', 'PAC:ENI.MI')).toBe(4_123_400n);
    const [sales] = await t.db.query<{ n: bigint }>(
      'select count(*) as n from plan_sales where user_id = $1',
      [investor.id],
    );
    expect(Number(sales?.n)).toBe(0);

    const right = await sell(investor.token, { quantity: '0.5', tradePassword: '135790' });
    expect(right.code, right.msg).toBe(0);
    expect(await balance(t, investor.id, 'spot')).toBe(15_96n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a sale of fractions is taxed at the average cost of the whole shares and the fractions together', async () => {
    const investor = await planHolder();
    // 10 whole shares bought at €20,000: €200,00 + €2,95 fee, their cost €202,95 with the order's fee.
    await t.db.query(
      `insert into stock_positions (user_id, symbol, quantity, cost) values ($1, 'ENI.MI', 10, 20295)`,
      [investor.id],
    );
    // 14,1234 units cost €202,95 + €106,03 = €308,98; half a unit releases 308,98 × 0,5 / 14,1234 = €10,94
    // (10,9386…); the gain €20,00 − €2,95 − €10,94 = €6,11 is taxed €1,59 (26 % of 6,11 = 1,5886).
    const preview = await call<PlanSaleView>(
      t.app,
      'GET',
      '/user/plan/sell/preview',
      { symbol: 'ENI.MI', quantity: '0.5' },
      { token: investor.token },
    );
    expect(preview.data).toMatchObject({ value: '20.00', fee: '2.95', tax: '1.59', net: '15.46' });
    await t.db.query(`delete from stock_positions where user_id = $1`, [investor.id]);
  });
});

describe('the transaction password on plans', () => {
  it('is asked to start or change a plan once the investor has set one', async () => {
    t.clock.ms = at(open);
    const investor = await newApplicant(t, 0n);
    const pin = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'trade', password: 'segreta1', pin: '246801', confirmPin: '246801' },
      { token: investor.token },
    );
    expect(pin.code, pin.msg).toBe(0);
    const ticket = { symbol: 'ENI.MI', amount: '50.00', frequency: 'monthly', startDate: '2026-12-01' };
    const create = (extra: Record<string, string>) =>
      call<PlanView>(t.app, 'POST', '/user/plan/create', { ...ticket, ...extra }, { token: investor.token });
    const missing = await create({});
    expect([missing.code, missing.msg]).toEqual([-1001, 'Enter your transaction password.']);
    const wrong = await create({ tradePassword: '000000' });
    expect(wrong.msg).toMatch(/^Wrong transaction password/);
    const [none] = await t.db.query<{ n: bigint }>(
      'select count(*) as n from savings_plans where user_id = $1',
      [investor.id],
    );
    expect(Number(none?.n)).toBe(0);
    const made = await create({ tradePassword: '246801' });
    expect(made.code, made.msg).toBe(0);

    const change = (extra: Record<string, string>) =>
      call<PlanView>(
        t.app,
        'POST',
        '/user/plan/change',
        { id: String(made.data.id), amount: '80.00', frequency: 'weekly', ...extra },
        { token: investor.token },
      );
    const unchanged = await change({});
    expect(unchanged.msg).toBe('Enter your transaction password.');
    const changed = await change({ tradePassword: '246801' });
    expect(changed.code, changed.msg).toBe(0);
    expect(changed.data).toMatchObject({ amount: '80.00', frequency: 'weekly' });
  });
});
