import type { AdminBondDetail } from '@piazza/contract/calls/bonds-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { demoAdmin, signIn } from './admin-fixtures';
import { minor, movements, runJob, ticket, trade } from './bonds-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { balance, type Investor, newApplicant } from './investor-steps';

/*
 * Bond trades settle T+2 as MOT's do (decision 064): the cash of a buy leaves at the trade, the nominal is
 * delivered on the value date two business days later (sellable from then, entitled to a coupon whose date is
 * after it), a sale's proceeds are cash at once and the seller keeps a coupon that falls before the sale settles.
 * The BTP 4,45% 2043 pays its coupons on 1 March and 1 September; 1 March 2027 is a Monday.
 */

const btp2043 = 'IT0005370231';
const at = (day: number, month: number) => Date.UTC(2027, month - 1, day, 10, 0, 0);

let t: TestApp;
let clock: TestClock;
let ada: Investor;
let bea: Investor;

beforeAll(async () => {
  clock = new TestClock(at(24, 2)); // Wednesday 24 February 2027
  t = await createTestApp({ clock });
  ada = await newApplicant(t, 1_000_000n);
  bea = await newApplicant(t, 1_000_000n);
});
afterAll(async () => t.close());

describe('bond trades settle two business days after the trade', () => {
  it('takes the cash at the trade, counts the accrued interest to the value date, and refuses selling before it', async () => {
    const bought = await trade(t, ada, 'buy', btp2043, '2000');
    expect(bought.code, bought.msg).toBe(0);
    // Wednesday's trade settles on Friday 26 February: 178 of the 181 days since 1 September;
    // 4 450 cents of half coupon × 178 / 181 = 4 376,24 → €43,76.
    expect(bought.data).toMatchObject({ accruedDays: 178, periodDays: 181, accruedGross: '43.76' });
    expect(bought.data.bond.settlementDate).toBe('2027-02-26');
    expect(await balance(t, ada.id, 'spot')).toBe(1_000_000n - minor(bought.data.total));

    clock.ms = at(25, 2);
    const early = await trade(t, ada, 'sell', btp2043, '1000');
    expect(early.code).toBe(-1001);
    expect(early.msg).toBe(
      'You can sell 0.00 EUR nominal of this bond now: what you bought is yours to sell from its value date, two business days after the purchase.',
    );
    const italian = await trade(t, ada, 'sell', btp2043, '1000', 'it-IT');
    expect(italian.msg).toContain('Ora puoi vendere 0,00 EUR di nominale');
    expect((await movements(t, ada)).map((m) => m.kind)).toEqual(['buy']);
  });

  it('pays the 1 March coupon to the nominal settled before it: a Thursday buyer waits, a Friday seller keeps it', async () => {
    // Thursday 25 February: Bea's purchase settles on Monday 1 March, the coupon's date: no accrued interest
    // changes hands, and the coupon is not hers.
    const beas = await trade(t, bea, 'buy', btp2043, '3000');
    expect(beas.code, beas.msg).toBe(0);
    expect(beas.data).toMatchObject({ accruedDays: 0, accruedGross: '0.00', accrued: '0.00' });
    expect(beas.data.bond.settlementDate).toBe('2027-03-01');

    // Friday 26 February: Ada's nominal is delivered; she sells half, settling Tuesday 2 March. The proceeds are
    // cash at once, as a share sale's are.
    clock.ms = at(26, 2);
    const spot = await balance(t, ada.id, 'spot');
    const sold = await trade(t, ada, 'sell', btp2043, '1000');
    expect(sold.code, sold.msg).toBe(0);
    expect(sold.data.bond.settlementDate).toBe('2027-03-02');
    expect(await balance(t, ada.id, 'spot')).toBe(spot + minor(sold.data.total));

    // The back office sees today's holders, and the coupon as the job will pay it: Ada's €2.000 only.
    const admin = await signIn(t.app, demoAdmin);
    const seen = await call<AdminBondDetail>(
      t.app,
      'GET',
      '/admin/bond',
      { isin: btp2043 },
      { token: admin },
    );
    expect(seen.data.holders.map((h) => [h.userId, h.nominal])).toEqual([
      [bea.id, '3000.00'],
      [ada.id, '1000.00'],
    ]);
    // 2 000 × 4,45% ÷ 2 = €44,50; 12,5% = 5,5625 → €5,56; net €38,94.
    expect(seen.data.nextCoupon).toEqual({
      date: '2027-03-01',
      investors: 1,
      nominal: '2000.00',
      gross: '44.50',
      withheld: '5.56',
      net: '38.94',
    });
    expect(seen.data.bond.valueDate).toBe('2027-03-02');

    clock.ms = at(1, 3);
    const adaSpot = await balance(t, ada.id, 'spot');
    const beaSpot = await balance(t, bea.id, 'spot');
    expect(await runJob(t, 'bond-coupons')).toEqual([`${btp2043}:2027-03-01`]);
    expect(await balance(t, ada.id, 'spot')).toBe(adaSpot + 3_894n);
    expect(await balance(t, bea.id, 'spot')).toBe(beaSpot);
    expect((await movements(t, bea)).map((m) => m.kind)).toEqual(['buy']);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('lets the nominal be sold from its value date on', async () => {
    clock.ms = at(1, 3);
    const quoted = await ticket(t, btp2043, 'sell', '3000');
    expect(quoted.code, quoted.msg).toBe(0);
    const sold = await trade(t, bea, 'sell', btp2043, '3000');
    expect(sold.code, sold.msg).toBe(0);
    expect(sold.data.bond.settlementDate).toBe('2027-03-03');
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('stops trading a bond whose trades would settle on or after its redemption', async () => {
    const bot = 'IT0005631806'; // BOT 14/5/2027, a Friday
    clock.ms = at(11, 5); // Tuesday: settles Thursday 13 May
    expect((await ticket(t, bot, 'buy', '1000')).code).toBe(0);
    clock.ms = at(12, 5); // Wednesday: would settle on the Friday it is redeemed
    const late = await ticket(t, bot, 'buy', '1000');
    expect(late.code).toBe(-1001);
    expect(late.msg).toBe(
      'This bond is redeemed on 2027-05-14: it no longer trades, as a trade would settle two business days later.',
    );
    const italian = await ticket(t, bot, 'sell', '1000', 'it-IT');
    expect(italian.msg).toContain('Questo titolo viene rimborsato il 14/05/2027');
    const listed = await call<{ list: { isin: string }[] }>(t.app, 'GET', '/bonds/list');
    expect(listed.data.list.map((b) => b.isin)).not.toContain(bot);
  });
});
