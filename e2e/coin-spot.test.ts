import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

/*
 * The demo investor (10,000 USDT) trades bitcoin on a Saturday, when Borsa Italiana is shut and crypto is not:
 * buys 0.01 BTC at market from the BTCUSDT K-line page and finds them in the crypto assets at once with the
 * trade in the records; then places a limit buy far under the market and cancels it. Screenshots of both
 * languages go to /tmp/coin-spot-*.png.
 */

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney('coin-spot', { DEMO_CLOCK_START: '2026-11-21T12:00:00+01:00' });
});
afterAll(async () => {
  await journey?.close();
});

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

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

type Assets = { list: { coin: string; spot: string; frozen: string }[] };

describe('crypto spot', () => {
  it('buys 0.01 BTC at market and sees it in the crypto assets and records at once (Italian)', async () => {
    const { context, page } = await journey.newPage();
    try {
      const token = await signIn(page, 'it-IT');
      const before = await journey.api<Assets>('POST', '/coin/assets', {}, token);
      const usdtBefore = Number(before.data.list.find((c) => c.coin === 'USDT')?.spot);
      expect(usdtBefore).toBeGreaterThan(1000);

      await page.goto('/pages/coin/coinKline?symbol=BTCUSDT');
      await page.getByTestId('kline-trade').click();
      await page.waitForURL('**/pages/coin/trade?tab=spot&symbol=BTCUSDT');
      await page.getByTestId('coin-ticket').waitFor();

      await input(page, 'coin-quantity').fill('0,01');
      // 0.10 % of the value: under a dollar or two at the simulator's bitcoin price.
      await expect.poll(() => text(page, 'coin-fee')).toMatch(/^\d,\d{2,6} USDT$/);
      await expect.poll(() => page.getByTestId('coin-review').isDisabled()).toBe(false);
      await page.screenshot({ path: '/tmp/coin-spot-it-ticket.png' });
      await page.getByTestId('coin-review').click();
      await page.getByTestId('coin-send').click();
      await page.getByTestId('coin-ticket').waitFor();

      await page.getByTestId('coin-orders-history').click();
      await expect.poll(() => text(page, 'coin-order-state'), { timeout: 10_000 }).toBe('In posizione');
      expect(await text(page, 'coin-order-line')).toMatch(/^0,01 di 0,01 a [\d.]+,\d{2} USDT$/);
      // A tap opens the order as /coin/order/query answers it, with its fills.
      await page.getByTestId('coin-order-line').click();
      await page.getByTestId('coin-order-detail').waitFor();
      expect(await page.getByTestId('coin-order-fill').count()).toBeGreaterThan(0);
      expect(await text(page, 'order-filled')).toBe('0,01');
      await page.getByTestId('coin-orders').screenshot({ path: '/tmp/coin-spot-it-detail.png' });

      const after = await journey.api<Assets>('POST', '/coin/assets', {}, token);
      expect(after.data.list.find((c) => c.coin === 'BTC')?.spot).toBe('0.01000000');
      const spent = usdtBefore - Number(after.data.list.find((c) => c.coin === 'USDT')?.spot);
      expect(spent).toBeGreaterThan(300);
      expect(spent).toBeLessThan(3000);

      await page.getByTestId('coin-assets-link').click();
      await page.waitForURL('**/pages/coin/assetsRecord');
      const btc = page.getByTestId('coin-asset-BTC');
      await btc.waitFor();
      expect(await btc.getByTestId('coin-asset-spot').textContent()).toBe('0,01 BTC');
      await page.getByTestId('bills-asset-BTC').click();
      await page.getByTestId('bill-row-spot_buy').first().waitFor();
      expect(
        await page.getByTestId('bill-row-spot_buy').first().getByTestId('bill-amount').textContent(),
      ).toContain('0,01');
      await page.screenshot({ path: '/tmp/coin-spot-it-assets.png', fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('places a limit buy under the market and cancels it, the USDT frozen and then released (English)', async () => {
    const { context, page } = await journey.newPage({ locale: 'en-US' });
    try {
      const token = await signIn(page, 'en-US');
      // The coin list leads to the trade page too.
      await page.goto('/pages/coin/index');
      await page.getByTestId('coin-list').waitFor();
      await page.screenshot({ path: '/tmp/coin-spot-en-list.png' });
      await page.getByTestId('coin-list-trade').click();
      await page.waitForURL('**/pages/coin/trade');
      await page.getByTestId('coin-ticket').waitFor();
      await page.goto('/pages/coin/trade?tab=spot&symbol=BTCUSDT');
      await page.getByTestId('coin-ticket').waitFor();
      await page.getByTestId('coin-type-limit').click();
      await input(page, 'coin-quantity').fill('0.01');
      await input(page, 'coin-limit-price').fill('10000');
      // 0.01 × 10,000 = 100 USDT, fee 0.10: 100.10 frozen.
      await expect.poll(() => text(page, 'coin-total')).toBe('100.10 USDT');
      await page.getByTestId('coin-review').click();
      expect(await text(page, 'coin-summary')).toBe('Buy 0.01 BTC BTCUSDT · Limit · 10,000.00 USDT');
      await page.getByTestId('coin-send').click();
      await page.getByTestId('coin-ticket').waitFor();

      await expect.poll(() => page.getByTestId('coin-order').count(), { timeout: 10_000 }).toBe(1);
      expect(await text(page, 'coin-order-state')).toBe('Open');
      const frozen = await journey.api<Assets>('POST', '/coin/assets', {}, token);
      expect(frozen.data.list.find((c) => c.coin === 'USDT')?.frozen).toBe('100.100000');
      await page.screenshot({ path: '/tmp/coin-spot-en-open.png', fullPage: true });

      await page.getByTestId('coin-order-cancel').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
      await expect.poll(() => page.getByTestId('coin-order').count(), { timeout: 10_000 }).toBe(0);
      await page.getByTestId('coin-orders-history').click();
      await expect
        .poll(async () =>
          (await page.getByTestId('coin-order-state').allTextContents()).includes('Cancelled'),
        )
        .toBe(true);
      const released = await journey.api<Assets>('POST', '/coin/assets', {}, token);
      expect(released.data.list.find((c) => c.coin === 'USDT')?.frozen).toBe('0.000000');

      // The contract tab keeps the pair in the address; spot comes back with the ticket.
      await page.getByTestId('coin-tab-contract').click();
      await page.waitForURL('**/pages/coin/trade?tab=contract&symbol=BTCUSDT');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: '/tmp/coin-spot-en-contract-tab.png' });
      await page.getByTestId('coin-tab-spot').click();
      await page.getByTestId('coin-ticket').waitFor();

      await page.getByTestId('coin-assets-link').click();
      await page.waitForURL('**/pages/coin/assetsRecord');
      await page.getByTestId('coin-asset-USDT').waitFor();
      await page.screenshot({ path: '/tmp/coin-spot-en-assets.png', fullPage: true });
    } finally {
      await context.close();
    }
  });
});
