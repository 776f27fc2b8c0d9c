import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

/*
 * The demo investor holds 100 ENI.MI bought at market (locked until settlement). On the position page they
 * arm a take profit and a stop loss in the holding's sheet, see a level on the wrong side refused before it
 * is sent, see both levels on the card, then open their trading results: one order, its fee, nothing
 * realised yet, in euros. Screenshots at 390×844 in both languages go to SCREENSHOT_DIR when it is set.
 */

let journey: Journey;
let token = '';
beforeAll(async () => {
  // Monday 23 November 2026, 10:30 in Milan: in session.
  journey = await startJourney('trading-tpsl', { DEMO_CLOCK_START: '2026-11-23T10:30:00+01:00' });
});
afterAll(async () => {
  await journey?.close();
});

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
};

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

describe('take profit, stop loss and trading results', () => {
  it('arms both levels on the holding card and shows the results of the purchase (Italian)', async () => {
    const { context, page } = await journey.newPage();
    try {
      token = await signIn(page, 'it-IT');
      const buy = await journey.api<{ state: string; fee: string }>(
        'POST',
        '/stock/order/buy',
        { symbol: 'ENI.MI', type: 'market', quantity: '100', requestId: 'e2e-tpsl-buy-0001' },
        token,
      );
      expect(buy.code, buy.msg).toBe(0);
      expect(buy.data.state).toBe('position');

      await page.goto('/pages/tabbar/position');
      const hold = page.getByTestId('hold-ENI.MI');
      await hold.waitFor();
      expect(await hold.getByTestId('hold-tp').textContent()).toBe('Non impostato');
      expect(await hold.getByTestId('hold-sl').textContent()).toBe('Non impostato');

      await hold.getByTestId('hold-tpsl').click();
      const sheet = page.getByTestId('tpsl-dialog');
      await sheet.waitFor();
      // A take profit under the price is refused on the spot and cannot be sent.
      await input(page, 'tpsl-take-profit').fill('1');
      await expect.poll(() => sheet.textContent()).toContain('Deve essere sopra il prezzo attuale di');
      expect(await page.getByTestId('tpsl-save').isDisabled()).toBe(true);

      await input(page, 'tpsl-take-profit').fill('99,000');
      await input(page, 'tpsl-stop-loss').fill('1,000');
      await shot(page, 'tpsl-sheet-it');
      await page.getByTestId('tpsl-save').click();
      await expect.poll(() => hold.getByTestId('hold-tp').textContent(), { timeout: 10_000 }).toBe('99,000');
      expect(await hold.getByTestId('hold-sl').textContent()).toBe('1,000');
      await shot(page, 'tpsl-card-it');
      const info = await journey.api<{ takeProfit: string; stopLoss: string }>(
        'GET',
        '/stock/hold/info',
        { symbol: 'ENI.MI' },
        token,
      );
      expect(info.data).toMatchObject({ takeProfit: '99.000', stopLoss: '1.000' });

      // The results page from the position page: one order, its fee, nothing realised.
      await page.getByTestId('position-income').click();
      await page.waitForURL('**/pages/stock/income');
      const eur = page.getByTestId('income-EUR');
      await eur.waitFor();
      expect(await eur.getByTestId('income-orders').textContent()).toBe('1');
      expect(await eur.getByTestId('income-realised').textContent()).toBe('0,00 EUR');
      expect(await eur.getByTestId('income-fees').textContent()).toBe(
        `${buy.data.fee.replace('.', ',')} EUR`,
      );
      expect(await eur.getByTestId('income-win-rate').textContent()).toBe('Nessuna vendita chiusa');
      await page.getByTestId('income-period-30d').click();
      await expect.poll(() => text(page, 'income-orders')).toBe('1');
      await shot(page, 'income-it');
    } finally {
      await context.close();
    }
  });

  it('shows the levels and the results in English, clears the levels, updates live and loads more orders', async () => {
    const { context, page } = await journey.newPage({ locale: 'en-US' });
    try {
      await signIn(page, 'en-US');
      await page.goto('/pages/tabbar/position');
      const hold = page.getByTestId('hold-ENI.MI');
      await hold.waitFor();
      expect(await hold.getByTestId('hold-tp').textContent()).toBe('99.000');
      await shot(page, 'tpsl-card-en');
      await hold.getByTestId('hold-tpsl').click();
      await page.getByTestId('tpsl-dialog').waitFor();
      await shot(page, 'tpsl-sheet-en');
      await page.getByTestId('tpsl-clear').click();
      await expect.poll(() => hold.getByTestId('hold-tp').textContent(), { timeout: 10_000 }).toBe('Not set');
      expect(await hold.getByTestId('hold-sl').textContent()).toBe('Not set');

      // A buy placed elsewhere reaches the open page over the user's socket: no reload.
      const more = await journey.api(
        'POST',
        '/stock/order/buy',
        { symbol: 'ENI.MI', type: 'market', quantity: '10', requestId: 'e2e-tpsl-buy-0002' },
        token,
      );
      expect(more.code, more.msg).toBe(0);
      await expect
        .poll(() => hold.getByTestId('hold-quantity').textContent(), { timeout: 10_000 })
        .toBe('110');

      // 25 resting limit buys far under the market: the Open tab shows 20, then all 25 after "Load more".
      for (let i = 0; i < 25; i++) {
        const limit = await journey.api(
          'POST',
          '/stock/order/buy',
          {
            symbol: 'ENI.MI',
            type: 'limit',
            quantity: '1',
            price: '10.000',
            requestId: `e2e-tpsl-limit-${1000 + i}`,
          },
          token,
        );
        expect(limit.code, limit.msg).toBe(0);
      }
      await page.getByTestId('position-tab-open').click();
      const cards = page.locator('[data-testid^="order-open-"]');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(20);
      await page.getByTestId('position-more').click();
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(25);
      expect(await page.getByTestId('position-more').count()).toBe(0);

      await page.goto('/pages/stock/income');
      const eur = page.getByTestId('income-EUR');
      await eur.waitFor();
      expect(await eur.getByTestId('income-realised').textContent()).toBe('0.00 EUR');
      expect(await eur.getByTestId('income-orders').textContent()).toBe('27');
      expect(await eur.getByTestId('income-win-rate').textContent()).toBe('No closed sell yet');
      await shot(page, 'income-en');
    } finally {
      await context.close();
    }
  });
});
