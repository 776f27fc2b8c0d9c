import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { input, type Lang, shot, signInDemo, text } from './steps/session';

/*
 * Issue 19's taxes in a browser: the demo investor buys 100 ENI.MI on Monday and the buy ticket shows the Tobin
 * tax it adds; on Wednesday (the shares settled T+2) the sell ticket of 50 shows the estimated gain and tax
 * ("Imposta stimata") in English and in Italian; the sale is sent, and the tax page shows what was withheld —
 * 26 % of the gain the page itself shows — and Monday's Tobin tax, 0.1 % of the purchase, charged by the day's
 * job. 5 SWDA.MI (an ETF) bought on Monday too: its sell ticket says a gain is taxed in full, outside the zainetto
 * (decision 065). Phases alternate Italian and English.
 */

const days = {
  // Monday 23 November 2026, 10:30 in Milan: Borsa Italiana is in session.
  buy: '2026-11-23T10:30:00+01:00',
  // Wednesday 25, 10:30: Monday's shares settled at midnight; Monday's and Tuesday's Tobin tax jobs have run.
  sell: '2026-11-25T10:30:00+01:00',
};

/** A figure as the page writes it ('1.423,12 EUR', '1,423.12 EUR', '-3,10 EUR') in minor units. */
function cents(shown: string, lang: Lang): number {
  const number = shown.replace(/[^\d.,-]/g, '');
  const plain = lang === 'it-IT' ? number.replace(/\./g, '').replace(',', '.') : number.replace(/,/g, '');
  return Math.round(Number(plain) * 100);
}

let j: Journey;
let buyValue = 0;
beforeAll(async () => {
  j = await startJourney('taxes-sell-ticket', { DEMO_CLOCK_START: days.buy });
});
afterAll(() => j?.close());

async function investor(lang: Lang): Promise<{ page: Page; token: string; close(): Promise<void> }> {
  const { context, page } = await j.newPage({ locale: lang });
  const token = await signInDemo(page, lang);
  return { page, token, close: () => context.close() };
}

async function ticket(page: Page, side: 'buy' | 'sell', lots: number, symbol = 'ENI.MI') {
  await page.goto(`/pages/tabbar/trade?symbol=${symbol}`);
  await page.getByTestId('trade-ticket').waitFor();
  await page.getByTestId(`trade-side-${side}`).click();
  await input(page, 'trade-lots').fill(String(lots));
  await input(page, 'trade-lots').blur();
  await expect.poll(() => text(page, 'trade-quantity')).toContain(String(lots));
}

describe('the taxes of a sale in a browser', () => {
  it('shows the Tobin tax on the buy ticket and buys 100 ENI.MI (Italian)', async () => {
    const { page, close } = await investor('it-IT');
    try {
      await ticket(page, 'buy', 100);
      await page.getByTestId('tax-estimate-tobin').waitFor();
      await shot(page, 'taxes-buy-ticket-it-IT');
      expect(await page.getByText('Tobin tax stimata (0,1%)').count()).toBe(1);
      const tobin = cents(await text(page, 'tax-estimate-tobin'), 'it-IT');
      const value = cents(await text(page, 'trade-value'), 'it-IT');
      // 0.1 % of the order's value, to the cent.
      expect(Math.abs(tobin - value / 1000)).toBeLessThanOrEqual(1);
      await page.getByTestId('trade-review').click();
      await page.getByTestId('trade-send').click();
      await page.waitForURL('**/pages/stock/order?id=*');
      await expect.poll(() => text(page, 'order-state'), { timeout: 10_000 }).toBe('In posizione');
      buyValue = cents(await text(page, 'order-value'), 'it-IT');
      expect(buyValue).toBeGreaterThan(100_000);
      // And 5 SWDA.MI, a harmonised ETF: its gain is reddito di capitale (decision 065).
      await ticket(page, 'buy', 5, 'SWDA.MI');
      await page.getByTestId('trade-review').click();
      await page.getByTestId('trade-send').click();
      await page.waitForURL('**/pages/stock/order?id=*');
      await expect.poll(() => text(page, 'order-state'), { timeout: 10_000 }).toBe('In posizione');
    } finally {
      await close();
    }
  });

  it('previews the estimated tax of selling 50 on Wednesday (English)', async () => {
    await j.restart({ DEMO_CLOCK_START: days.sell });
    const { page, close } = await investor('en-US');
    try {
      await page.goto('/pages/tabbar/trade?symbol=ENI.MI');
      await page.getByTestId('trade-ticket').waitFor();
      // Settled by the settlement job shortly after the start.
      await expect.poll(() => text(page, 'trade-available'), { timeout: 20_000 }).toBe('100');
      await ticket(page, 'sell', 50);
      await page.getByTestId('tax-estimate-tax').waitFor();
      expect(await page.getByText('Estimated tax (26%)').count()).toBe(1);
      expect(await text(page, 'tax-estimate-gain')).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2} EUR$/);
      const gain = cents(await text(page, 'tax-estimate-gain'), 'en-US');
      const tax = cents(await text(page, 'tax-estimate-tax'), 'en-US');
      expect(tax).toBe(gain > 0 ? Math.round(gain * 0.26) : 0);
      await shot(page, 'taxes-sell-ticket-en-US');
      // A share's gain goes through the zainetto: no "taxed in full" line.
      expect(await page.getByTestId('tax-estimate-in-full').count()).toBe(0);

      // The ETF's sell ticket: a gain is taxed in full, outside the zainetto (a loss would feed it instead).
      await page.goto('/pages/tabbar/trade?symbol=SWDA.MI');
      await page.getByTestId('trade-ticket').waitFor();
      await expect.poll(() => text(page, 'trade-available'), { timeout: 20_000 }).toBe('5');
      await ticket(page, 'sell', 5, 'SWDA.MI');
      await page.getByTestId('tax-estimate-tax').waitFor();
      const etfGain = cents(await text(page, 'tax-estimate-gain'), 'en-US');
      const etfTax = cents(await text(page, 'tax-estimate-tax'), 'en-US');
      expect(etfTax).toBe(etfGain > 0 ? Math.round(etfGain * 0.26) : 0);
      expect(await page.getByTestId('tax-estimate-in-full').count()).toBe(etfGain > 0 ? 1 : 0);
      if (etfGain > 0)
        expect(await text(page, 'tax-estimate-in-full')).toBe(
          'ETF gain (reddito di capitale): taxed in full, outside the zainetto',
        );
      await shot(page, 'taxes-sell-ticket-etf-en-US');
    } finally {
      await close();
    }
  });

  it('sells 50 with the estimate on the review, and the tax page shows what was withheld (Italian)', async () => {
    const { page, token, close } = await investor('it-IT');
    try {
      // Monday's Tobin tax is charged by its day's job, which the scheduler runs soon after the start.
      await expect
        .poll(
          async () =>
            (await j.api<{ figures: { transactionTax: string }[] }>('GET', '/tax/position', {}, token)).data
              .figures[0]?.transactionTax ?? '0.00',
          { timeout: 20_000 },
        )
        .not.toBe('0.00');
      await ticket(page, 'sell', 50);
      await page.getByTestId('tax-estimate-tax').waitFor();
      expect(await page.getByText('Imposta stimata (26%)').count()).toBe(1);
      await shot(page, 'taxes-sell-ticket-it-IT');
      await page.getByTestId('trade-review').click();
      await page.getByTestId('tax-estimate-tax').waitFor();
      await shot(page, 'taxes-sell-review-it-IT');
      await page.getByTestId('trade-send').click();
      await page.waitForURL('**/pages/stock/order?id=*');
      await expect.poll(() => text(page, 'order-state'), { timeout: 10_000 }).toBe('Chiuso');

      await page.goto('/pages/user/taxes');
      await page.getByTestId('taxes-figures').waitFor();
      expect(await text(page, 'taxes-regime')).toContain('Amministrato');
      const sale = page.locator('[data-testid^="taxes-sale-gain-"]').first();
      await sale.waitFor();
      const gain = cents((await sale.textContent()) ?? '', 'it-IT');
      const withheld = cents(await text(page, 'taxes-withheld-EUR'), 'it-IT');
      expect(withheld).toBe(gain > 0 ? Math.round(gain * 0.26) : 0);
      // Monday's Tobin tax: 0.1 % of the purchase's value, charged by the day's job.
      const ftt = cents(await text(page, 'taxes-ftt-EUR'), 'it-IT');
      expect(Math.abs(ftt - buyValue / 1000)).toBeLessThanOrEqual(1);
      await shot(page, 'taxes-page-it-IT');
    } finally {
      await close();
    }
  });

  it('shows the same tax position in English, reached from the menu', async () => {
    const { page, close } = await investor('en-US');
    try {
      await page.goto('/pages/user/taxes');
      await page.getByTestId('taxes-figures').waitFor();
      expect(await text(page, 'taxes-regime')).toContain('Amministrato: we withhold the tax');
      expect(await text(page, 'taxes-year')).toBe('Year 2026');
      expect(await text(page, 'taxes-withheld-EUR')).toMatch(/^\d{1,3}(,\d{3})*\.\d{2} EUR$/);
      await shot(page, 'taxes-page-en-US');
    } finally {
      await close();
    }
  });
});
