import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { shot, signInDemo } from './steps/session';

/*
 * The watchlist is kept from any list, not only from the chart: the investor stars a share in the Italian
 * market list and a pair in the crypto list, finds both in the watchlist tab, and unstars the share from the
 * watchlist itself; the chart's star agrees with the list's.
 */

let j: Journey;
beforeAll(async () => {
  j = await startJourney('market-watchlist', { DEMO_CLOCK_START: '2026-11-23T10:30:00+01:00' });
});
afterAll(() => j?.close());

const watchlistSymbols = async (token: string) =>
  (await j.api<{ list: { symbol: string }[] }>('POST', '/stock/collect/list', {}, token)).data.list.map(
    (r) => r.symbol,
  );

const star = (page: Page, list: string, symbol: string) =>
  page.getByTestId(list).getByTestId(`market-star-${symbol}`);

describe('the watchlist from the market lists', () => {
  it('adds a share and a pair with the row star and removes the share from the watchlist (Italian, then English)', async () => {
    const { context, page } = await j.newPage();
    try {
      const token = await signInDemo(page, 'it-IT');
      const before = await watchlistSymbols(token);
      const share = before.includes('ENI.MI') ? 'ISP.MI' : 'ENI.MI';
      expect(before).not.toContain(share);

      await page.goto('/pages/tabbar/markets?tab=italy');
      const shareStar = star(page, 'markets-italy', share);
      await expect.poll(() => shareStar.getAttribute('aria-pressed')).toBe('false');
      expect(await shareStar.getAttribute('aria-label')).toMatch(/nei preferiti$/);
      await shareStar.click();
      await expect.poll(() => shareStar.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => watchlistSymbols(token)).toContain(share);
      await shot(page, 'markets-star-it');

      await page.getByTestId('markets-tab-crypto').click();
      const pairStar = star(page, 'markets-crypto', 'BTCUSDT');
      const pairWatched = before.includes('BTCUSDT');
      if (!pairWatched) {
        await pairStar.click();
        await expect.poll(() => watchlistSymbols(token)).toContain('BTCUSDT');
      }
      await expect.poll(() => pairStar.getAttribute('aria-pressed')).toBe('true');

      await page.getByTestId('markets-tab-watchlist').click();
      await page.getByTestId('markets-watchlist').getByTestId(`market-row-${share}`).waitFor();
      await page.getByTestId('markets-watchlist').getByTestId('market-row-BTCUSDT').waitFor();

      // The chart's star says the same, in English.
      await page.evaluate(() => localStorage.setItem('lang', '"en-US"'));
      await page.goto(`/pages/stock/stockKline?symbol=${encodeURIComponent(share)}`);
      await expect
        .poll(() => page.getByTestId('kline-star').getAttribute('aria-label'))
        .toBe('Remove from watchlist');

      // Unstarred from the watchlist tab, the row leaves it.
      await page.goto('/pages/tabbar/markets?tab=watchlist');
      const listed = star(page, 'markets-watchlist', share);
      expect(await listed.getAttribute('aria-label')).toMatch(/in the watchlist$/);
      await listed.click();
      await expect.poll(() => watchlistSymbols(token)).not.toContain(share);
      await page
        .getByTestId('markets-watchlist')
        .getByTestId(`market-row-${share}`)
        .waitFor({ state: 'detached' });
      await shot(page, 'markets-watchlist-en');
    } finally {
      await context.close();
    }
  });

  it('shows no stars to a guest', async () => {
    const { context, page } = await j.newPage();
    try {
      await page.goto('/pages/tabbar/markets?tab=italy');
      await page.getByTestId('markets-italy').getByTestId('market-row-ENI.MI').waitFor();
      expect(await page.getByTestId('markets-italy').locator('[data-testid^="market-star-"]').count()).toBe(
        0,
      );
    } finally {
      await context.close();
    }
  });
});
