import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { balances, input, type Lang, shot, signInDemo, text } from './steps/session';

/*
 * Issue 14's browser journey, as its "done when" words it: the demo investor applies for €1.000,00 over 30
 * days and reads the SECCI figures; the operator approves and the money arrives; the server restarts a day
 * later (a later demo clock) and the interest job has booked one day; the investor repays and the operator
 * confirms; the investor claims the VIP trial and reads a research note; the credit score page shows its
 * factors. The phases alternate Italian and English.
 */

const days = {
  // Monday 23 November 2026, 10:20 in Milan.
  apply: '2026-11-23T10:20:00+01:00',
  // Tuesday 24, 10:20: the day of Monday has ended, and its interest is booked.
  nextDay: '2026-11-24T10:20:00+01:00',
};

let j: Journey;
let userId = 0;
let loanId = 0;
beforeAll(async () => {
  j = await startJourney('lending-vip', { DEMO_CLOCK_START: days.apply });
});
afterAll(() => j?.close());

async function investor(lang: Lang): Promise<{ page: Page; token: string; close(): Promise<void> }> {
  const { context, page } = await j.newPage({ locale: lang });
  const token = await signInDemo(page, lang);
  return { page, token, close: () => context.close() };
}

/** A back-office call as the demo admin; fails the journey on a refusal. */
async function office<T>(method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<T> {
  const login = await j.api<{ token: string }>('POST', '/admin/login', {
    email: 'admin@piazza.local',
    password: 'Piazza-Admin-2026',
  });
  const res = await j.api<T>(method, path, params, login.data.token);
  if (res.code !== 0) throw new Error(`${path}: ${res.code} ${res.msg}`);
  return res.data;
}

describe('loans, credit score and VIP in a browser', () => {
  it('applies for a loan reading the SECCI; the operator approves and the money arrives (Italian)', async () => {
    const users = await office<{ list: { id: number; account: string }[] }>('GET', '/admin/users', {
      q: 'demo@piazza.it',
    });
    userId = users.list[0]?.id ?? 0;
    // Demo mode starts the investor at €5,000; the operator lowers it to €3,000 after checking income.
    await office('POST', '/admin/user/loanlimit', {
      id: String(userId),
      amount: '3000.00',
      reason: 'Reddito verificato',
    });

    const { page, token, close } = await investor('it-IT');
    try {
      await page.goto('/pages/user/loan');
      expect(await text(page, 'loan-limit')).toContain('3.000,00');
      await page.getByTestId('loan-apply').click();
      await page.waitForURL('**/pages/loan/writeInfo');
      await input(page, 'loan-amount-input').fill('1.000,00');
      await input(page, 'loan-days-input').fill('30');
      await page.locator('textarea#loan-purpose-input').fill('Un computer per lo studio');
      await input(page, 'loan-income-input').fill('2.500,00');
      await page.getByTestId('loan-employment-employed').click();
      await page.getByTestId('loan-next').click();
      await page.waitForURL('**/pages/loan/apply');

      // The SECCI of €1.000 at 12% for 30 days: TAEG 12,7%, €9,86 of interest, €1.009,86 to repay.
      await page.getByTestId('secci-taeg').waitFor();
      expect(await text(page, 'secci-taeg')).toContain('12,7');
      expect(await text(page, 'secci-cost')).toContain('9,86');
      expect(await text(page, 'secci-repayable')).toContain('1.009,86');
      await shot(page, 'lending-secci-it-IT');
      await page.getByTestId('secci-accept').click();
      await page.getByTestId('loan-send').click();
      await page.waitForURL('**/pages/user/loan');

      const loans = await j.api<{ list: { id: number; state: string }[] }>(
        'GET',
        '/user/loan/order/list',
        {},
        token,
      );
      loanId = loans.data.list[0]?.id ?? 0;
      expect(loans.data.list[0]?.state).toBe('review');
      const before = await balances(j, token);
      await office('POST', '/admin/loans/approve', { id: String(loanId) });
      await expect
        .poll(async () => Number((await balances(j, token))['spot:EUR']) - Number(before['spot:EUR']))
        .toBeCloseTo(1000, 2);
      await page.goto('/pages/loan/record');
      await expect.poll(() => text(page, `loan-state-${loanId}`)).toBe('In corso');
      await shot(page, 'lending-active-it-IT');
    } finally {
      await close();
    }
  });

  it('a day later one day of interest is owed; the investor repays and the operator confirms (English)', async () => {
    await j.restart({ DEMO_CLOCK_START: days.nextDay });
    const { page, token, close } = await investor('en-US');
    try {
      // €1,000 × 12% / 365 × 1 day = €0.328…, rounded down: €0.32.
      await expect
        .poll(
          async () => {
            await page.goto('/pages/loan/record');
            await page.getByTestId(`loan-owed-${loanId}`).waitFor();
            return text(page, `loan-owed-${loanId}`);
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe('1,000.32 EUR');
      const before = await balances(j, token);
      await page.getByTestId(`loan-repay-${loanId}`).click();
      expect(await text(page, 'repay-summary')).toContain('1,000.32 EUR');
      await page.getByTestId('repay-send').click();
      await expect.poll(() => text(page, `loan-state-${loanId}`)).toBe('Repayment under review');
      expect(Number(before['spot:EUR']) - Number((await balances(j, token))['spot:EUR'])).toBeCloseTo(
        1000.32,
        2,
      );
      await office('POST', '/admin/loans/repayment/confirm', { id: String(loanId) });
      await page.reload();
      await expect.poll(() => text(page, `loan-state-${loanId}`)).toBe('Repaid');
      await shot(page, 'lending-repaid-en-US');
    } finally {
      await close();
    }
  });

  it('claims the VIP trial, reads a research note, and sees the credit score with its factors (Italian)', async () => {
    await office('POST', '/admin/user/vipstrategy', { id: String(userId), on: '1' });
    for (const language of ['it-IT', 'en-US']) {
      await office('POST', '/admin/vip/notes/save', {
        kind: 'ipo',
        language,
        title: language === 'it-IT' ? 'Ferrovie Alpine: la nostra lettura' : 'Ferrovie Alpine: our reading',
        body:
          language === 'it-IT'
            ? 'Prospetto letto per intero: rischi e valutazione.'
            : 'Prospectus read in full.',
        author: 'Ufficio studi Piazza',
      });
    }
    const { page, close } = await investor('it-IT');
    try {
      await page.goto('/pages/stock/vip');
      await page.getByTestId('vip-trial').click();
      await expect.poll(() => text(page, 'vip-state')).toContain('prova');
      const note = page.locator('[data-testid^="vip-note-disclaimer-"]').first();
      await note.waitFor();
      expect(await page.locator('[data-testid^="vip-note-author-"]').first().textContent()).toContain(
        'Ufficio studi Piazza',
      );
      await shot(page, 'vip-notes-it-IT');

      await page.goto('/pages/user/creditScore');
      await page.getByTestId('score-value').waitFor();
      expect(await text(page, 'score-value')).toMatch(/^\d{1,3}/);
      expect(await page.locator('[data-testid^="score-factor-"]').count()).toBeGreaterThanOrEqual(3);
      await shot(page, 'credit-score-it-IT');
    } finally {
      await close();
    }
  });
});
