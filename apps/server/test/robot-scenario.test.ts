import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { balance, newApplicant } from './investor-steps';
import {
  closeAt,
  createRobot,
  minute,
  orderDetails,
  scriptedMarket,
  sessionOn,
  subscribe,
  tradeAt,
} from './robot-steps';

/*
 * A subscription over five sessions of written-out prices (issue 13, "done when"): units, NAV, the daily P&L
 * including losing days, the fees, and the capital returned at the end of the period. ENI.MI rose steadily for
 * 80 sessions before (10.000, 10.010, … 10.790), so the trend strategy (20- over 50-session average) is in.
 */

const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
const history = Array.from({ length: 80 }, (_, k) => 10 + k / 100);
const prices = { 'ENI.MI': [...history, 11, 11.55, 10.78, 11, 12.1] };

let t: TestApp;
let clock: TestClock;

beforeEach(async () => {
  clock = new TestClock(sessionOn(week[0] as string).open + 5 * minute);
  t = await createTestApp({ clock, market: scriptedMarket(clock, prices, week[4] as string) });
});
afterEach(async () => t.close());

describe('an AI Multiplier subscription over five sessions', () => {
  it('buys units at €1.00, books each close’s P&L to the cent, and returns €10,950.26 for €10,000.00', async () => {
    const robot = await createRobot(t);
    expect(robot.nav).toBe('1.00000000');
    const investor = await newApplicant(t, 2_000_000n);

    // Monday 09:10: €10,000.00 buys 10,000 units at the starting NAV of €1.00.
    clock.ms += 5 * minute;
    const bought = await subscribe(t, investor, robot.id, '10000.00');
    expect(bought.code, bought.msg).toBe(0);
    expect(bought.data).toMatchObject({ state: 'active', invested: '10000.00', units: '10000.000000' });
    expect(bought.data.value).toBe('10000.00');
    expect(await balance(t, investor.id, 'spot')).toBe(1_000_000n);
    expect(await balance(t, investor.id, 'robot')).toBe(1_000_000n);

    // Monday 09:40: the book keeps €7.00 (a week of the 3.65 % fee) and buys what €9,993.00 buys at 11.000
    // with room for the fee and the walk: 902 shares, €9,922.00, fee 0.19 % = €18.85.
    expect((await tradeAt(t, clock, week[0] as string)).join()).toContain('buy 902 ENI.MI');
    // Monday's close: 902 × 11.000 + €59.15 cash = €9,981.15, no fee for the hours since launch.
    await closeAt(t, clock, week[0] as string);
    // Tuesday, Wednesday, Thursday: the target stays 906 shares, 4 more are worth under 1 % of the book, no trade.
    for (const iso of week.slice(1, 4)) {
      expect((await tradeAt(t, clock, iso)).join()).toContain('no trade');
      await closeAt(t, clock, iso);
    }
    // Friday 09:40: the order ends today, so the book keeps its whole value in cash: it sells 902 at 12.100
    // (€10,914.20, fee capped at €19.00).
    expect((await tradeAt(t, clock, week[4] as string)).join()).toContain('sell 902 ENI.MI');
    await closeAt(t, clock, week[4] as string);

    const { order, record } = await orderDetails(t, investor, bought.data.id);
    expect(record.map((r) => [r.day, r.amount, r.nav, r.value])).toEqual([
      // €10,951.35 cash less a day of fee (€1.09): NAV 1.095026.
      ['2026-11-20', '972.11', '1.09502600', '10950.26'],
      // 902 × 11.000 + €57.14 = €9,979.14, less €0.99.
      ['2026-11-19', '197.45', '0.99781500', '9978.15'],
      // A losing day: 902 × 10.780 + €58.11 = €9,781.67, less €0.97.
      ['2026-11-18', '-695.51', '0.97807000', '9780.70'],
      // 902 × 11.550 + €59.15 = €10,477.25, less a day of fee, €1.04.
      ['2026-11-17', '495.06', '1.04762100', '10476.21'],
      // The buy's fee is Monday's loss.
      ['2026-11-16', '-18.85', '0.99811500', '9981.15'],
    ]);
    expect(order).toMatchObject({
      state: 'returned',
      redeemReason: 'matured',
      returned: '10950.26',
      profit: '950.26',
      value: '0.00',
    });
    expect(await balance(t, investor.id, 'spot')).toBe(2_095_026n);
    expect(await balance(t, investor.id, 'robot')).toBe(0n);

    // The live record is the book's: two fills, €37.85 of trading fees, one winning round trip.
    const info = await call<{ live: Record<string, unknown>; robot: { nav: string } }>(
      t.app,
      'POST',
      '/stock/ai/info',
      { id: robot.id },
    );
    expect(info.code, info.msg).toBe(0);
    expect(info.data.live).toMatchObject({
      days: 5,
      trades: 2,
      fees: '37.85',
      roundTrips: 1,
      hitRate: '1.000000',
      totalReturn: '0.095026',
    });
    expect(info.data.robot.nav).toBe('1.09502600');
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
