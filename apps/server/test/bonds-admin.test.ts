import type { AdminBondDetail, AdminBondRow } from '@piazza/contract/calls/bonds-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, operatorWithRole, signIn } from './admin-fixtures';
import { movements, runJob, trade } from './bonds-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { type Investor, newApplicant } from './investor-steps';

/*
 * The back office's bonds screen (decision 064): finance reads every bond with today's quote and what investors
 * hold of it; one bond's holders, the coupons and redemptions paid, and what the next coupon will cost. The clock
 * starts on Monday 23 November 2026 in Rome; two investors buy the BTP 3,85% 2034 (coupons 1 January and 1 July)
 * and one of them the January BOT.
 */

const btp2034 = 'IT0005584856';
const bot = 'IT0005623019'; // BOT 14/1/2027

let t: TestApp;
let clock: TestClock;
let admin: string;
let finance: string;
let ada: Investor;
let bea: Investor;

beforeAll(async () => {
  clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  t = await createTestApp({ clock });
  admin = await signIn(t.app, demoAdmin);
  finance = await operatorWithRole(t.app, admin, 'finance');
  ada = await newApplicant(t, 3_000_000n);
  bea = await newApplicant(t, 1_000_000n);
});
afterAll(async () => t.close());

const list = async (token: string) => {
  const res = await call<{ list: AdminBondRow[] }>(t.app, 'GET', '/admin/bonds', {}, { token });
  expect(res.code, res.msg).toBe(0);
  return res.data.list;
};
const detail = (token: string, isin: string, lang = 'en-US') =>
  call<AdminBondDetail>(t.app, 'GET', '/admin/bond', { isin }, { token, lang });

describe('the bonds in the back office', () => {
  it('lists every bond with the quote, accrued interest, yields and no holders before any trade', async () => {
    const rows = await list(finance);
    expect(rows).toHaveLength(8);
    // Nearest maturity first: the January BOT, then the February 2027 BTP.
    expect(rows.slice(0, 2).map((r) => r.isin)).toEqual([bot, 'IT0005521007']);
    const b = rows.find((r) => r.isin === btp2034)!;
    expect(b).toMatchObject({
      kind: 'btp',
      coupon: '3.85',
      maturityDate: '2034-07-01',
      nextCoupon: '2027-01-01',
      // To the value date, Wednesday 25 November (T+2): 147 of the 184 days from 1 July, 1,925 × 147 ÷ 184 = 1,538.
      accruedPer100: '1.538',
      holders: 0,
      nominalHeld: '0.00',
      state: 'quoted',
      valueDate: '2026-11-25',
    });
    // The clean mid sits halfway between the dealer's bid and ask (0,05 either side).
    expect(Number(b.ask) - Number(b.price)).toBeCloseTo(0.05, 6);
    expect(Number(b.price) - Number(b.bid)).toBeCloseTo(0.05, 6);
    expect(Number(b.yieldNet)).toBeLessThan(Number(b.yieldGross));
  });

  it('shows the holders and the next coupon the platform will pay: €288,75 gross, €36,09 withheld', async () => {
    expect((await trade(t, ada, 'buy', btp2034, '10000')).code).toBe(0);
    expect((await trade(t, bea, 'buy', btp2034, '5000')).code).toBe(0);
    expect((await trade(t, ada, 'buy', bot, '10000')).code).toBe(0);

    const row = (await list(finance)).find((r) => r.isin === btp2034)!;
    expect(row).toMatchObject({ holders: 2, nominalHeld: '15000.00' });

    const res = await detail(finance, btp2034);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.holders.map((h) => [h.userId, h.nominal])).toEqual([
      [ada.id, '10000.00'],
      [bea.id, '5000.00'],
    ]);
    expect(res.data.payments).toEqual([]);
    // €192,50 on 10.000 (€24,06 withheld) and €96,25 on 5.000 (12,03125 → €12,03 withheld), each rounded alone.
    expect(res.data.nextCoupon).toEqual({
      date: '2027-01-01',
      investors: 2,
      nominal: '15000.00',
      gross: '288.75',
      withheld: '36.09',
      net: '252.66',
    });
    expect(res.data.redemption).toEqual({ date: '2034-07-01', investors: 2, nominal: '15000.00' });

    // A BOT pays no coupon: only the redemption at par is due.
    const b = await detail(finance, bot);
    expect(b.data.nextCoupon).toBeNull();
    expect(b.data.redemption).toEqual({ date: '2027-01-14', investors: 1, nominal: '10000.00' });
  });

  it('lists the coupon of 1 January and the BOT redeemed on 14 January as the jobs paid them', async () => {
    clock.ms = Date.UTC(2027, 0, 1, 10, 0, 0);
    expect(await runJob(t, 'bond-coupons')).toEqual([`${btp2034}:2027-01-01`]);
    const after = await detail(finance, btp2034);
    expect(after.data.payments).toEqual([
      {
        kind: 'coupon',
        date: '2027-01-01',
        investors: 2,
        nominal: '15000.00',
        gross: '288.75',
        withheld: '36.09',
        net: '252.66',
      },
    ]);
    expect(after.data.nextCoupon?.date).toBe('2027-07-01');

    clock.ms = Date.UTC(2027, 0, 14, 10, 0, 0);
    expect(await runJob(t, 'bond-redemptions')).toEqual([bot]);
    const [redeemed] = (await movements(t, ada)).filter((m) => m.kind === 'redemption');
    const b = await detail(admin, bot);
    expect(b.data.bond).toMatchObject({ state: 'matured', price: null, holders: 0, nominalHeld: '0.00' });
    expect(b.data.holders).toEqual([]);
    expect(b.data.payments).toEqual([
      {
        kind: 'redemption',
        date: '2027-01-14',
        investors: 1,
        nominal: '10000.00',
        gross: '10000.00',
        withheld: redeemed!.withheld,
        net: redeemed!.amount,
      },
    ]);
  });

  it('refuses a support operator, a malformed ISIN and an unknown one', async () => {
    const support = await operatorWithRole(t.app, admin, 'support');
    const listed = await call(t.app, 'GET', '/admin/bonds', {}, { token: support });
    expect(listed).toMatchObject({ code: -1001, msg: 'Your role does not allow this action' });
    const one = await detail(support, btp2034, 'it-IT');
    expect(one).toMatchObject({ code: -1001, msg: 'Il tuo ruolo non consente questa operazione' });
    const malformed = await detail(finance, 'IT00055');
    expect(malformed).toMatchObject({
      code: -1001,
      msg: 'Enter the ISIN of a government bond: 12 characters, such as IT0005584856.',
    });
    const unknown = await detail(finance, 'IT0000000001', 'it-IT');
    expect(unknown).toMatchObject({ code: -1001, msg: "Nessun titolo di Stato ha l'ISIN IT0000000001." });
    // An investor's session is no operator's.
    const investorCall = await call(t.app, 'GET', '/admin/bonds', {}, { token: ada.token });
    expect(investorCall.code).not.toBe(0);
  });
});
