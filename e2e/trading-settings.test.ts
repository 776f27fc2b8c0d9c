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
  await page.waitForURL('**/admin/dashboard');
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
      // The amounts read as Italian writes them (decision 044).
      expect(await field('minimum').inputValue()).toBe('2,95');
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

      await field('maximum').fill('10,00');
      await page.getByTestId('market-XMIL-save').click();
      await expect
        .poll(() => page.locator('body').textContent())
        .toContain('Impostazioni di Borsa Italiana salvate.');
      await expect.poll(() => field('maximum').inputValue()).toBe('10,00');
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

describe('leverage caps and the crypto fee from the back office (decision 021)', () => {
  it('an admin lowers the share cap to 3:1 after a refused 6:1 and sets 0.50 % on crypto (English)', async () => {
    const { context, page } = await office('en-US');
    try {
      await page.getByTestId('nav-trading').click();
      const field = (name: string) => page.getByTestId(name);
      await field('market-XMIL-leverageShare').waitFor();
      expect(await field('market-XMIL-leverageShare').inputValue()).toBe('5');
      expect(await field('market-XMIL-optionAmountMin').inputValue()).toBe('50.00');
      expect(await field('market-CRYPTO-leverageCrypto').inputValue()).toBe('2');
      expect(await field('market-CRYPTO-perpetualMaintenanceBp').inputValue()).toBe('50');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: '/tmp/r2-caps-admin-en.png', fullPage: true });
      await page.getByTestId('market-XMIL').screenshot({ path: '/tmp/r2-caps-admin-en-xmil.png' });
      await page.setViewportSize(desktop);

      await field('market-XMIL-leverageShare').fill('6');
      await field('market-XMIL-save').click();
      await expect
        .poll(() => page.locator('body').textContent())
        .toContain(
          "The leverage cap on shares is a whole number from 1 to 5, ESMA's limit for retail clients.",
        );
      await field('market-XMIL-leverageShare').fill('3');
      await field('market-XMIL-save').click();
      await expect
        .poll(() => page.locator('body').textContent())
        .toContain('Settings of Borsa Italiana saved.');

      await field('market-CRYPTO-rateBp').fill('50');
      await field('market-CRYPTO-save').click();
      await expect.poll(() => page.locator('body').textContent()).toContain('Settings of Crypto saved.');
      const saved = await j.api<{ list: { market: string; leverage: { share: number | null } }[] }>(
        'GET',
        '/admin/trading/settings',
        {},
        await adminToken(),
      );
      expect(saved.data.list.find((s) => s.market === 'XMIL')?.leverage.share).toBe(3);
    } finally {
      await context.close();
    }
  });

  it('the contract ticket offers up to 3:1 and the coin ticket previews the 0.50 % fee (English)', async () => {
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

      await page.goto('/pages/tabbar/trade?product=contract&symbol=ENI.MI');
      await page.getByTestId('contract-ticket').waitFor();
      await expect.poll(() => text(page, 'contract-leverage-cap')).toContain('3:1');
      const offered = await page
        .locator('[data-testid^="contract-leverage-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      expect(offered).toEqual([
        'contract-leverage-1',
        'contract-leverage-2',
        'contract-leverage-3',
        'contract-leverage-cap',
      ]);
      await page.screenshot({ path: '/tmp/r2-caps-contract-en.png', fullPage: true });

      await page.goto('/pages/coin/trade?tab=spot&symbol=BTCUSDT');
      await page.getByTestId('coin-ticket').waitFor();
      await page.getByTestId('coin-type-limit').click();
      await input(page, 'coin-quantity').fill('0.01');
      await input(page, 'coin-limit-price').fill('10000');
      // 0.01 × 10,000 = 100 USDT; 0.50 % is 0.50, where the install's 0.10 % would show 100.10.
      await expect.poll(() => text(page, 'coin-fee')).toBe('0.50 USDT');
      expect(await text(page, 'coin-total')).toBe('100.50 USDT');
      await page.screenshot({ path: '/tmp/r2-caps-coin-en.png', fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('the caps read in Italian too', async () => {
    const { context, page } = await office('it-IT');
    try {
      await page.getByTestId('nav-trading').click();
      await page.getByTestId('market-CRYPTO-perpetualFeeBp').waitFor();
      expect(await page.locator('body').textContent()).toContain('Contratti con leva e opzioni');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: '/tmp/r2-caps-admin-it.png', fullPage: true });
      await page.getByTestId('market-CRYPTO').screenshot({ path: '/tmp/r2-caps-admin-it-crypto.png' });
    } finally {
      await context.close();
    }
  });
});

describe('the Jobs screen of the back office', () => {
  it('lists settlement and option expiry, runs settlement now and shows the run (English, then Italian on a phone)', async () => {
    const { context, page } = await office('en-US');
    try {
      await page.getByTestId('nav-jobs').click();
      await page.getByTestId('job-settlement').waitFor();
      expect(await text(page, 'jobs-queue')).toBe('Delivered by: this process (embedded database)');
      expect(await text(page, 'job-option-expiry')).toContain('Option expiry');
      await page.getByTestId('job-run-settlement').click();
      await expect
        .poll(() => page.locator('body').textContent())
        .toMatch(/Settlement of shares \(T\+n\): (nothing is due|\d+ periods run)\./);
      const runs = await j.api<{ list: { job: string; requestedBy: string | null }[] }>(
        'GET',
        '/admin/jobs/runs',
        { size: '20' },
        await adminToken(),
      );
      // What the page shows is what the server recorded: the newest runs of every job (the settlements among
      // them, the scheduler's and the admin's), a page of 20.
      expect(runs.data.list.some((r) => r.job === 'settlement')).toBe(true);
      const rows = page.getByTestId('job-runs').locator('tbody tr');
      if (runs.data.list.length > 0) await expect.poll(() => rows.count()).toBe(runs.data.list.length);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('lang-switch').selectOption('it-IT');
      await expect
        .poll(() => text(page, 'jobs-queue'))
        .toBe('Consegnati da: questo processo (database integrato)');
      // On a phone the sections fold behind the menu button, and nothing is wider than the screen.
      expect(await page.getByTestId('nav-users').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (shots) await page.screenshot({ path: `${shots}/admin-jobs-it.png`, fullPage: true });
      await page.getByTestId('menu-toggle').click();
      expect(await page.getByTestId('menu-toggle').getAttribute('aria-expanded')).toBe('true');
      if (shots) await page.screenshot({ path: `${shots}/admin-menu-it.png` });
      await page.getByTestId('nav-audit').click();
      await page.waitForURL('**/admin/audit');
      expect(await page.getByTestId('nav-users').isVisible()).toBe(false);
      if (shots) await page.screenshot({ path: `${shots}/admin-audit-it.png`, fullPage: true });
      // Every section reads on the phone: wide tables scroll inside their card, never the page.
      for (const section of [
        'users',
        'kyc',
        'hni',
        'deposits',
        'withdrawals',
        'channels',
        'trading',
        'offerings',
        'blocks',
        'operators',
      ]) {
        await page.goto(`/admin/${section}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, section).toBeLessThanOrEqual(390);
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
