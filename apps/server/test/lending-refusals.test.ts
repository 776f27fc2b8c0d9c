import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { countRows } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { balance, day, newApplicant, requestId } from './investor-steps';
import {
  applyFor,
  borrower,
  decide,
  disbursedLoan,
  interestBooked,
  lendingAdmin,
  repayLoan,
  runInterest,
  withdrawLoan,
} from './lending-steps';

/*
 * What loans refuse (issue 14, "bad input and edges"): each a named refusal (-1001) in the caller's language
 * that moves nothing; a repeated request and a repayment racing the interest job happen once.
 */

let t: TestApp;
let clock: TestClock;

beforeEach(async () => {
  clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  t = await createTestApp({ clock });
});
afterEach(async () => t.close());

describe('applying refuses', () => {
  it('above the limit, beyond the longest term, without a limit, without KYC, without the SECCI accepted', async () => {
    const who = await borrower(t, 0n, '2000.00');
    const above = await applyFor(t, who, '2000.01', 30, { lang: 'it-IT' });
    expect([above.code, above.msg]).toEqual([
      -1001,
      'L’importo supera il tuo limite di prestito di 2.000,00 EUR.',
    ]);
    const long = await applyFor(t, who, '1000.00', 366);
    expect(long.msg).toBe('Loans are offered for at most 365 days.');
    const unsigned = await applyFor(t, who, '1000.00', 30, { secciAccepted: false });
    expect(unsigned.msg).toBe('Read the SECCI summary and accept it before applying.');
    const junk = await applyFor(t, who, '1.000,00', 30);
    expect(junk.msg).toBe('Enter the amount in euros with at most 2 decimals, above zero.');
    const noLimit = await newApplicant(t, 0n);
    expect((await applyFor(t, noLimit, '100.00', 30)).msg).toBe(
      'You have no loan limit yet: customer service sets it on request.',
    );
    const unverified = await newApplicant(t, 0n, { kyc: false });
    expect((await applyFor(t, unverified, '100.00', 30)).code).toBe(-1001);
    expect(await countRows(t.db, 'loans')).toBe(0);
  });

  it('a second loan while one is open; a repeated request answers the first loan', async () => {
    const who = await borrower(t, 0n);
    const id = requestId();
    const first = await applyFor(t, who, '500.00', 30, { id });
    const again = await applyFor(t, who, '500.00', 30, { id });
    expect(again.data.id).toBe(first.data.id);
    const second = await applyFor(t, who, '100.00', 30, { lang: 'it-IT' });
    expect(second.msg).toBe('Hai già un prestito aperto: rimborsalo prima di chiederne un altro.');
    expect(await countRows(t.db, 'loans')).toBe(1);
    await decide(t, 'approve', first.data.id);
    expect((await applyFor(t, who, '100.00', 30)).code).toBe(-1001);
    const twice = await decide(t, 'approve', first.data.id);
    expect(twice.msg).toBe('This loan is no longer under review.');
    expect(await balance(t, who.id, 'spot')).toBe(50_000n);
  });

  it('a rejection needs a reason, moves nothing, and the investor reads it', async () => {
    const who = await borrower(t, 0n);
    const applied = await applyFor(t, who, '500.00', 30);
    expect((await decide(t, 'reject', applied.data.id)).code).toBe(-1001);
    const rejected = await decide(t, 'reject', applied.data.id, { reason: 'income too low for the amount' });
    expect(rejected.data).toMatchObject({ state: 'rejected', rejectReason: 'income too low for the amount' });
    expect(await countRows(t.db, "journal_entries where bill_type like 'loan%'")).toBe(0);
    const audits = await t.db.query(`select 1 from audit_log where action = 'loan.reject'`);
    expect(audits).toHaveLength(1);
  });
});

describe('repaying refuses', () => {
  it('more or less than owed, without funds, a withdrawal after 14 days, a loan not in progress', async () => {
    const who = await borrower(t, 0n);
    const loan = await disbursedLoan(t, who, '1000.00', 30);
    clock.advance(15 * day);
    // 15 days: 100 000 × 0,12 × 15 / 365 = 493,15 cents.
    const more = await repayLoan(t, who, loan.id, '1004.94', { lang: 'it-IT' });
    expect(more.msg).toBe('È più di quanto devi: oggi 1.004,93 EUR.');
    expect((await repayLoan(t, who, loan.id, '1000.00')).msg).toBe(
      'A loan is repaid in full: 1,004.93 EUR today.',
    );
    expect((await repayLoan(t, who, loan.id, '1004.93')).msg).toBe('Account must suffice for 1,004.93 EUR.');
    expect((await withdrawLoan(t, who, loan.id, 'it-IT')).msg).toBe(
      'Il diritto di recesso di 14 giorni è scaduto il 07/12/2026: rimborsa il prestito.',
    );
    expect(await interestBooked(t, loan.id)).toBe(0n);
    expect(await balance(t, who.id, 'spot')).toBe(100_000n);
    const other = await borrower(t, 0n);
    expect((await repayLoan(t, other, loan.id, '1004.93')).msg).toBe('Loan not found.');
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a repayment racing the interest job books each day once', async () => {
    const who = await borrower(t, 1_000n);
    const loan = await disbursedLoan(t, who, '1000.00', 30);
    clock.advance(3 * day);
    // Three days: 98 cents (100 000 × 0,12 × 3 / 365 = 98,63).
    const [repaid] = await Promise.all([repayLoan(t, who, loan.id, '1000.98'), runInterest(t)]);
    expect(repaid.code, repaid.msg).toBe(0);
    expect(await interestBooked(t, loan.id)).toBe(98n);
    await runInterest(t);
    expect(await interestBooked(t, loan.id)).toBe(98n);
    expect(await balance(t, who.id, 'spot')).toBe(1_000n + 100_000n - 100_098n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('the back office', () => {
  it('sets the rate table (audited) and refuses rates out of bounds', async () => {
    const admin = await lendingAdmin(t);
    const saved = await call<{ list: { days: number; rate: string }[] }>(
      t.app,
      'POST',
      '/admin/loans/rates/save',
      { days: 60, rate: '11.75' },
      { token: admin },
    );
    expect(saved.data.list.find((r) => r.days === 60)?.rate).toBe('11.75');
    const high = await call(
      t.app,
      'POST',
      '/admin/loans/rates/save',
      { days: 60, rate: '30.01' },
      { token: admin },
    );
    expect(high.msg).toBe('The TAN is a percentage from 0 to 30 with at most 2 decimals.');
    const gone = await call(t.app, 'POST', '/admin/loans/rates/delete', { days: 61 }, { token: admin });
    expect(gone.msg).toBe('The rate table has no row of 61 days.');
    const audits = await t.db.query(`select 1 from audit_log where action like 'loanRate.%'`);
    expect(audits).toHaveLength(1);
    const who = await borrower(t, 0n);
    const page = await call<{ maxDays: number; rates: unknown[] }>(
      t.app,
      'GET',
      '/user/loan',
      {},
      { token: who.token },
    );
    expect(page.data).toMatchObject({
      maxDays: 365,
      rates: expect.arrayContaining([{ days: 60, rate: '11.75' }]),
    });
  });

  it('adjusts the credit score with a reason, shown apart; a new investor is not yet rated', async () => {
    const who = await newApplicant(t, 0n);
    const admin = await lendingAdmin(t);
    const fresh = await call<{ score: number | null }>(
      t.app,
      'GET',
      '/user/credit/score',
      {},
      { token: who.token },
    );
    expect(fresh.data.score).toBeNull();
    const adjusted = await call(
      t.app,
      'POST',
      '/admin/credit/adjust',
      { id: who.id, adjustment: 5, reason: 'salary slip checked' },
      { token: admin },
    );
    expect(adjusted.data).toMatchObject({
      score: null,
      adjustment: 5,
      adjustments: [{ adjustment: 5, reason: 'salary slip checked' }],
    });
    const same = await call(
      t.app,
      'POST',
      '/admin/credit/adjust',
      { id: who.id, adjustment: 5, reason: 'again' },
      { token: admin },
    );
    expect(same.msg).toBe('The adjustment is already 5.');
    const far = await call(
      t.app,
      'POST',
      '/admin/credit/adjust',
      { id: who.id, adjustment: 51, reason: 'too far' },
      { token: admin },
    );
    expect(far.msg).toBe('The adjustment is a whole number of points from −50 to +50.');
    const audits = await t.db.query(`select 1 from audit_log where action = 'user.creditAdjustment'`);
    expect(audits).toHaveLength(1);
  });
});
