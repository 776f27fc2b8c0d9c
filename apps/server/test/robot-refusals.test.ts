import * as adminCalls from '@piazza/contract/calls/robot-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { balance, newApplicant, requestId } from './investor-steps';
import {
  adminOf,
  closeAt,
  createRobot,
  minute,
  robotTerms,
  scriptedMarket,
  sessionOn,
  subscribe,
  tradeAt,
} from './robot-steps';

/*
 * What the AI Multiplier refuses (issue 13, "bad input and edges"): each a named refusal in the caller's
 * language that moves nothing; and the back office can set terms, never a figure.
 */

const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
const prices = {
  'ENI.MI': [...Array.from({ length: 80 }, (_, k) => 10 + k / 100), 11, 11.2, 11.1, 11.3, 11.4],
};

let t: TestApp;
let clock: TestClock;

beforeEach(async () => {
  clock = new TestClock(sessionOn(week[0] as string).open + 5 * minute);
  t = await createTestApp({ clock, market: scriptedMarket(clock, prices, week[4] as string) });
});
afterEach(async () => t.close());

/** Nothing moved: the investor's money and the product's orders are as they were. */
async function unchanged(investorId: number, spot: bigint, orders: number) {
  expect(await balance(t, investorId, 'spot')).toBe(spot);
  expect(await balance(t, investorId, 'robot')).toBe(0n);
  expect(await countRows(t.db, 'product_orders')).toBe(orders);
}

describe('subscribing refuses', () => {
  it('amounts outside the product’s limits, above the balance, and amounts that are not amounts', async () => {
    const robot = await createRobot(t, { minAmount: '500.00', maxAmount: '5000.00' });
    const investor = await newApplicant(t, 300_000n);
    const below = await subscribe(t, investor, robot.id, '499.99', { lang: 'it-IT' });
    expect([below.code, below.msg]).toEqual([-1001, 'Investi almeno 500,00 EUR in questo prodotto.']);
    const above = await subscribe(t, investor, robot.id, '5000.01');
    expect(above.msg).toBe('At most 5,000.00 EUR in total may be invested in this product.');
    const poor = await newApplicant(t, 40_000n);
    const broke = await subscribe(t, poor, robot.id, '500.00');
    expect(broke.msg).toBe('Account must suffice for 500.00 EUR.');
    const junk = await subscribe(t, investor, robot.id, '5.000,00');
    expect(junk.msg).toBe('Enter the amount with at most 2 decimals, above zero.');
    await unchanged(investor.id, 300_000n, 0);
    await unchanged(poor.id, 40_000n, 0);
  });

  it('a paused product, and any product while the market is closed (no NAV is made up)', async () => {
    const robot = await createRobot(t);
    const investor = await newApplicant(t, 300_000n);
    const admin = await adminOf(t);
    const paused = await call(
      t.app,
      'POST',
      '/admin/robots/status',
      { id: robot.id, status: 'paused' },
      { token: admin },
    );
    expect(paused.code, paused.msg).toBe(0);
    const refused = await subscribe(t, investor, robot.id, '1000.00', { lang: 'it-IT' });
    expect(refused.msg).toBe('Questo prodotto è sospeso: per ora non accetta nuove sottoscrizioni.');
    // Its page stays readable for those already in it.
    const page = await call<{ robot: { status: string } }>(t.app, 'POST', '/stock/ai/info', { id: robot.id });
    expect(page.data.robot.status).toBe('paused');
    await call(t.app, 'POST', '/admin/robots/status', { id: robot.id, status: 'active' }, { token: admin });

    clock.ms = sessionOn(week[0] as string).close + 60 * minute;
    const closed = await subscribe(t, investor, robot.id, '1000.00');
    expect(closed.msg).toBe(
      'The market is closed, so the book has no current NAV to buy at: subscriptions reopen with the market at 09:00.',
    );
    await unchanged(investor.id, 300_000n, 0);
  });

  it('an investor without KYC or without the questionnaire', async () => {
    const robot = await createRobot(t);
    const noKyc = await newApplicant(t, 300_000n, { kyc: false });
    expect((await subscribe(t, noKyc, robot.id, '1000.00')).code).toBe(-1001);
    const noProfile = await newApplicant(t, 300_000n, { profile: 'none' });
    const refused = await subscribe(t, noProfile, robot.id, '1000.00');
    expect(refused.msg).toBe('Complete the appropriateness questionnaire before subscribing.');
    await unchanged(noKyc.id, 300_000n, 0);
    await unchanged(noProfile.id, 300_000n, 0);
  });
});

describe('an order refuses', () => {
  it('an exit during the lock-in, with its date; an exit the product does not allow; adding to a returned order', async () => {
    const robot = await createRobot(t, { periodDays: 2, lockDays: 2 });
    const strict = await createRobot(t, {
      name: 'Trend Italia 2',
      earlyExit: false,
      periodDays: 30,
      lockDays: 0,
    });
    const investor = await newApplicant(t, 3_000_000n);
    const order = await subscribe(t, investor, robot.id, '1000.00');
    const other = await subscribe(t, investor, strict.id, '1000.00');
    expect(order.code, order.msg).toBe(0);
    expect(other.code, other.msg).toBe(0);

    const exit = (id: number, lang?: 'it-IT') =>
      call(
        t.app,
        'POST',
        '/stock/ai/order/exit',
        { id, requestId: requestId() },
        { token: investor.token, lang },
      );
    const locked = await exit(order.data.id, 'it-IT');
    expect(locked.msg).toBe(
      'Questa sottoscrizione è vincolata fino al 18/11/2026: nessuna uscita prima di allora.',
    );
    expect((await exit(other.data.id)).msg).toBe(
      'This product returns the capital only at the end of its period.',
    );

    // Two days on, the period is over: the order is returned at Wednesday's close.
    for (const iso of week.slice(0, 3)) {
      await tradeAt(t, clock, iso);
      await closeAt(t, clock, iso);
    }
    const spot = await balance(t, investor.id, 'spot');
    clock.ms = sessionOn(week[3] as string).open + 60 * minute;
    const add = await call(
      t.app,
      'POST',
      '/stock/ai/order/add/amount',
      { id: order.data.id, amount: '100.00', requestId: requestId() },
      { token: investor.token },
    );
    expect(add.msg).toBe(
      'This subscription has ended or is being returned: nothing can be added to it or taken from it.',
    );
    expect(await balance(t, investor.id, 'spot')).toBe(spot);
    // Someone else's order is not found.
    const stranger = await newApplicant(t, 0n);
    const theirs = await call(
      t.app,
      'POST',
      '/stock/ai/order/details',
      { id: other.data.id },
      { token: stranger.token },
    );
    expect(theirs.msg).toBe('Subscription not found.');
  });
});

describe('the back office', () => {
  it('sets terms and never a figure: no input of its calls is a return, rate, accuracy, NAV or profit', () => {
    const inputs = Object.values(adminCalls).flatMap((c) => Object.keys(c.input.shape));
    expect(inputs).toContain('managementFeePercent');
    const figures = ['return', 'rate', 'accuracy', 'nav', 'profit', 'yield', 'hit', 'performance', 'daily'];
    for (const name of inputs) {
      // The words of a camelCase name: managementFeePercent → management, fee, percent.
      const words = name.split(/(?=[A-Z])/).map((w) => w.toLowerCase());
      expect(
        words.filter((w) => figures.includes(w)),
        name,
      ).toEqual([]);
    }
  });

  it('refuses terms that do not hold together, naming the rule, and creates nothing', async () => {
    const admin = await adminOf(t);
    const save = (over: Record<string, string | number | boolean>) =>
      call(t.app, 'POST', '/admin/robots/save', robotTerms(over), { token: admin });
    expect((await save({ basket: 'ENI.MI, AAPL.US' })).msg).toBe('AAPL.US is not a listed Italian share.');
    expect((await save({ lockDays: 5, periodDays: 4 })).msg).toBe(
      'The lock-in is a whole number of days, at most the period.',
    );
    expect((await save({ maxAmount: '50.00' })).msg).toBe(
      'The maximum must be at least the minimum, with at most 2 decimals.',
    );
    expect((await save({ managementFeePercent: '5.01' })).msg).toBe(
      'The management fee is a percentage from 0 to 5 with at most 2 decimals.',
    );
    expect((await save({ strategy: 'martingale' })).code).toBe(-1001);
    expect(await countRows(t.db, 'products')).toBe(0);

    const robot = await createRobot(t);
    const changed = await save({ id: robot.id, basket: 'ENI.MI,ISP.MI' });
    expect(changed.msg).toBe(
      'A product’s strategy and basket cannot change once created: create a new product.',
    );
    // A book is no investor: the users list does not show it.
    const users = await call<{ list: { id: number }[] }>(t.app, 'GET', '/admin/users', {}, { token: admin });
    expect(users.data.list).toEqual([]);
  });
});
