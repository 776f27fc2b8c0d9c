import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import {
  bondList,
  euros,
  minor,
  movements,
  positions,
  runJob,
  taxPayable,
  ticket,
  trade,
} from './bonds-steps';
import { createTestApp, type TestApp, TestClock } from './helper';
import { balance, fund, type Investor, newApplicant } from './investor-steps';

/*
 * Government bonds with the numbers written out (issue 20 item 2, decisions 053 and 064). The clock starts on
 * Monday 23 November 2026 in Rome; trades settle T+2, on Wednesday 25 November, and the accrued interest runs to
 * that value date. Prices are the simulated curve's, so each total is checked against the price the ticket
 * showed, and the accrued interest, coupons, withholding and redemptions against the calendar.
 */

const btp2034 = 'IT0005584856'; // BTP 3,85% 1/7/2034: coupons 1 January and 1 July
const btp2027 = 'IT0005521007'; // BTP 2,95% 15/2/2027: coupons 15 February and 15 August
const bot = 'IT0005623019'; // BOT 14/1/2027

let t: TestApp;
let clock: TestClock;
let ada: Investor;

beforeAll(async () => {
  clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  t = await createTestApp({ clock });
  ada = await newApplicant(t, 0n);
  await fund(t, ada.id, 3_000_000n); // €30.000,00
});
afterAll(async () => t.close());

/** Clean amount of a nominal at a wire price ("101.230"), rounded half up to the cent. */
const cleanOf = (nominalMinor: bigint, price: string) => {
  const milli = BigInt(price.replace('.', ''));
  return (nominalMinor * milli * 2n + 100_000n) / 200_000n;
};

describe('a BTP bought between coupons, its coupon, and redemptions at maturity', () => {
  let paidFor2034 = 0n;

  it('lists the BTPs and BOTs with bid below ask and a yield net of 12,5% below the gross', async () => {
    const list = await bondList(t);
    expect(list.map((b) => b.isin)).toContain(btp2034);
    for (const b of list) {
      expect(Number(b.bid)).toBeLessThan(Number(b.ask));
      expect(Number(b.yieldNet)).toBeLessThan(Number(b.yieldGross));
      expect(b.lot).toBe('1000.00');
    }
    const b = list.find((x) => x.isin === btp2034)!;
    expect(b).toMatchObject({
      kind: 'btp',
      coupon: '3.85',
      nextCoupon: '2027-01-01',
      settlementDate: '2026-11-25',
    });
    // 147 of the 184 days from 1 July to the value date, 25 November: 1,925 × 147 ÷ 184 = 1,538 per 100.
    expect(b.accruedPer100).toBe('1.538');
  });

  it('buys €10.000 of the BTP 3,85% 2034 on 23 November: €153,79 accrued to 25 November, €134,57 net of 12,5%', async () => {
    const quoted = await ticket(t, btp2034, 'buy', '10000');
    expect(quoted.code, quoted.msg).toBe(0);
    // 19 250 cents of half-year coupon × 147 / 184 days = 15 379,08 → €153,79; 12,5% of it €19,22 (19,22375).
    expect(quoted.data).toMatchObject({
      accruedDays: 147,
      periodDays: 184,
      accruedGross: '153.79',
      accruedTax: '19.22',
      accrued: '134.57',
    });
    expect(quoted.data.bond.settlementDate).toBe('2026-11-25');
    const clean = cleanOf(1_000_000n, quoted.data.price);
    expect(quoted.data.cleanAmount).toBe(euros(clean));
    expect(quoted.data.total).toBe(euros(clean + 13_457n));

    const bought = await trade(t, ada, 'buy', btp2034, '10000');
    expect(bought.code, bought.msg).toBe(0);
    expect(bought.data.total).toBe(quoted.data.total);
    // The cash leaves at the trade, as a share purchase's does.
    paidFor2034 = clean + 13_457n;
    expect(await balance(t, ada.id, 'spot')).toBe(3_000_000n - paidFor2034);
    const [held] = await positions(t, ada);
    expect(held).toMatchObject({ nominal: '10000.00', cost: euros(clean) });
    // The position carries today's accrued interest: 145 days, €151,70.
    expect(held?.accrued).toBe('151.70');
    // Its value date shows in the history.
    const [first] = await movements(t, ada);
    expect(first).toMatchObject({ kind: 'buy', date: '2026-11-25' });
  });

  it('buys €5.000 of the BTP 2,95% Feb 2027 (€40,88 accrued) and €10.000 of the January BOT (none)', async () => {
    const btp = await trade(t, ada, 'buy', btp2027, '5000');
    expect(btp.code, btp.msg).toBe(0);
    // 7 375 cents × 102 / 184 days (15 August to 25 November) = 4 088,32 → €40,88; net of €5,11 tax: €35,77.
    expect(btp.data).toMatchObject({
      accruedGross: '40.88',
      accruedTax: '5.11',
      accrued: '35.77',
      accruedDays: 102,
    });
    expect(btp.data.total).toBe(euros(cleanOf(500_000n, btp.data.price) + 3_577n));
    const b = await trade(t, ada, 'buy', bot, '10000');
    expect(b.code, b.msg).toBe(0);
    expect(b.data).toMatchObject({ accrued: '0.00', periodDays: 0 });
    expect(Number(b.data.price)).toBeLessThan(100);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('pays nothing before 1 January, then €192,50 gross on 1 January: €24,06 withheld, €168,44 net', async () => {
    clock.ms = Date.UTC(2026, 11, 31, 10, 0, 0);
    expect(await runJob(t, 'bond-coupons')).toEqual([]);
    const spot = await balance(t, ada.id, 'spot');
    const tax = await taxPayable(t);
    clock.ms = Date.UTC(2027, 0, 1, 10, 0, 0);
    expect(await runJob(t, 'bond-coupons')).toEqual([`${btp2034}:2027-01-01`]);
    expect(await balance(t, ada.id, 'spot')).toBe(spot + 16_844n);
    expect(await taxPayable(t)).toBe(tax + 2_406n);
    // Run again: paid once.
    expect(await runJob(t, 'bond-coupons')).toEqual([]);
    expect(await balance(t, ada.id, 'spot')).toBe(spot + 16_844n);
    const [coupon] = (await movements(t, ada)).filter((m) => m.kind === 'coupon');
    expect(coupon).toMatchObject({ isin: btp2034, date: '2027-01-01', amount: '168.44', withheld: '24.06' });
    // And the investor is told, once, with the figures of the coupon.
    const told = await t.db.query<{ params: unknown }>(
      `select params from notices where user_id = $1 and message_key = 'notice.bond.coupon'`,
      [ada.id],
    );
    expect(told.map((n) => n.params)).toEqual([['168.44', btp2034, '24.06']]);
  });

  it('redeems the BOT at par on 14 January, 12,5% withheld on what it gained over its price', async () => {
    const [boughtBot] = (await movements(t, ada)).filter((m) => m.isin === bot && m.kind === 'buy');
    const cost = -minor(boughtBot!.amount);
    clock.ms = Date.UTC(2027, 0, 14, 10, 0, 0);
    const spot = await balance(t, ada.id, 'spot');
    expect(await runJob(t, 'bond-redemptions')).toEqual([bot]);
    const gain = 1_000_000n - cost;
    const withheld = (gain * 1250n * 2n + 10_000n) / 20_000n;
    // €10.000,00 paid at par, the tax on the gain taken by the taxes module (bill "capital gains tax").
    expect(await balance(t, ada.id, 'spot')).toBe(spot + 1_000_000n - withheld);
    const [redeemed] = (await movements(t, ada)).filter((m) => m.kind === 'redemption');
    expect(redeemed).toMatchObject({ isin: bot, nominal: '10000.00', withheld: euros(withheld) });
    expect((await positions(t, ada)).map((p) => p.bond.isin)).toEqual([btp2034, btp2027].sort());
  });

  it('pays the last coupon (€73,75, €9,22 withheld) and redeems €5.000 of the BTP on 15 February 2027', async () => {
    clock.ms = Date.UTC(2027, 1, 15, 10, 0, 0);
    const spot = await balance(t, ada.id, 'spot');
    expect(await runJob(t, 'bond-coupons')).toEqual([`${btp2027}:2027-02-15`]);
    // 5 000 × 2,95% ÷ 2 = €73,75; 12,5% = 9,21875 → €9,22; net €64,53.
    expect(await balance(t, ada.id, 'spot')).toBe(spot + 6_453n);
    expect(await runJob(t, 'bond-redemptions')).toEqual([btp2027]);
    const [redeemed] = (await movements(t, ada)).filter((m) => m.kind === 'redemption' && m.isin === btp2027);
    expect(redeemed).toMatchObject({ nominal: '5000.00' });
    expect(await balance(t, ada.id, 'spot')).toBe(spot + 6_453n + 500_000n - minor(redeemed!.withheld));
    expect((await positions(t, ada)).map((p) => p.bond.isin)).toEqual([btp2034]);
    // Matured: no longer quoted or traded.
    const late = await ticket(t, btp2027, 'buy', '1000');
    expect(late.code).toBe(-1001);
    expect(late.msg).toBe('This bond has matured: it is redeemed, no longer traded.');
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('sells the BTP 2034 at the bid with its accrued interest, the gain or loss over its cost realised', async () => {
    // Sold on Monday 15 February, settled on the 17th: 47 days of the 181 from 1 January to 1 July;
    // 19 250 × 47 / 181 = 4 998,62 → €49,99, €6,25 withheld (6,24875), €43,74 net.
    const sold = await trade(t, ada, 'sell', btp2034, '10000');
    expect(sold.code, sold.msg).toBe(0);
    expect(sold.data).toMatchObject({
      accruedDays: 47,
      periodDays: 181,
      accruedGross: '49.99',
      accruedTax: '6.25',
    });
    expect(sold.data.total).toBe(euros(cleanOf(1_000_000n, sold.data.price) + 4_374n));
    expect(await positions(t, ada)).toEqual([]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
