import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { balance, day, fund } from './investor-steps';
import {
  borrower,
  decide,
  disbursedLoan,
  interestBooked,
  loans,
  repayLoan,
  runInterest,
  secci,
  withdrawLoan,
} from './lending-steps';

/*
 * Loans with the numbers written out (issue 14): €1.000,00 at a TAN of 12% (the rate table's 30-day row),
 * disbursed on Monday 23 November 2026 at 11:00 in Rome. Interest is principal × 12% × days / 365, rounded
 * down to the cent: 30 days €9,86; 10 days €3,28; 5 days €1,64; 33 days €10,84.
 */

let t: TestApp;
let clock: TestClock;

beforeEach(async () => {
  clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  t = await createTestApp({ clock });
});
afterEach(async () => t.close());

describe('a loan of €1.000,00 at 12% for 30 days', () => {
  it('shows its SECCI, accrues €9,86 day by day, is repaid on its date and settled by the operator', async () => {
    const who = await borrower(t, 10_000n);
    const summary = await secci(t, who, '1000.00', 30);
    expect(summary.data).toEqual({
      currency: 'EUR',
      amount: '1000.00',
      days: 30,
      tan: '12.00',
      // (1 009,86 / 1 000)^(365/30) − 1 = 12,68%, shown to one decimal as Annex I says.
      taeg: '12.7',
      totalInterest: '9.86',
      totalCost: '9.86',
      totalRepayable: '1009.86',
      dailyInterest: '0.32',
      repaymentDate: '2026-12-23',
      withdrawalDays: 14,
      withdrawalUntil: '2026-12-07',
    });

    const loan = await disbursedLoan(t, who, '1000.00', 30);
    expect(loan).toMatchObject({ state: 'active', amount: '1000.00', tan: '12.00', taeg: '12.7' });
    expect(await balance(t, who.id, 'spot')).toBe(110_000n);

    // Day by day: 32 cents on day 1, 33 on day 2, … the job books the growth of the rounded-down total.
    for (let d = 1; d <= 30; d++) {
      clock.advance(day);
      await runInterest(t);
      expect(await interestBooked(t, loan.id)).toBe((100_000n * 1200n * BigInt(d)) / 3_650_000n);
    }
    const [open] = await loans(t, who);
    expect(open).toMatchObject({
      state: 'active',
      daysBorrowed: 30,
      interestToDate: '9.86',
      owedToday: '1009.86',
    });
    expect(open?.schedule.slice(0, 2)).toEqual([
      { date: '2026-11-24', day: 1, interest: '0.32', interestToDate: '0.32', owed: '1000.32', booked: true },
      { date: '2026-11-25', day: 2, interest: '0.33', interestToDate: '0.65', owed: '1000.65', booked: true },
    ]);
    expect(open?.schedule).toHaveLength(30);

    const repaid = await repayLoan(t, who, loan.id, '1009.86');
    expect(repaid.code, repaid.msg).toBe(0);
    expect(repaid.data).toMatchObject({ state: 'repaying', ending: 'repayment', repaidAmount: '1009.86' });
    expect(await balance(t, who.id, 'spot')).toBe(110_000n - 100_986n);
    expect(await balance(t, who.id, 'frozen')).toBe(100_986n);
    // Interest stops at the repayment: the next day's job books nothing on it.
    clock.advance(day);
    await runInterest(t);
    expect(await interestBooked(t, loan.id)).toBe(986n);

    const settled = await decide(t, 'repayment/confirm', loan.id);
    expect(settled.data).toMatchObject({ state: 'repaid', owedToday: '0.00' });
    expect(await balance(t, who.id, 'frozen')).toBe(0n);
    expect(await verifyLedger(t.db)).toEqual([]);

    const score = await call<{ score: number; factors: { key: string; points: number }[] }>(
      t.app,
      'GET',
      '/user/credit/score',
      {},
      { token: who.token },
    );
    // Verified (25) + a loan repaid on time (10); a month of tenure (3) and no deposit.
    expect(score.data.factors.find((f) => f.key === 'repaidOnTime')?.points).toBe(10);
    expect(score.data.score).toBe(38);
  });

  it('repaid early on day 10 costs €3,28: the days used, booked by the repayment where the job had not', async () => {
    const who = await borrower(t, 0n);
    const loan = await disbursedLoan(t, who, '1000.00', 30);
    clock.advance(5 * day);
    await runInterest(t);
    expect(await interestBooked(t, loan.id)).toBe(164n);
    clock.advance(5 * day);
    // The job has not run for days 6–10: the repayment books them itself.
    const refused = await repayLoan(t, who, loan.id, '1009.86');
    expect([refused.code, refused.msg]).toEqual([-1001, 'That is more than you owe: 1,003.28 EUR today.']);
    const repaid = await repayLoan(t, who, loan.id, '1003.28');
    expect(repaid.code, repaid.msg).toBe(-1001);
    expect(repaid.msg).toBe('Account must suffice for 1,003.28 EUR.');
    await fund(t, who.id, 328n);
    const ok = await repayLoan(t, who, loan.id, '1003.28');
    expect(ok.data).toMatchObject({ state: 'repaying', daysBorrowed: 10, interestToDate: '3.28' });
    expect(await interestBooked(t, loan.id)).toBe(328n);
    expect(await balance(t, who.id, 'spot')).toBe(0n);
    await runInterest(t);
    expect(await interestBooked(t, loan.id)).toBe(328n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('withdrawn on day 5 returns €1.001,64, principal and interest to that day, nothing more', async () => {
    const who = await borrower(t, 0n);
    const loan = await disbursedLoan(t, who, '1000.00', 30);
    for (let d = 1; d <= 5; d++) {
      clock.advance(day);
      await runInterest(t);
    }
    const withdrawn = await withdrawLoan(t, who, loan.id);
    expect(withdrawn.code, withdrawn.msg).toBe(-1001);
    await fund(t, who.id, 164n);
    const ok = await withdrawLoan(t, who, loan.id);
    expect(ok.data).toMatchObject({ state: 'repaying', ending: 'withdrawal', repaidAmount: '1001.64' });
    expect(await balance(t, who.id, 'spot')).toBe(0n);
    await decide(t, 'repayment/confirm', loan.id);
    expect((await loans(t, who))[0]).toMatchObject({
      state: 'repaid',
      ending: 'withdrawal',
      daysBorrowed: 5,
    });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('overdue after 23 December keeps accruing at the TAN for the days borrowed, and counts against the score', async () => {
    const who = await borrower(t, 50_000n);
    const loan = await disbursedLoan(t, who, '1000.00', 30);
    clock.advance(33 * day);
    await runInterest(t);
    const [late] = await loans(t, who);
    // 100 000 × 0,12 × 33 / 365 = 1 084,93 cents.
    expect(late).toMatchObject({
      state: 'overdue',
      daysBorrowed: 33,
      interestToDate: '10.84',
      owedToday: '1010.84',
    });
    expect(late?.schedule).toHaveLength(33);
    const listed = await call<{ total: number }>(
      t.app,
      'GET',
      '/user/loan/order/list',
      { state: 'overdue' },
      {
        token: who.token,
      },
    );
    expect(listed.data.total).toBe(1);
    const score = await call<{ factors: { key: string; points: number }[] }>(
      t.app,
      'GET',
      '/user/credit/score',
      {},
      { token: who.token },
    );
    expect(score.data.factors.find((f) => f.key === 'overdue')?.points).toBe(-6);
    const repaid = await repayLoan(t, who, loan.id, '1010.84');
    expect(repaid.code, repaid.msg).toBe(0);
    await decide(t, 'repayment/confirm', loan.id);
    const after = await call<{ factors: { key: string; points: number }[] }>(
      t.app,
      'GET',
      '/user/credit/score',
      {},
      { token: who.token },
    );
    expect(after.data.factors.find((f) => f.key === 'repaidLate')?.points).toBe(-5);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
