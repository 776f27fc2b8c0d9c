import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { audit } from './steps/axe';
import { input, type Lang, shot, signInDemo, text } from './steps/session';

/*
 * Issue 20's browser journey for ETFs and government bonds, in both languages: the demo investor finds a world
 * ETF by name (the market search, then the ETF tab of Markets with its filters), opens its facts (ISIN, TER,
 * KID), then buys a BTP 3,85% 2034 on Monday 23 November 2026 and reads the accrued interest on the ticket,
 * to the value date two business days on (T+2, decision 064), Wednesday 25 November: 147 of the 184 days since
 * 1 July, €153,79 gross on €10.000 nominal.
 */

const start = '2026-11-23T10:20:00+01:00';
const btp = 'IT0005584856';

let j: Journey;
beforeAll(async () => {
  j = await startJourney('etf-bonds', { DEMO_CLOCK_START: start });
});
afterAll(() => j?.close());

async function investor(lang: Lang): Promise<{ page: Page; close(): Promise<void> }> {
  const { context, page } = await j.newPage({ locale: lang });
  await signInDemo(page, lang);
  return { page, close: () => context.close() };
}

describe('ETFs and government bonds in a browser', () => {
  it.each([
    ['it-IT', '0,20%', 'Fisica a campione'],
    ['en-US', '0.20%', 'Physical, sampling'],
  ] as const)(
    'finds iShares Core MSCI World by name and reads its facts (%s)',
    async (lang, ter, replication) => {
      const { page, close } = await investor(lang);
      try {
        await page.goto('/pages/stock/search');
        await page.getByTestId('search-box').locator('input').fill('Core MSCI World');
        await page.getByTestId('search-box').locator('input').press('Enter');
        await page.getByTestId('market-row-SWDA.MI').waitFor();
        expect(await text(page, 'market-row-SWDA.MI')).toContain('iShares Core MSCI World');

        await page.goto('/pages/tabbar/markets');
        await page.getByTestId('markets-tab-etf').click();
        await page.getByTestId('etf-filter-class-equity').click();
        await page.getByTestId('etf-row-SWDA.MI').waitFor();
        await shot(page, `etf-list-${lang}`);
        await page.getByTestId('etf-filter-class-bond').click();
        await page.getByTestId('etf-row-SEGA.MI').waitFor();
        expect(await page.getByTestId('etf-row-SWDA.MI').count()).toBe(0);
        await page.getByTestId('etf-filter-class-all').click();
        await page.getByTestId('etf-row-SWDA.MI').click();
        await page.waitForURL('**/pages/etf/detail?symbol=SWDA.MI');
        await page.getByTestId('etf-isin').waitFor();
        expect(await text(page, 'etf-isin')).toBe('IE00B4L5Y983');
        expect(await text(page, 'etf-ter')).toBe(ter);
        expect(await text(page, 'etf-replication')).toBe(replication);
        expect(await page.getByTestId('etf-kid').getAttribute('href')).toMatch(
          /^https:\/\/www\.ishares\.com\//,
        );
        await shot(page, `etf-detail-${lang}`);
        await page.getByTestId('etf-trade').click();
        await page.waitForURL('**/pages/stock/stockKline?symbol=SWDA.MI');
      } finally {
        await close();
      }
    },
  );

  it.each([
    // €10.000: 19.250 cents of half coupon × 147 / 184 = €153,79 gross, €19,22 withheld, €134,57 net.
    ['it-IT', '10.000', '153,79', '19,22', '134,57', '10.000,00'],
    // Then €5.000 more: 9.625 × 147 / 184 = €76,90 gross, €9,61 withheld, €67,29 net; €15.000 held.
    ['en-US', '5,000', '76.90', '9.61', '67.29', '15,000.00'],
  ] as const)(
    'buys a BTP and reads the accrued interest on the ticket (%s)',
    async (lang, nominal, gross, tax, net, held) => {
      const { page, close } = await investor(lang);
      try {
        await page.goto('/pages/tabbar/markets');
        await page.getByTestId('markets-tab-bonds').click();
        await page.getByTestId(`bond-row-${btp}`).click();
        await page.waitForURL(`**/pages/bonds/ticket?isin=${btp}`);
        await page.getByTestId('bond-yield-net').waitFor();
        await input(page, 'bond-nominal').fill(nominal);
        await expect.poll(() => text(page, 'bond-ticket-accrued-gross')).toContain(gross);
        expect(await text(page, 'bond-ticket-accrued-tax')).toContain(tax);
        expect(await text(page, 'bond-ticket-accrued')).toContain(net);
        expect(await text(page, 'bond-ticket-value-date')).toContain('25-11-2026');
        await shot(page, `bond-ticket-${lang}`);
        await page.getByTestId('bond-continue').click();
        await page.getByTestId('bond-confirm').waitFor();
        expect(await text(page, 'bond-ticket-accrued-gross')).toContain(gross);
        await page.getByTestId('bond-send').click();
        await page.waitForURL('**/pages/bonds/holdings');
        await page.getByTestId(`bond-holding-${btp}`).waitFor();
        expect(await text(page, 'bond-holding-nominal')).toContain(held);
        await page.getByTestId('bond-movement-buy').first().waitFor();
        await shot(page, `bond-holdings-${lang}`);
        await page.goto('/pages/tabbar/markets?tab=bonds');
        await page.getByTestId(`bond-row-${btp}`).waitFor();
        await shot(page, `bond-list-${lang}`);
      } finally {
        await close();
      }
    },
  );

  it.each(['it-IT', 'en-US'] as const)(
    'the ETF and bond pages have no serious accessibility violation (%s)',
    async (lang) => {
      const { page, close } = await investor(lang);
      try {
        for (const route of [
          '/pages/tabbar/markets?tab=etf',
          '/pages/tabbar/markets?tab=bonds',
          '/pages/etf/list',
          '/pages/etf/detail?symbol=SWDA.MI',
          '/pages/bonds/list',
          `/pages/bonds/ticket?isin=${btp}`,
          '/pages/bonds/holdings',
        ])
          expect(await audit(page, route)).toEqual([]);
      } finally {
        await close();
      }
    },
  );
});
