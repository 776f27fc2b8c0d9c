import type { PlanExecutionView, PlanView } from '@piazza/contract/calls/plans-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { demoAdmin, signIn } from './admin-fixtures';
import { call } from './helper';
import { balance, fund, newApplicant } from './investor-steps';
import { noticesOf } from './notices-steps';
import { createTradingApp, type TradingApp } from './trading-steps';

/*
 * A PAC of €100,00 a month on ENI.MI over six months (issue 20 item 3), with the prices set by hand each month:
 * the operator's plan fee is €1,00 and Borsa Italiana's order fee its suggested €2,95 minimum, so each month
 * €96,05 buys whole shares at the ask and the rest stays cash. The December date finds €51,05 on the account:
 * skipped, the investor told, and tried again on the next trading day — 28 December, since Borsa Italiana is
 * closed on the 24th and 25th.
 */

let t: TradingApp;
const at = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  t = await createTradingApp(at('2026-11-23T09:30:00Z'));
});
afterAll(() => t.close());

const ask = (price: bigint) =>
  t.books.set('ENI.MI', { last: price, bids: [], asks: [{ price, quantity: 5_000n }] });

async function runPlans(iso: string) {
  t.clock.ms = at(iso);
  return t.app.services.jobs.runNow('plan-execute', 'test');
}

describe('a monthly plan of €100 over six months', () => {
  it('buys each month what €96,05 pays for, retries a date without cash, and leaves the rest as cash', async () => {
    t.clock.ms = at('2026-11-23T09:30:00Z');
    const admin = await signIn(t.app, demoAdmin);
    const terms = await call(
      t.app,
      'POST',
      '/admin/plan/terms/save',
      { symbol: 'ENI.MI', planFee: '1.00', fractional: 0 },
      { token: admin },
    );
    expect(terms.code, terms.msg).toBe(0);

    const investor = await newApplicant(t, 150_00n);
    const created = await call<PlanView>(
      t.app,
      'POST',
      '/user/plan/create',
      { symbol: 'ENI.MI', amount: '100.00', frequency: 'monthly' },
      { token: investor.token },
    );
    expect(created.code, created.msg).toBe(0);
    expect(created.data).toMatchObject({ startDate: '2026-11-23', nextDate: '2026-11-23', state: 'active' });
    const id = created.data.id;

    // 23 Nov at €9,500: 10 shares = €95,00 + €2,95 fee + €1,00 plan fee = €98,95; €51,05 left.
    ask(9_500n);
    await runPlans('2026-11-23T09:30:00Z');
    expect(await balance(t, investor.id, 'spot')).toBe(51_05n);

    // 23 Dec: €51,05 is less than €100,00 — skipped, tried again on Monday 28 December.
    ask(10_200n);
    await runPlans('2026-12-23T09:30:00Z');
    let detail = await call<{ plan: PlanView; history: PlanExecutionView[] }>(
      t.app,
      'GET',
      '/user/plan/detail',
      { id },
      { token: investor.token },
    );
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data.plan).toMatchObject({ dueDate: '2026-12-23', nextDate: '2026-12-28' });
    expect(detail.data.history[0]).toMatchObject({
      attemptDate: '2026-12-23',
      state: 'skipped',
      reason: 'cash',
    });
    const told = await noticesOf(t, investor.token);
    expect(told.list.map((n) => n.title)).toContain('Savings plan not executed');

    // €500,00 arrives; 28 Dec at €10,200: 9 shares = €91,80 + €2,95 + €1,00 = €95,75; €455,30 left.
    await fund(t, investor.id, 500_00n);
    await runPlans('2026-12-28T09:30:00Z');
    expect(await balance(t, investor.id, 'spot')).toBe(455_30n);

    // 23 Jan 2027 is a Saturday: bought on Monday 25th at €9,800, 9 shares = €88,20 + €3,95.
    ask(9_800n);
    expect((await runPlans('2027-01-23T09:30:00Z')).length).toBe(0);
    await runPlans('2027-01-25T09:30:00Z');
    // 23 Feb at €9,100: 10 shares = €91,00 + €3,95.
    ask(9_100n);
    await runPlans('2027-02-23T09:30:00Z');
    // 23 Mar at €8,700: 11 shares = €95,70 + €3,95.
    ask(8_700n);
    await runPlans('2027-03-23T09:30:00Z');
    // 23 Apr at €9,300: 10 shares = €93,00 + €3,95.
    ask(9_300n);
    await runPlans('2027-04-23T08:30:00Z');

    detail = await call(t.app, 'GET', '/user/plan/detail', { id }, { token: investor.token });
    const executed = detail.data.history.filter((h) => h.state === 'executed').reverse();
    expect(executed.map((h) => [h.attemptDate, h.units, h.price, h.value, h.tradeFee, h.planFee])).toEqual([
      ['2026-11-23', '10', '9.500', '95.00', '2.95', '1.00'],
      ['2026-12-28', '9', '10.200', '91.80', '2.95', '1.00'],
      ['2027-01-25', '9', '9.800', '88.20', '2.95', '1.00'],
      ['2027-02-23', '10', '9.100', '91.00', '2.95', '1.00'],
      ['2027-03-23', '11', '8.700', '95.70', '2.95', '1.00'],
      ['2027-04-23', '10', '9.300', '93.00', '2.95', '1.00'],
    ]);
    // 59 shares for €554,70 + 6 × €2,95 + 6 × €1,00 = €578,40; €150 + €500 − €578,40 = €71,60 left.
    expect(detail.data.plan).toMatchObject({
      units: '59',
      invested: '578.40',
      executions: 6,
      nextDate: '2027-05-24',
    });
    expect(await balance(t, investor.id, 'spot')).toBe(71_60n);
    const shares =
      (await balance(t, investor.id, 'spot', 'ENI.MI')) + (await balance(t, investor.id, 'locked', 'ENI.MI'));
    expect(shares).toBe(59n);
    // Each execution is a normal order of the investor's, with its fee.
    const orders = await t.db.query<{ n: bigint }>(
      `select count(*) as n from stock_orders where user_id = $1 and type = 'market' and side = 'buy' and state = 'position'`,
      [investor.id],
    );
    expect(Number(orders[0]?.n)).toBe(6);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
