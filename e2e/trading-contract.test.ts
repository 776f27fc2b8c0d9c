import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

/*
 * The demo investor (informed, accepting high risk: leveraged contracts fit) opens a 5:1 long on ENI.MI, a
 * FTSE MIB share, from the contract ticket: the ESMA risk warning stands beside it, the leverage picker
 * stops at the 5:1 cap of a share, and with an empty contract account the ticket sends them to move funds
 * first. The position shows in the contracts tab of the positions with the margin the ticket previewed; a
 * stop loss is set and margin added there (its close-out price falls), then it is closed and found under
 * Closed. Then the same in English, and a leverage above the cap sent by hand is refused in words and moves
 * nothing. Screenshots go to E2E_SHOTS when it names a directory.
 */

let journey: Journey;
beforeAll(async () => {
  // Monday 23 November 2026, 10:30 in Milan: Borsa Italiana is in session.
  journey = await startJourney('trading-contract', { DEMO_CLOCK_START: '2026-11-23T10:30:00+01:00' });
});
afterAll(async () => {
  await journey?.close();
});

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};

/** Cents of an Italian amount as the app shows it ("2.065,20 EUR"). */
function cents(shown: string): bigint {
  const digits = shown.replace(/[^\d,]/g, '').replace(',', '.');
  const [whole = '0', fraction = ''] = digits.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

async function signIn(page: Page, lang: 'it-IT' | 'en-US'): Promise<string> {
  await page.goto('/pages/account/login');
  await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
  await page.reload();
  await input(page, 'login-account').fill('demo@piazza.it');
  await input(page, 'login-password').fill('Piazza2026');
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/pages/tabbar/home');
  return page.evaluate(() => JSON.parse(localStorage.getItem('userToken') ?? '""') as string);
}

async function openTicket(page: Page) {
  await page.goto('/pages/tabbar/trade?product=contract&symbol=ENI.MI');
  await page.getByTestId('contract-ticket').waitFor();
}

async function setLots(page: Page, lots: number) {
  await input(page, 'contract-lots').fill(String(lots));
  await input(page, 'contract-lots').blur();
  await expect.poll(() => text(page, 'contract-quantity')).toContain(String(lots));
}

/** Opens a long of 100 at 5:1 from the ticket; answers the margin the ticket previewed. */
async function openLong(page: Page, lang: 'it-IT' | 'en-US'): Promise<string> {
  await setLots(page, 100);
  await page.getByTestId('contract-leverage-5').click();
  await expect.poll(() => text(page, 'contract-margin')).toMatch(/\d+[.,]\d{2} EUR/);
  const margin = (await text(page, 'contract-margin')) ?? '';
  // With the funds moved the position opens, so the ticket shows the engine's close-out price.
  await expect.poll(() => text(page, 'contract-closeout')).toMatch(/^\d+[.,]\d{3}$/);
  await shot(page, `contract-ticket-${lang}`);
  await page.getByTestId('contract-review').click();
  await page.getByTestId('contract-send').click();
  await page.waitForURL('**/pages/tabbar/position?tab=contracts');
  return margin;
}

/** Closes the one open position of the contracts tab and finds it under Closed. */
async function closeIt(page: Page, lang: 'it-IT' | 'en-US', closeLabel: string, reason: string) {
  const card = page.locator('[data-testid^="contract-"]').filter({ has: page.getByTestId('contract-close') });
  await card.first().getByTestId('contract-close').click();
  await page.getByRole('dialog').getByRole('button', { name: closeLabel }).click();
  await expect.poll(() => page.getByTestId('contracts-empty').count(), { timeout: 10_000 }).toBe(1);
  await page.getByTestId('contracts-closed').click();
  await expect
    .poll(() => page.getByTestId('contract-reason').count(), { timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(await page.getByTestId('contract-reason').first().textContent()).toBe(reason);
  await shot(page, `contract-closed-${lang}`);
}

describe('a leveraged contract on a FTSE MIB share', () => {
  it('moves funds, opens a 5:1 long on ENI.MI, sees it in the contracts tab and closes it (Italian)', async () => {
    const { context, page } = await journey.newPage();
    try {
      await signIn(page, 'it-IT');
      await openTicket(page);
      expect(await text(page, 'contract-risk-warning')).toContain("Tra il 74% e l'89% dei conti");
      // A share's cap is 5:1: the picker offers 1, 2, 3 and 5, nothing above.
      const offered = await page
        .locator('[data-testid^="contract-leverage-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      expect(offered).toEqual([
        'contract-leverage-1',
        'contract-leverage-2',
        'contract-leverage-3',
        'contract-leverage-5',
        'contract-leverage-cap',
      ]);
      expect(await text(page, 'contract-leverage-cap')).toContain('5:1');

      // The contract account is empty: the ticket says so and links to the transfer.
      await setLots(page, 100);
      await page.getByTestId('contract-short').waitFor();
      expect(await page.getByTestId('contract-review').isDisabled()).toBe(true);
      // No close-out figure for a position that cannot open (it used to show one above the long's entry).
      await page.getByTestId('contract-leverage-5').click();
      await expect
        .poll(() => text(page, 'contract-closeout'))
        .toContain('Nessuno: il margine libero non basta per aprire');
      await page.getByTestId('contract-transfer').click();
      await page.waitForURL('**/pages/exchange/stock');
      await input(page, 'transfer-amount').fill('1000');
      await page.getByTestId('transfer-submit').click();
      await expect.poll(() => text(page, 'transfer-to')).toContain('1.000,00');

      await openTicket(page);
      const margin = await openLong(page, 'it-IT');
      await page.getByTestId('contracts-account').waitFor();
      const card = page
        .locator('[data-testid^="contract-"]')
        .filter({ has: page.getByTestId('contract-close') });
      await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
      expect(await card.getByTestId('contract-side').textContent()).toBe('Long · rialzo');
      // The book moves between the preview and the fill, so the margin is checked against the value filled:
      // a fifth of it, rounded up to the cent, and close to what the ticket previewed.
      const value = cents((await card.getByTestId('contract-value').textContent()) ?? '');
      const held = cents((await card.getByTestId('contract-margin').textContent()) ?? '');
      expect(held).toBe((value + 4n) / 5n);
      const previewed = cents(margin);
      expect(held > previewed ? held - previewed : previewed - held).toBeLessThan(1_000n);
      expect(await card.getByTestId('contract-closeout').textContent()).toMatch(/^\d+,\d{3}$/);
      expect(cents((await text(page, 'contracts-used')) ?? '')).toBe(held);
      await shot(page, 'contract-tab-it-IT');

      // A stop loss under the price, then €50 of margin from the currency account: the close-out price falls.
      await card.getByTestId('contract-tpsl').click();
      await input(page, 'contract-stopLoss-input').fill('10');
      await page.getByTestId('contract-tpsl-save').click();
      await expect
        .poll(() => card.getByTestId('contract-sl').textContent(), { timeout: 10_000 })
        .toBe('10,000');
      const closeOutBefore = cents((await card.getByTestId('contract-closeout').textContent()) ?? '');
      await card.getByTestId('contract-add-margin').click();
      await input(page, 'contract-margin-amount').fill('50');
      await page.getByTestId('contract-margin-confirm').click();
      await expect
        .poll(async () => cents((await card.getByTestId('contract-closeout').textContent()) ?? ''), {
          timeout: 10_000,
        })
        .toBeLessThan(closeOutBefore);

      await closeIt(page, 'it-IT', 'Chiudi', 'Chiusa da te');
    } finally {
      await context.close();
    }
  });

  it('opens and closes the same long in English; a leverage above the cap is refused and moves nothing', async () => {
    const { context, page } = await journey.newPage({ locale: 'en-US' });
    try {
      const token = await signIn(page, 'en-US');
      await openTicket(page);
      expect(await text(page, 'contract-risk-warning')).toContain(
        'Between 74-89% of retail investor accounts lose money when trading CFDs',
      );
      // Sized by margin instead: €500.00 at 5:1 carries about 2,500 EUR of ENI.MI, a hundred-odd shares.
      await page.getByTestId('contract-leverage-5').click();
      await page.getByTestId('contract-size-margin').click();
      await input(page, 'contract-margin-input').fill('500');
      await expect.poll(() => text(page, 'contract-quantity')).toMatch(/^Shares: \d{2,3}$/);
      await page.getByTestId('contract-size-shares').click();
      await openLong(page, 'en-US');
      const card = page
        .locator('[data-testid^="contract-"]')
        .filter({ has: page.getByTestId('contract-close') });
      await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
      expect(await card.getByTestId('contract-side').textContent()).toBe('Long · rise');
      await shot(page, 'contract-tab-en-US');
      await closeIt(page, 'en-US', 'Close', 'Closed by you');

      // 6:1 on a share, sent by hand past the picker: refused in English, nothing opened or paid.
      const before = await journey.api<{ balance: string; openPositions: number }>(
        'GET',
        '/stock/contract/account',
        { currency: 'EUR' },
        token,
      );
      const refused = await journey.api(
        'POST',
        '/stock/contract/open',
        {
          symbol: 'ENI.MI',
          side: 'long',
          quantity: '10',
          leverage: '6',
          requestId: 'contract-e2e-leverage-6',
        },
        token,
      );
      expect(refused.code).toBe(-1001);
      expect(refused.msg).toBe('Leverage cannot exceed 5:1.');
      const after = await journey.api<{ balance: string; openPositions: number }>(
        'GET',
        '/stock/contract/account',
        { currency: 'EUR' },
        token,
      );
      expect(after.data).toEqual(before.data);
      expect(after.data.openPositions).toBe(0);
    } finally {
      await context.close();
    }
  });
});
