import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { type Lang, shot, signInDemo, text } from './steps/session';

/*
 * Issue 17 item 11 and issue 19 item 6 in a browser: the demo investor buys 10 ENI and 5 Apple on Monday
 * afternoon (both exchanges in session); on Wednesday the home shows today's and total profit with their
 * percent, a performance chart whose 1W/1M/1Y/all tabs switch, and the allocation by asset class; the
 * trading results page splits Apple's result in euros into the share's move and the dollar's. The figures
 * shown are the server's (GET /portfolio/performance), in each language's format.
 */

// Monday 23 November 2026, 16:00 in Milan: Borsa Italiana and (from 15:30) New York are in session.
const monday = '2026-11-23T16:00:00+01:00';
// Wednesday 25 November, 16:00: two closes later.
const wednesday = '2026-11-25T16:00:00+01:00';

interface Performance {
  today: { pnl: string };
  total: { pnl: string };
  allocation: { assetClass: string; value: string }[];
}

let j: Journey;
beforeAll(async () => {
  j = await startJourney('portfolio-home', { DEMO_CLOCK_START: monday });
});
afterAll(() => j?.close());

/** "+1.234,56 €" or "-€1,234.56" as a number. */
function amountOf(shown: string, lang: Lang): number {
  const bare = shown.replace(/[€\s\u00a0]/g, '');
  return Number(lang === 'it-IT' ? bare.replace(/\./g, '').replace(',', '.') : bare.replace(/,/g, ''));
}

async function checkHome(page: Page, lang: Lang, token: string) {
  await page.goto('/pages/tabbar/home');
  await page.getByTestId('home-performance').waitFor();
  const perf = await j.api<Performance>('GET', '/portfolio/performance', { range: '1M' }, token);
  expect(perf.code, perf.msg).toBe(0);
  // The page and the call are read a moment apart while crypto prices move: written as the language writes
  // euros, and the same figure within a euro (or 2 % of it).
  const written = lang === 'it-IT' ? /^[+-]?\d{1,3}(\.\d{3})*,\d{2} €$/ : /^[+-]?€\d{1,3}(,\d{3})*\.\d{2}$/;
  for (const [testId, pnl] of [
    ['home-pnl-today-amount', perf.data.today.pnl],
    ['home-pnl-total-amount', perf.data.total.pnl],
  ] as const) {
    const shown = await text(page, testId);
    expect(shown).toMatch(written);
    expect(Math.abs(amountOf(shown, lang) - Number(pnl))).toBeLessThanOrEqual(
      Math.max(1, Math.abs(Number(pnl)) * 0.02),
    );
  }
  expect(await text(page, 'home-pnl-today-percent')).toMatch(
    lang === 'it-IT' ? /^[+-]?\d+,\d{2}\u00a0%$/ : /^[+-]?\d+\.\d{2}%$/,
  );
  // Cash, the shares bought and the demo's USDT, each with its value.
  for (const assetClass of ['cash', 'shares', 'crypto']) {
    await page.getByTestId(`home-allocation-${assetClass}`).waitFor();
  }
  const shares = perf.data.allocation.find((s) => s.assetClass === 'shares');
  // The shares' value as the language writes it, within a euro (or 2 %) of the call's: prices move meanwhile.
  const sharesShown = (await text(page, 'home-allocation-shares')).match(
    lang === 'it-IT' ? /\d{1,3}(\.\d{3})*,\d{2} €/ : /€\d{1,3}(,\d{3})*\.\d{2}/,
  );
  expect(sharesShown, 'the shares’ value on the home').not.toBeNull();
  const sharesValue = Number(shares?.value ?? 'NaN');
  expect(Math.abs(amountOf(sharesShown?.[0] ?? '', lang) - sharesValue)).toBeLessThanOrEqual(
    Math.max(1, sharesValue * 0.02),
  );
  await page.getByTestId('home-chart').waitFor();
  expect(await page.locator('[data-testid="home-window"]').getAttribute('data-range')).toBe('1M');
  await shot(page, `portfolio-home-${lang}-1M`);

  for (const range of ['1W', '1Y', 'all', '1M'] as const) {
    await page.getByTestId(`home-range-${range}`).click();
    await expect
      .poll(() => page.locator('[data-testid="home-window"]').getAttribute('data-range'))
      .toBe(range);
    expect(await page.getByTestId(`home-range-${range}`).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('home-chart').waitFor();
  }
  await page.getByTestId('home-range-1W').click();
  await expect.poll(() => page.locator('[data-testid="home-window"]').getAttribute('data-range')).toBe('1W');
  await shot(page, `portfolio-home-${lang}-1W`);
}

async function checkFxSplit(page: Page, lang: Lang) {
  await page.goto('/pages/stock/income');
  const card = page.getByTestId('fx-split-AAPL.US');
  await card.waitFor();
  const money = lang === 'it-IT' ? /^[+-]?[\d.]+,\d{2} EUR$/ : /^[+-]?[\d,]+\.\d{2} EUR$/;
  const parts = await Promise.all(
    ['instrument', 'currency', 'total'].map((p) => text(page, `fx-split-AAPL.US-${p}`)),
  );
  for (const part of parts) expect(part).toMatch(money);
  // The share's move and the dollar's add up to the result in euros, to the cent.
  const cents = (s: string) => Number(s.replace(/[^\d-]/g, ''));
  const [instrument, currency, total] = parts.map(cents) as [number, number, number];
  expect(instrument + currency).toBe(total);
  expect(await text(page, 'fx-split-AAPL.US-cost')).toContain('EUR/USD');
  await shot(page, `portfolio-fx-split-${lang}`);
}

describe('the home says where the investor stands', () => {
  it('after a trade the home shows profit, a chart that switches, and the allocation (Italian, then English)', async () => {
    const first = await j.newPage({ locale: 'it-IT' });
    const token = await signInDemo(first.page, 'it-IT');
    for (const [symbol, quantity] of [
      ['ENI.MI', '10'],
      ['AAPL.US', '5'],
    ]) {
      const buy = await j.api<{ state: string }>(
        'POST',
        '/stock/order/buy',
        {
          symbol: symbol as string,
          type: 'market',
          quantity: quantity as string,
          requestId: `e2e-portfolio-${(symbol as string).replace('.', '-')}-0001`,
        },
        token,
      );
      expect(buy.code, buy.msg).toBe(0);
      expect(buy.data.state).toBe('position');
    }
    await first.context.close();

    await j.restart({ DEMO_CLOCK_START: wednesday });

    const italian = await j.newPage({ locale: 'it-IT' });
    try {
      const itToken = await signInDemo(italian.page, 'it-IT');
      await checkHome(italian.page, 'it-IT', itToken);
      expect(await text(italian.page, 'home-pnl-today')).toContain('Oggi');
      await checkFxSplit(italian.page, 'it-IT');
    } finally {
      await italian.context.close();
    }

    const english = await j.newPage({ locale: 'en-US' });
    try {
      const enToken = await signInDemo(english.page, 'en-US');
      await checkHome(english.page, 'en-US', enToken);
      expect(await text(english.page, 'home-pnl-today')).toContain('Today');
      await checkFxSplit(english.page, 'en-US');
    } finally {
      await english.context.close();
    }
  });
});
