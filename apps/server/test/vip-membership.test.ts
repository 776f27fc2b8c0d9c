import { callGroups } from '@piazza/contract/registry';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { countRows, demoAdmin, signIn } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { balance, day, fund, type Investor, newApplicant, requestId } from './investor-steps';

/*
 * VIP membership (issue 14 item 1): the trial claimed once for the operator's 7 days, expiry and the purchase
 * prompt, plans paid from the balance (bill VIP purchase), and the notes shown only to members whose strategy
 * service the operator enabled.
 */

let t: TestApp;
let clock: TestClock;

beforeEach(async () => {
  clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  t = await createTestApp({ clock });
});
afterEach(async () => t.close());

const info = (who: Investor) =>
  call<Record<string, unknown>>(t.app, 'GET', '/user/vip/info', {}, { token: who.token });
const claim = (who: Investor, lang = 'en-US') =>
  call<Record<string, unknown>>(t.app, 'GET', '/user/vip/get', {}, { token: who.token, lang });
const buy = (who: Investor, planId: number, rid = requestId(), lang = 'en-US') =>
  call<Record<string, unknown>>(
    t.app,
    'GET',
    '/user/vip/buy',
    { planId, requestId: rid },
    { token: who.token, lang },
  );
const notes = (who: Investor, lang = 'en-US') =>
  call<{ list: { title: string; author: string }[]; disclaimer: string }>(
    t.app,
    'GET',
    '/user/vip/notes',
    {},
    { token: who.token, lang },
  );

describe('the trial', () => {
  it('is claimed once for 7 days, then expires and prompts a purchase; notes need the strategy service', async () => {
    const who = await newApplicant(t, 0n);
    expect((await info(who)).data).toMatchObject({
      state: 'none',
      prompt: 'trial',
      trialDays: 7,
      trialAvailable: true,
    });
    const claimed = await claim(who);
    expect(claimed.data).toMatchObject({
      state: 'active',
      kind: 'trial',
      endsAt: clock.ms + 7 * day,
      prompt: null,
    });
    const twice = await claim(who, 'it-IT');
    expect([twice.code, twice.msg]).toEqual([
      -1001,
      'La prova gratuita si può richiedere una volta sola, e la tua è già stata richiesta.',
    ]);

    const admin = await signIn(t.app, demoAdmin);
    await call(
      t.app,
      'POST',
      '/admin/vip/notes/save',
      {
        kind: 'ipo',
        language: 'en-US',
        title: 'Ferrovie Alpine: the terms',
        body: 'Issue price…',
        author: 'Giulia Conti, CFA',
      },
      { token: admin },
    );
    expect((await notes(who)).msg).toBe(
      'The VIP stock strategy service is not enabled for you: ask customer service.',
    );
    await call(t.app, 'POST', '/admin/user/vipstrategy', { id: who.id, on: 1 }, { token: admin });
    const read = await notes(who);
    expect(read.data.list).toEqual([
      expect.objectContaining({ title: 'Ferrovie Alpine: the terms', author: 'Giulia Conti, CFA' }),
    ]);
    expect(read.data.disclaimer).toMatch(/not personal advice/);

    clock.advance(7 * day);
    expect((await info(who)).data).toMatchObject({
      state: 'expired',
      prompt: 'purchase',
      trialAvailable: false,
    });
    expect((await notes(who, 'it-IT')).msg).toBe('Il servizio VIP è scaduto: è necessario acquistarlo.');
    const runs = await t.app.services.jobs.runNow('vip-expiry', 'test');
    expect(runs.map((r) => r.summary)).toEqual([`membership of user ${who.id} ended`]);
    expect((await claim(who)).msg).toBe('The free trial can be claimed once, and yours has been claimed.');
  });

  it('is not offered when the operator sets 0 days', async () => {
    const admin = await signIn(t.app, demoAdmin);
    await call(t.app, 'POST', '/admin/vip/trial', { days: 0 }, { token: admin });
    const who = await newApplicant(t, 0n);
    expect((await claim(who)).msg).toBe('No free trial is offered at the moment.');
    expect((await info(who)).data).toMatchObject({ prompt: 'purchase', trialAvailable: false });
  });
});

describe('a purchase', () => {
  it('pays €19,90 for 30 days from spot, extends an active membership from its end, once per request', async () => {
    const who = await newApplicant(t, 1_000n);
    const status = await info(who);
    const plan = (status.data.plans as { id: number; days: number; price: string }[]).find(
      (p) => p.days === 30,
    );
    expect(plan).toMatchObject({ price: '19.90' });
    const poor = await buy(who, plan!.id, requestId(), 'it-IT');
    expect([poor.code, poor.msg]).toEqual([-1001, 'Il saldo deve coprire 19,90 EUR.']);
    expect(await countRows(t.db, 'vip_purchases')).toBe(0);
    expect(await balance(t, who.id, 'spot')).toBe(1_000n);

    await fund(t, who.id, 4_000n);
    const rid = requestId();
    const bought = await buy(who, plan!.id, rid);
    expect(bought.data).toMatchObject({ state: 'active', kind: 'paid', endsAt: clock.ms + 30 * day });
    expect((await buy(who, plan!.id, rid)).data).toEqual(bought.data);
    expect(await balance(t, who.id, 'spot')).toBe(5_000n - 1_990n);
    clock.advance(10 * day);
    const extended = await buy(who, plan!.id);
    expect(extended.data.endsAt).toBe(clock.ms - 10 * day + 60 * day);
    expect(await balance(t, who.id, 'spot')).toBe(5_000n - 2n * 1_990n);
    const bills = await t.db.query(`select 1 from journal_entries where bill_type = 'vip_purchase'`);
    expect(bills).toHaveLength(2);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('once a transaction password is set, a purchase without it or with a wrong one buys nothing', async () => {
    const who = await newApplicant(t, 5_000n);
    const set = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'trade', password: 'segreta1', pin: '135790', confirmPin: '135790' },
      { token: who.token },
    );
    expect(set.code, set.msg).toBe(0);
    const plans = (await info(who)).data.plans as { id: number; days: number }[];
    const plan = plans.find((p) => p.days === 30) as { id: number };
    const paid = (tradePassword?: string) =>
      call<Record<string, unknown>>(
        t.app,
        'GET',
        '/user/vip/buy',
        { planId: plan.id, requestId: requestId(), ...(tradePassword ? { tradePassword } : {}) },
        { token: who.token },
      );
    expect((await paid()).msg).toBe('Enter your transaction password.');
    expect((await paid('000000')).msg).toMatch(/^Wrong transaction password/);
    expect(await countRows(t.db, 'vip_purchases')).toBe(0);
    expect(await balance(t, who.id, 'spot')).toBe(5_000n);
    expect((await paid('135790')).data).toMatchObject({ state: 'active', kind: 'paid' });
    expect(await balance(t, who.id, 'spot')).toBe(5_000n - 1_990n);
  });

  it('refuses a plan withdrawn from sale; the back office audits its changes', async () => {
    const admin = await signIn(t.app, demoAdmin);
    const saved = await call<{ id: number }>(
      t.app,
      'POST',
      '/admin/vip/plans/save',
      { days: 7, price: '5.00', currency: 'EUR', active: 0 },
      { token: admin },
    );
    expect(saved.code, saved.msg).toBe(0);
    const who = await newApplicant(t, 10_000n);
    expect((await buy(who, saved.data.id)).msg).toBe('This plan is not on sale.');
    const audits = await t.db.query(`select 1 from audit_log where action = 'vipPlan.save'`);
    expect(audits).toHaveLength(1);
  });

  it('no VIP call takes a leverage, fee or volume figure (ESMA’s incentive ban)', () => {
    for (const group of [callGroups.vip, callGroups.vipAdmin]) {
      for (const c of Object.values(group ?? {})) {
        expect(Object.keys(c.input.shape).join(' ')).not.toMatch(/leverage|fee|volume|bonus|margin/i);
      }
    }
  });
});
