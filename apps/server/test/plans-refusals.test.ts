import type { PlanExecutionView, PlanView } from '@piazza/contract/calls/plans-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { demoAdmin, signIn } from './admin-fixtures';
import { call } from './helper';
import { balance, newApplicant } from './investor-steps';
import { noticesOf } from './notices-steps';
import { createTradingApp, type TradingApp } from './trading-steps';

/*
 * What a plan refuses (a small amount, an instrument plans cannot buy, someone else's plan, a stopped plan),
 * pause and resume, and a fractional plan: the operator lets plans buy ENI.MI in fractions, so €100,00 at
 * €120,000 buys 0,808791 of a share (€97,05 + the €2,95 fee), held in the ledger asset PAC:ENI.MI.
 */

let t: TradingApp;
const at = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  t = await createTradingApp(at('2026-11-23T09:30:00Z'));
});
afterAll(() => t.close());

const create = (token: string, params: Record<string, string>) =>
  call<PlanView>(t.app, 'POST', '/user/plan/create', params, { token });

describe('plan refusals', () => {
  it('refuses an amount below the minimum, an unknown or non-EUR instrument, a bad frequency, and changes nothing', async () => {
    t.clock.ms = at('2026-11-23T09:30:00Z');
    const investor = await newApplicant(t, 1_000_00n);
    const small = await create(investor.token, { symbol: 'ENI.MI', amount: '9.99', frequency: 'monthly' });
    expect([small.code, small.msg]).toEqual([-1001, 'A plan buys at least 10.00 EUR each time.']);
    const smallIt = await call(
      t.app,
      'POST',
      '/user/plan/create',
      { symbol: 'ENI.MI', amount: '9.99', frequency: 'monthly' },
      { token: investor.token, lang: 'it-IT' },
    );
    expect(smallIt.msg).toBe('Un piano acquista almeno 10,00 EUR ogni volta.');
    const unknown = await create(investor.token, { symbol: 'NOPE.MI', amount: '100', frequency: 'monthly' });
    expect([unknown.code, unknown.msg]).toEqual([
      -1001,
      'NOPE.MI cannot be bought by a savings plan: choose a share or ETF traded in EUR.',
    ]);
    const dollars = await create(investor.token, { symbol: 'AAPL.US', amount: '100', frequency: 'monthly' });
    expect(dollars.code).toBe(-1001);
    const coin = await create(investor.token, { symbol: 'BTCUSDT', amount: '100', frequency: 'weekly' });
    expect(coin.code).toBe(-1001);
    const daily = await create(investor.token, { symbol: 'ENI.MI', amount: '100', frequency: 'daily' });
    expect(daily.code).toBe(-1001);
    const past = await create(investor.token, {
      symbol: 'ENI.MI',
      amount: '100',
      frequency: 'weekly',
      startDate: '2026-11-01',
    });
    expect(past.code).toBe(-1001);
    const [count] = await t.db.query<{ n: bigint }>(
      'select count(*) as n from savings_plans where user_id = $1',
      [investor.id],
    );
    expect(Number(count?.n)).toBe(0);
  });

  it("answers someone else's plan as not found, and refuses to touch it", async () => {
    const owner = await newApplicant(t, 0n);
    const stranger = await newApplicant(t, 0n);
    const plan = await create(owner.token, {
      symbol: 'ENI.MI',
      amount: '50',
      frequency: 'weekly',
      startDate: '2026-11-30',
    });
    expect(plan.code, plan.msg).toBe(0);
    const seen = await call(
      t.app,
      'GET',
      '/user/plan/detail',
      { id: plan.data.id },
      { token: stranger.token },
    );
    expect([seen.code, seen.msg]).toEqual([-1001, 'Savings plan not found.']);
    const stopped = await call(
      t.app,
      'POST',
      '/user/plan/state',
      { id: plan.data.id, action: 'stop' },
      { token: stranger.token },
    );
    expect(stopped.code).toBe(-1001);
    const changed = await call(
      t.app,
      'POST',
      '/user/plan/change',
      { id: plan.data.id, amount: '500', frequency: 'monthly' },
      { token: stranger.token },
    );
    expect(changed.code).toBe(-1001);
    const mine = await call<{ plan: PlanView }>(
      t.app,
      'GET',
      '/user/plan/detail',
      { id: plan.data.id },
      { token: owner.token },
    );
    expect(mine.data.plan).toMatchObject({ amount: '50.00', frequency: 'weekly', state: 'active' });
  });

  it('pauses, resumes from the next date, changes, and stops for good', async () => {
    t.clock.ms = at('2026-11-23T09:30:00Z');
    const investor = await newApplicant(t, 0n);
    const plan = await create(investor.token, {
      symbol: 'ENI.MI',
      amount: '100',
      frequency: 'weekly',
      startDate: '2026-11-24',
    });
    const id = plan.data.id;
    const paused = await call<PlanView>(
      t.app,
      'POST',
      '/user/plan/state',
      { id, action: 'pause' },
      { token: investor.token },
    );
    expect(paused.data.state).toBe('paused');
    const again = await call(
      t.app,
      'POST',
      '/user/plan/state',
      { id, action: 'pause' },
      { token: investor.token },
    );
    expect(again.msg).toBe('Only an active plan can be paused.');
    // Resumed on 2 December: 24 Nov and 1 Dec were missed while paused; the next date is 8 December.
    t.clock.ms = at('2026-12-02T09:30:00Z');
    const resumed = await call<PlanView>(
      t.app,
      'POST',
      '/user/plan/state',
      { id, action: 'resume' },
      { token: investor.token },
    );
    expect(resumed.data).toMatchObject({ state: 'active', nextDate: '2026-12-08' });
    const changed = await call<PlanView>(
      t.app,
      'POST',
      '/user/plan/change',
      { id, amount: '250.50', frequency: 'monthly' },
      { token: investor.token },
    );
    expect(changed.data).toMatchObject({ amount: '250.50', frequency: 'monthly', nextDate: '2026-12-08' });
    const stopped = await call<PlanView>(
      t.app,
      'POST',
      '/user/plan/state',
      { id, action: 'stop' },
      { token: investor.token },
    );
    expect(stopped.data.state).toBe('stopped');
    const revived = await call(
      t.app,
      'POST',
      '/user/plan/state',
      { id, action: 'resume' },
      { token: investor.token },
    );
    expect(revived.msg).toBe('This plan is stopped: start a new one instead.');
  });

  it('refuses a plan fee above €100 or with three decimals', async () => {
    const admin = await signIn(t.app, demoAdmin);
    const high = await call(
      t.app,
      'POST',
      '/admin/plan/terms/save',
      { symbol: 'ENI.MI', planFee: '100.01', fractional: 0 },
      { token: admin },
    );
    expect(high.code).toBe(-1001);
    const fine = await call(
      t.app,
      'POST',
      '/admin/plan/terms/save',
      { symbol: 'ENI.MI', planFee: '1.005', fractional: 0 },
      { token: admin },
    );
    expect(fine.code).toBe(-1001);
  });
});

describe('a date the market was closed on', () => {
  it('is skipped after the close, the investor told, and tried on the next trading day', async () => {
    // Wednesday 25 November 2026, 19:30 in Milan: the session ended at 17:30 and the plan's first date is today.
    t.clock.ms = at('2026-11-25T18:30:00Z');
    const investor = await newApplicant(t, 500_00n);
    const plan = await create(investor.token, { symbol: 'ENI.MI', amount: '100', frequency: 'weekly' });
    expect(plan.data.nextDate).toBe('2026-11-25');
    await t.app.services.jobs.runNow('plan-execute', 'test');
    const detail = await call<{ plan: PlanView; history: PlanExecutionView[] }>(
      t.app,
      'GET',
      '/user/plan/detail',
      { id: plan.data.id },
      { token: investor.token },
    );
    expect(detail.data.history.map((h) => [h.attemptDate, h.state, h.reason])).toEqual([
      ['2026-11-25', 'skipped', 'marketClosed'],
    ]);
    expect(detail.data.plan).toMatchObject({ dueDate: '2026-11-25', nextDate: '2026-11-26' });
    expect(await balance(t, investor.id, 'spot')).toBe(500_00n);
    const notices = await noticesOf(t, investor.token);
    expect(notices.list[0]?.body).toBe(
      'Your savings plan on ENI.MI could not buy on 2026-11-25: the market was closed. It tries again on 2026-11-26.',
    );
    const italian = await noticesOf(t, investor.token, 'it-IT');
    expect(italian.list[0]?.body).toBe(
      'Il tuo piano di accumulo su ENI.MI non ha potuto acquistare il 25/11/2026: il mercato era chiuso. Riprova il 26/11/2026.',
    );
    // Before Thursday's open nothing is due; after it, the plan buys.
    t.clock.ms = at('2026-11-26T07:00:00Z');
    expect(await t.app.services.jobs.runNow('plan-execute', 'test')).toEqual([]);
  });
});

describe('a fractional plan', () => {
  it('buys 0,808791 of a share at €120,000 with €100,00, held in PAC:ENI.MI and valued at the price', async () => {
    t.clock.ms = at('2026-11-25T09:30:00Z');
    const admin = await signIn(t.app, demoAdmin);
    const terms = await call(
      t.app,
      'POST',
      '/admin/plan/terms/save',
      { symbol: 'ENI.MI', planFee: '0', fractional: 1 },
      { token: admin },
    );
    expect(terms.data).toMatchObject({ planFee: '0.00', fractional: true });
    const investor = await newApplicant(t, 100_00n);
    const plan = await create(investor.token, { symbol: 'ENI.MI', amount: '100', frequency: 'monthly' });
    t.books.set('ENI.MI', { last: 120_000n, bids: [], asks: [{ price: 120_000n, quantity: 100n }] });
    await t.app.services.jobs.runNow('plan-execute', 'test');

    const detail = await call<{ plan: PlanView; history: PlanExecutionView[] }>(
      t.app,
      'GET',
      '/user/plan/detail',
      { id: plan.data.id },
      { token: investor.token },
    );
    expect(detail.data.history[0]).toMatchObject({
      state: 'executed',
      units: '0.808791',
      price: '120.000',
      value: '97.05',
      tradeFee: '2.95',
      planFee: '0.00',
      orderId: null,
    });
    expect(detail.data.plan).toMatchObject({
      units: '0.808791',
      invested: '100.00',
      fractional: true,
      nextDate: '2026-12-28',
    });
    expect(await balance(t, investor.id, 'spot')).toBe(0n);
    expect(await balance(t, investor.id, 'spot', 'PAC:ENI.MI')).toBe(808_791n);
    // Worth 0,808791 × €120,000 = €97,05492, €97,05 rounded down, in the investor's totals; nothing left unvalued.
    const assets = await call<{ totals: { EUR: string }; unvalued: string[] }>(
      t.app,
      'POST',
      '/user/assets',
      {},
      { token: investor.token },
    );
    expect(assets.code, assets.msg).toBe(0);
    expect(assets.data.unvalued).toEqual([]);
    expect(assets.data.totals.EUR).toBe('97.05');
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
