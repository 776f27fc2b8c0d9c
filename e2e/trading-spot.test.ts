import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

/*
 * The demo investor trades a FTSE MIB share from its K-line page: buys 100 ENI.MI at market and sees them
 * locked until settlement, then places a limit buy far under the market and cancels it. On a server whose
 * clock is on a Saturday the ticket says the market is closed and nothing can be sent, so nothing moves.
 */

let open: Journey;
let closed: Journey;
beforeAll(async () => {
  // Monday 23 November 2026, 10:30 in Milan: in session. Saturday 21 November 2026, noon: closed.
  open = await startJourney('trading-open', { DEMO_CLOCK_START: '2026-11-23T10:30:00+01:00' });
  closed = await startJourney('trading-closed', { DEMO_CLOCK_START: '2026-11-21T12:00:00+01:00' });
});
afterAll(async () => {
  await open?.close();
  await closed?.close();
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

async function setLots(page: Page, lots: number) {
  await input(page, 'trade-lots').fill(String(lots));
  await input(page, 'trade-lots').blur();
  await expect.poll(() => text(page, 'trade-quantity')).toContain(String(lots));
}

describe('spot orders on a FTSE MIB share', () => {
  it('buys 100 ENI.MI at market, sees them locked, places and cancels a limit buy (Italian)', async () => {
    const { context, page } = await open.newPage();
    try {
      await signIn(page, 'it-IT');
      await page.goto('/pages/stock/stockKline?symbol=ENI.MI');
      await page.getByTestId('kline-trade').click();
      await page.waitForURL('**/pages/tabbar/trade?symbol=ENI.MI');
      await page.getByTestId('trade-ticket').waitFor();

      // A market buy of 100: the preview has the €2.95 minimum fee or more, then the order fills whole.
      await setLots(page, 100);
      await expect.poll(() => text(page, 'trade-fee')).toMatch(/\d+,\d{2} EUR/);
      await page.getByTestId('trade-review').click();
      await page.getByTestId('trade-send').click();
      await page.waitForURL('**/pages/stock/order?id=*');
      await expect.poll(() => text(page, 'order-state'), { timeout: 10_000 }).toBe('In posizione');
      expect(await text(page, 'order-filled')).toBe('100');
      expect(await page.getByTestId('order-fill').count()).toBeGreaterThan(0);

      // The position: 100 held, none available before T+2, the locked note shown.
      await page.goto('/pages/tabbar/position');
      const hold = page.getByTestId('hold-ENI.MI');
      await hold.waitFor();
      expect(await hold.getByTestId('hold-quantity').textContent()).toBe('100');
      expect(await hold.getByTestId('hold-available').textContent()).toBe('0');
      expect(await hold.getByTestId('hold-locked').textContent()).toContain('Bloccate fino al 25-11-2026');
      expect(await hold.getByTestId('hold-sell').isDisabled()).toBe(true);

      // A limit buy of 10 at 10.000, far under the market: it rests, then is cancelled.
      await page.goto('/pages/tabbar/trade?symbol=ENI.MI');
      await page.getByTestId('trade-type-limit').click();
      await setLots(page, 10);
      await input(page, 'trade-limit-price').fill('10.000');
      await page.getByTestId('trade-review').click();
      await page.getByTestId('trade-send').click();
      await page.waitForURL('**/pages/stock/order?id=*');
      await expect.poll(() => text(page, 'order-state'), { timeout: 10_000 }).toBe('Aperto');
      await page.getByTestId('order-cancel').click();
      // The confirm dialog's own button, not the page's button of the same name beneath it.
      await page.getByRole('dialog').getByRole('button', { name: 'Annulla ordine' }).click();
      await expect.poll(() => text(page, 'order-state'), { timeout: 10_000 }).toBe('Annullato');

      // The order centre lists it under Cancelled.
      await page.goto('/pages/tabbar/position');
      await page.getByTestId('position-tab-cancelled').click();
      await expect.poll(() => page.locator('[data-testid^="order-open-"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('says the market is closed on a Saturday and sends nothing (English)', async () => {
    const { context, page } = await closed.newPage({ locale: 'en-US' });
    try {
      const token = await signIn(page, 'en-US');
      const before = await closed.api<{ accounts: { asset: string; balance: string }[] }>(
        'POST',
        '/user/assets',
        {},
        token,
      );
      await page.goto('/pages/tabbar/trade?symbol=ENI.MI');
      await page.getByTestId('trade-ticket').waitFor();
      await page.getByTestId('trade-market-closed').waitFor();
      expect(await text(page, 'trade-market-closed')).toContain('Market closed');
      await setLots(page, 100);
      expect(await page.getByTestId('trade-review').isDisabled()).toBe(true);

      const after = await closed.api<{ accounts: { asset: string; balance: string }[] }>(
        'POST',
        '/user/assets',
        {},
        token,
      );
      expect(after.data.accounts).toEqual(before.data.accounts);
      const orders = await closed.api<{ list: unknown[] }>('GET', '/stock/order/list', {}, token);
      expect(orders.code).toBe(0);
      expect(orders.data.list).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
