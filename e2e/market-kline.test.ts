import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

/*
 * A person opens a FTSE MIB stock's K-line from the Markets page, sees years of history, switches intervals
 * and indicators, and watches the price move while Borsa Italiana is in session — then, on a server whose
 * clock is on a Saturday, sees the market closed and the price standing still. Both languages.
 */

let open: Journey;
let closed: Journey;
beforeAll(async () => {
  // Monday 23 November 2026, 10:30 in Milan: in session. Saturday 21 November 2026, noon: closed.
  open = await startJourney('market-open', { DEMO_CLOCK_START: '2026-11-23T10:30:00+01:00' });
  closed = await startJourney('market-closed', { DEMO_CLOCK_START: '2026-11-21T12:00:00+01:00' });
});
afterAll(async () => {
  await open?.close();
  await closed?.close();
});

const price = (page: Page) => page.getByTestId('kline-price').textContent();
const bars = (page: Page) => page.getByTestId('kline-chart').getAttribute('data-bars');

describe('a FTSE MIB stock K-line', () => {
  it('shows years of history, switches intervals and indicators, and moves in session (Italian)', async () => {
    const { context, page } = await open.newPage();
    try {
      await page.goto('/pages/tabbar/markets');
      await page.getByTestId('market-row-ENI.MI').click();
      await page.waitForURL('**/pages/stock/stockKline?symbol=ENI.MI');
      await expect.poll(() => bars(page), { timeout: 20_000 }).toBe('yes');
      await expect.poll(() => page.getByTestId('kline-status').getAttribute('data-status')).toBe('open');

      // Daily candles reach back years: the call behind the chart answers a year of sessions five years ago.
      const daily = await open.api<{ list: { time: number }[] }>('POST', '/stock/index/candles', {
        symbol: 'ENI.MI',
        interval: '1d',
        limit: '1000',
        from: String(Date.UTC(2021, 10, 1)),
        to: String(Date.UTC(2022, 10, 1)),
      });
      expect(daily.code).toBe(0);
      expect(daily.data.list.length).toBeGreaterThan(240);
      expect(daily.data.list[0]!.time).toBeLessThan(Date.UTC(2021, 11, 1));

      for (const interval of ['1m', '1h', '1w', '1d']) {
        await page.getByTestId(`kline-interval-${interval}`).click();
        await expect.poll(() => bars(page), { timeout: 20_000 }).toBe('yes');
      }
      await page.getByTestId('kline-main-BOLL').click();
      await page.getByTestId('kline-sub-MACD').click();
      expect(
        await page.evaluate(() => [localStorage.getItem('mainInd'), localStorage.getItem('subInd')]),
      ).toEqual(['"BOLL"', '"MACD"']);
      await page.reload();
      await expect.poll(() => page.getByTestId('kline-main-BOLL').getAttribute('aria-pressed')).toBe('true');

      // In session the price moves within seconds.
      const first = await price(page);
      await expect.poll(() => price(page), { timeout: 20_000, interval: 500 }).not.toBe(first);
      await page.screenshot({ path: `${open.dataDir}/eni-open-it.png` });
    } finally {
      await context.close();
    }
  });

  it('says the market is closed and the price stands still on a Saturday (English)', async () => {
    const { context, page } = await closed.newPage({ locale: 'en-US' });
    try {
      await page.goto('/');
      await page.evaluate(() => localStorage.setItem('lang', '"en-US"'));
      await page.goto('/pages/stock/stockKline?symbol=ENI.MI');
      await expect.poll(() => bars(page), { timeout: 20_000 }).toBe('yes');
      await expect.poll(() => page.getByTestId('kline-status').getAttribute('data-status')).toBe('closed');
      await page.getByText('Market closed').first().waitFor();
      const first = await price(page);
      await page.waitForTimeout(4_000);
      expect(await price(page)).toBe(first);
      await page.screenshot({ path: `${closed.dataDir}/eni-closed-en.png` });
    } finally {
      await context.close();
    }
  });
});
