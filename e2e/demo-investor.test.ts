import { formatNumber } from '@piazza/core/format-number';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

/*
 * The demo investor of the README signs in and sees the balances the demo seed credited through the
 * ledger; an operator then turns the account off in the back office and the app signs the investor out.
 */

let j: Journey;
beforeAll(async () => {
  j = await startJourney('demo-investor');
});
afterAll(() => j?.close());

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

describe('the demo investor', () => {
  it('signs in and sees the credited balances in EUR and USD, in both languages', async () => {
    const { context, page } = await j.newPage();
    try {
      await page.goto('/pages/account/login');
      await input(page, 'login-account').fill('demo@piazza.it');
      await input(page, 'login-password').fill('Piazza2026');
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/pages/tabbar/home');
      // Greeted by the nickname the demo investor chose, never by the account's e-mail.
      await expect
        .poll(() => page.getByTestId('home-greeting').textContent())
        .toMatch(/^(Buongiorno|Buon pomeriggio|Buonasera), Giulia Demo$/);

      await page.getByTestId('tab-assets').click();
      await page.waitForURL('**/pages/user/assets');
      // The seed's €100,000, $20,000 and 10,000 USDT, valued at the market's EUR/USD: the page shows the
      // ledger's totals as the server computes them, formatted the Italian way. The rate moves with the
      // market, so the page and a read of the API are compared as of the same moment: if the rate moved
      // between them, the page is read again.
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userToken') ?? '""'));
      const readAssets = () =>
        j.api<{
          accounts: { asset: string; balance: string }[];
          totals: { EUR: string; USD: string };
        }>('POST', '/user/assets', {}, token);
      const eur = page.getByTestId('assets-total-eur');
      let matched = false;
      for (let attempt = 0; attempt < 5 && !matched; attempt++) {
        if (attempt > 0) await page.reload();
        await expect.poll(() => eur.textContent()).toMatch(/\d/);
        const assets = await readAssets();
        const balances = Object.fromEntries(assets.data.accounts.map((a) => [a.asset, a.balance]));
        expect(balances).toMatchObject({ EUR: '100000.00', USD: '20000.00', USDT: '10000.000000' });
        expect(Number(assets.data.totals.EUR)).toBeGreaterThan(100_000);
        matched = ((await eur.textContent()) ?? '').includes(formatNumber(assets.data.totals.EUR, 'it-IT'));
      }
      expect(matched).toBe(true);
      await page.screenshot({ path: `${j.dataDir}/assets-it.png` });

      await page.evaluate(() => localStorage.setItem('lang', '"en-US"'));
      await page.reload();
      await expect.poll(() => eur.textContent()).toMatch(/€\d{3},\d{3}\.\d{2}/);
      await page.screenshot({ path: `${j.dataDir}/assets-en.png` });
    } finally {
      await context.close();
    }
  });

  it('is signed out of the open app at once when an operator turns the account off', async () => {
    const { context, page } = await j.newPage();
    const admin = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: j.baseUrl });
    try {
      await page.goto('/pages/account/login');
      await input(page, 'login-account').fill('demo@piazza.it');
      await input(page, 'login-password').fill('Piazza2026');
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/pages/tabbar/home');

      const office = await admin.newPage();
      await office.goto('/admin/');
      await office.getByTestId('login-email').fill('support@piazza.local');
      await office.getByTestId('login-password').fill('Piazza-Support-2026');
      await office.getByTestId('login-submit').click();
      // The back office opens on the pending work; the investors are one tap away.
      await office.getByTestId('nav-users').click();
      await office.getByTestId('users-search').fill('demo@piazza.it');
      await office.getByTestId('users-search').press('Enter');
      await office.locator('[data-testid^="user-row-"] a').first().click();
      await office.getByTestId('status-reason').fill('Richiesta del cliente');
      await office.getByTestId('status-submit').click();
      await expect
        .poll(() =>
          j
            .api('POST', '/user/login', { account: 'demo@piazza.it', password: 'Piazza2026' })
            .then((r) => r.code),
        )
        .toBe(-1001);

      // The app hears the session end on its WebSocket and signs out by itself, with no tap needed.
      await page.waitForURL('**/pages/account/login');
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    } finally {
      await context.close();
      await admin.close();
    }
  });
});
