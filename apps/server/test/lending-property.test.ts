import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { day, fund } from './investor-steps';
import {
  borrower,
  decide,
  disbursedLoan,
  interestBooked,
  lendingAdmin,
  repayLoan,
  runInterest,
} from './lending-steps';

/*
 * For random loans (principal, TAN, term) repaid on a random day, with the daily job run on random days in
 * between, the interest charged is principal × TAN / 365 × days outstanding rounded down to the cent — once,
 * however the days were booked — and the ledger verifies clean after each loan.
 */

let t: TestApp;
let clock: TestClock;

beforeAll(async () => {
  clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

const cents = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

it('charges principal × TAN / 365 × days, rounded down, and the ledger stays balanced', async () => {
  const admin = await lendingAdmin(t);
  await fc.assert(
    fc.asyncProperty(
      fc.bigInt({ min: 100n, max: 500_000n }),
      fc.integer({ min: 0, max: 3000 }),
      fc.integer({ min: 1, max: 60 }),
      fc.integer({ min: 0, max: 70 }),
      fc.array(fc.boolean(), { minLength: 70, maxLength: 70 }),
      async (principal, rateBp, term, repayDay, jobDays) => {
        const set = await call(
          t.app,
          'POST',
          '/admin/loans/rates/save',
          { days: 365, rate: cents(BigInt(rateBp)) },
          { token: admin },
        );
        expect(set.code, set.msg).toBe(0);
        await call(t.app, 'POST', '/admin/loans/rates/delete', { days: 30 }, { token: admin });
        await call(t.app, 'POST', '/admin/loans/rates/delete', { days: 90 }, { token: admin });
        await call(t.app, 'POST', '/admin/loans/rates/delete', { days: 180 }, { token: admin });
        const who = await borrower(t, 0n, '5000.00');
        const loan = await disbursedLoan(t, who, cents(principal), term);
        for (let d = 1; d <= repayDay; d++) {
          clock.advance(day);
          if (jobDays[d - 1]) await runInterest(t);
        }
        const interest = (principal * BigInt(rateBp) * BigInt(repayDay)) / 3_650_000n;
        await fund(t, who.id, interest + 1n);
        const repaid = await repayLoan(t, who, loan.id, cents(principal + interest));
        expect(repaid.code, repaid.msg).toBe(0);
        expect(await interestBooked(t, loan.id)).toBe(interest);
        await decide(t, 'repayment/confirm', loan.id);
        expect(await verifyLedger(t.db)).toEqual([]);
        clock.advance(day);
      },
    ),
    { numRuns: 12 },
  );
}, 600_000);
