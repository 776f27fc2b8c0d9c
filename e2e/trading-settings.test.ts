import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

/*
 * The operator's trading fees reach the investor's ticket (decision 012): an admin, in Italian, sets Borsa
 * Italiana's fee to 0.50 % between €5.00 and €10.00 in the back office (a maximum under the minimum is
 * refused first, and nothing changes); the demo investor, in English, previews a limit buy of 100 ENI.MI at
 * 14.250 and sees the new fee, €7.12 (0.50 % of €1,425.00, rounded down), where the install's default
 * would have shown €2.95.
 */

let j: Journey;
beforeAll(async () => {
  // Monday 23 November 2026, 10:30 in Milan: in session.
  j = await startJourney('trading-settings', { DEMO_CLOCK_START: '2026-11-23T10:30:00+01:00' });
});
afterAll(() => j?.close());

const desktop = { width: 1280, height: 800 };
const shots = process.env.E2E_SCREENSHOTS;
const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

async function office(lang: 'it-IT' | 'en-US') {
  const context = await j.browser.newContext({ viewport: desktop, baseURL: j.baseUrl });
  await context.addInitScript((l) => localStorage.setItem('adminLang', l), lang);
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByTestId('login-email').fill('admin@piazza.local');
  await page.getByTestId('login-password').fill('Piazza-Admin-2026');
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/admin/users');
  return { context, page };
}

describe('trading fees from the back office', () => {
  it('an admin saves a new fee for Borsa Italiana after a refused one (Italian)', async () => {
    const { context, page } = await office('it-IT');
    try {
      await page.getByTestId('nav-trading').click();
      const field = (name: string) => page.getByTestId(`market-XMIL-${name}`);
      await field('rateBp').waitFor();
      expect(await field('rateBp').inputValue()).toBe('19');
      expect(await field('minimum').inputValue()).toBe('2.95');
      if (shots) {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: `${shots}/trading-settings-it.png`, fullPage: true });
        await page.setViewportSize(desktop);
      }

      await field('rateBp').fill('50');
      await field('minimum').fill('5.00');
      await field('maximum').fill('4.00');
      await page.getByTestId('market-XMIL-save').click();
      await expect
        .poll(() => page.locator('body').textContent())
        .toContain('La commissione massima non può essere inferiore alla minima.');
      const refused = await j.api<{ list: { market: string; fee: { rateBp: number } }[] }>(
        'GET',
        '/admin/trading/settings',
        {},
        await adminToken(),
      );
      expect(refused.data.list.find((s) => s.market === 'XMIL')?.fee.rateBp).toBe(19);

      await field('maximum').fill('10.00');
      await page.getByTestId('market-XMIL-save').click();
      await expect
        .poll(() => page.locator('body').textContent())
        .toContain('Impostazioni di Borsa Italiana salvate.');
      await expect.poll(() => field('maximum').inputValue()).toBe('10.00');
    } finally {
      await context.close();
    }
  });

  it('the investor’s ticket previews the fee the admin set (English)', async () => {
    const context = await j.browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: j.baseUrl });
    const page = await context.newPage();
    try {
      await page.goto('/pages/account/login');
      await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
      await page.reload();
      await input(page, 'login-account').fill('demo@piazza.it');
      await input(page, 'login-password').fill('Piazza2026');
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/pages/tabbar/home');

      await page.goto('/pages/tabbar/trade?symbol=ENI.MI');
      await page.getByTestId('trade-ticket').waitFor();
      await page.getByTestId('trade-type-limit').click();
      await input(page, 'trade-lots').fill('100');
      await input(page, 'trade-lots').blur();
      await input(page, 'trade-limit-price').fill('14.250');
      await expect.poll(() => text(page, 'trade-value')).toBe('1,425.00 EUR');
      await expect.poll(() => text(page, 'trade-fee')).toBe('7.12 EUR');
      expect(await text(page, 'trade-total')).toBe('1,432.12 EUR');
      if (shots) await page.screenshot({ path: `${shots}/trading-settings-ticket-en.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('the back office screen reads in English too', async () => {
    const { context, page } = await office('en-US');
    try {
      await page.getByTestId('nav-trading').click();
      await page.getByTestId('market-XNYS-rateBp').waitFor();
      expect(await page.getByTestId('market-XNYS-perShare').inputValue()).toBe('0.005');
      expect(await page.locator('h1').textContent()).toBe('Trading fees and limits');
      if (shots) {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: `${shots}/trading-settings-en.png`, fullPage: true });
        await page.setViewportSize(desktop);
        await page.screenshot({ path: `${shots}/trading-settings-en-desktop.png`, fullPage: true });
      }
    } finally {
      await context.close();
    }
  });
});

async function adminToken(): Promise<string> {
  const res = await j.api<{ token: string }>('POST', '/admin/login', {
    email: 'admin@piazza.local',
    password: 'Piazza-Admin-2026',
  });
  return res.data.token;
}
