import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startJourney } from './harness';
import { balances, input, type Lang, shot, signInDemo, text } from './steps/session';

/*
 * Issue 6 as its "done when" words it, on a phone-sized Chromium: the demo investor buys 100 shares of a FTSE
 * MIB stock (ENI.MI) at market and sees them locked until T+2, places a limit buy and cancels it, opens a 5:1
 * contract and closes it, buys a call, then finds all of it in the order centre (the positions page and its
 * tabs). Once in Italian and once in English, each on a server of its own in session; then, on a server whose
 * clock is at 20:00 in Milan, every ticket says the market is closed and nothing moves.
 * Runs on PGlite, and on PostgreSQL when E2E_DATABASE_URL is set (see e2e/harness.ts).
 */

// Monday 23 November 2026, 10:30 in Milan: Borsa Italiana is in session; shares bought settle on Wednesday 25.
const inSession = '2026-11-23T10:30:00+01:00';
// The same Monday at 20:00 in Milan: the session ended at 17:30.
const evening = '2026-11-23T20:00:00+01:00';

const words = {
  'it-IT': {
    filled: 'In posizione',
    resting: 'Aperto',
    cancelled: 'Annullato',
    cancelOrder: 'Annulla ordine',
    lockedUntil: 'Bloccate fino al 25-11-2026',
    moved: '1.000,00',
    long: 'Long · rialzo',
    close: 'Chiudi',
    closedByYou: 'Chiusa da te',
    held: 'In portafoglio',
    limitPrice: '10,000',
  },
  'en-US': {
    filled: 'Position',
    resting: 'Open',
    cancelled: 'Cancelled',
    cancelOrder: 'Cancel order',
    lockedUntil: 'Locked until 25-11-2026',
    moved: '1,000.00',
    long: 'Long · rise',
    close: 'Close',
    closedByYou: 'Closed by you',
    held: 'Held',
    limitPrice: '10.000',
  },
} as const;

async function setLots(page: Page, testId: 'trade-lots' | 'contract-lots', lots: number) {
  const quantity = testId === 'trade-lots' ? 'trade-quantity' : 'contract-quantity';
  await input(page, testId).fill(String(lots));
  await input(page, testId).blur();
  await expect.poll(() => text(page, quantity)).toContain(String(lots));
}

/** 100 ENI.MI at market from the K-line page; answers the order's id once it is filled whole. */
async function buyHundredAtMarket(page: Page, lang: Lang): Promise<string> {
  await page.goto('/pages/stock/stockKline?symbol=ENI.MI');
  await page.getByTestId('kline-trade').click();
  await page.waitForURL('**/pages/tabbar/trade?symbol=ENI.MI');
  await page.getByTestId('trade-ticket').waitFor();
  await setLots(page, 'trade-lots', 100);
  await expect.poll(() => text(page, 'trade-fee')).toMatch(/\d+[.,]\d{2} EUR/);
  await shot(page, `issue6-${lang}-1-ticket`);
  await page.getByTestId('trade-review').click();
  await shot(page, `issue6-${lang}-1-review`);
  await page.getByTestId('trade-send').click();
  await page.waitForURL('**/pages/stock/order?id=*');
  await expect.poll(() => text(page, 'order-state'), { timeout: 10_000 }).toBe(words[lang].filled);
  expect(await text(page, 'order-filled')).toBe('100');
  return new URL(page.url()).searchParams.get('id') ?? '';
}

/** A limit buy of 10 at 10.000 EUR, far under ENI: it rests, then is cancelled; answers its id. */
async function limitAndCancel(page: Page, lang: Lang): Promise<string> {
  await page.goto('/pages/tabbar/trade?symbol=ENI.MI');
  await page.getByTestId('trade-ticket').waitFor();
  await page.getByTestId('trade-type-limit').click();
  await input(page, 'trade-limit-price').fill(words[lang].limitPrice);
  // The ticket shows the price and the day's change; more than the cash pays is not sent and leads to a
  // deposit; Max fills in the most lots the cash pays with the fee.
  expect(await text(page, 'trade-quote')).toMatch(/\d EUR [+-]?\d+[.,]\d{2}%/);
  await input(page, 'trade-lots').fill('1000000');
  await input(page, 'trade-lots').blur();
  await page.getByTestId('trade-insufficient').waitFor();
  expect(await page.getByTestId('trade-review').isDisabled()).toBe(true);
  await page.getByTestId('trade-max').click();
  await page.getByTestId('trade-insufficient').waitFor({ state: 'detached' });
  const most = Number((await input(page, 'trade-lots').inputValue()).replace(/\D/g, ''));
  expect(most).toBeGreaterThan(10);
  expect(most).toBeLessThan(1_000_000);
  await shot(page, `issue6-${lang}-2-max`);
  await setLots(page, 'trade-lots', 10);
  await page.getByTestId('trade-review').click();
  await page.getByTestId('trade-send').click();
  await page.waitForURL('**/pages/stock/order?id=*');
  await expect.poll(() => text(page, 'order-state'), { timeout: 10_000 }).toBe(words[lang].resting);
  await page.getByTestId('order-cancel').click();
  await page.getByRole('dialog').getByRole('button', { name: words[lang].cancelOrder }).click();
  await expect.poll(() => text(page, 'order-state'), { timeout: 10_000 }).toBe(words[lang].cancelled);
  return new URL(page.url()).searchParams.get('id') ?? '';
}

/** Moves €1,000 to the contract account, opens 100 ENI.MI long at 5:1, closes it from the contracts tab. */
async function contractOpenAndClose(page: Page, lang: Lang) {
  await page.goto('/pages/exchange/stock');
  await input(page, 'transfer-amount').fill('1000');
  await page.getByTestId('transfer-submit').click();
  await expect.poll(() => text(page, 'transfer-to')).toContain(words[lang].moved);

  await page.goto('/pages/tabbar/trade?product=contract&symbol=ENI.MI');
  await page.getByTestId('contract-ticket').waitFor();
  await setLots(page, 'contract-lots', 100);
  await page.getByTestId('contract-leverage-5').click();
  await expect.poll(() => text(page, 'contract-margin')).toMatch(/\d+[.,]\d{2} EUR/);
  await shot(page, `issue6-${lang}-2-contract-ticket`);
  await page.getByTestId('contract-review').click();
  await page.getByTestId('contract-send').click();
  await page.waitForURL('**/pages/tabbar/position?tab=contracts');
  const card = page.locator('[data-testid^="contract-"]').filter({ has: page.getByTestId('contract-close') });
  await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
  expect(await card.getByTestId('contract-side').textContent()).toBe(words[lang].long);
  await shot(page, `issue6-${lang}-3-contract-open`);
  await card.getByTestId('contract-close').click();
  await page.getByRole('dialog').getByRole('button', { name: words[lang].close }).click();
  await expect.poll(() => page.getByTestId('contracts-empty').count(), { timeout: 10_000 }).toBe(1);
}

/** Buys 3 calls at the money on ENI.MI, the nearest expiry, accepting the options warning. */
async function buyCall(page: Page, lang: Lang) {
  await page.goto('/pages/tabbar/trade');
  await page.getByTestId('trade-product-option').click();
  await page.getByTestId('option-ticket').waitFor();
  expect(await page.getByTestId('option-underlying-select').inputValue()).toBe('ENI.MI');
  await page.getByTestId('option-right-call').click();
  await input(page, 'option-contracts').fill('3');
  await input(page, 'option-contracts').blur();
  await expect.poll(() => text(page, 'option-premium-total')).toMatch(/\d+[.,]\d{2} EUR/);
  await page.getByTestId('option-accept').click();
  await shot(page, `issue6-${lang}-4-option-ticket`);
  await page.getByTestId('option-review').click();
  await page.getByTestId('option-send').click();
  await page.waitForURL('**/pages/tabbar/position?tab=options');
}

/** The total in euros the assets page shows, as a number of cents ("127.649,75 €", "€127,649.75"). */
async function totalOnAssets(page: Page, lang: Lang): Promise<number> {
  await page.goto('/pages/user/assets');
  const shown = (await page.getByTestId('assets-total-eur').textContent()) ?? '';
  const decimal = lang === 'it-IT' ? ',' : '.';
  const digits = shown.replace(new RegExp(`[^\\d${decimal}]`, 'g'), '').replace(decimal, '.');
  return Math.round(Number(digits) * 100);
}

/** The order centre: every tab of the positions page shows its part of the day. */
async function orderCentre(page: Page, lang: Lang, marketId: string, limitId: string) {
  const w = words[lang];
  await page.goto('/pages/tabbar/position');
  const hold = page.getByTestId('hold-ENI.MI');
  await hold.waitFor();
  expect(await hold.getByTestId('hold-quantity').textContent()).toBe('100');
  expect(await hold.getByTestId('hold-available').textContent()).toBe('0');
  expect(await hold.getByTestId('hold-locked').textContent()).toContain(w.lockedUntil);
  expect(await hold.getByTestId('hold-sell').isDisabled()).toBe(true);
  // The summary above the cards: with one holding its value is the card's, and its P&L the card's.
  const digits = async (testId: string) =>
    ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[^\d,.+-]/g, '');
  await page.getByTestId('position-summary-EUR').waitFor();
  await expect
    .poll(async () => (await digits('summary-EUR-value')) === (await digits('hold-value')))
    .toBe(true);
  await expect
    .poll(
      async () =>
        (await digits('summary-EUR-unrealised')).replace('+', '') ===
        (await digits('hold-pnl')).replace('+', ''),
    )
    .toBe(true);
  await shot(page, `issue6-${lang}-5-holdings`);

  // Filled orders: the market buy, 100 of 100.
  await page.getByTestId('position-tab-position').click();
  const filled = page.getByTestId(`order-open-${marketId}`);
  await filled.waitFor();
  expect(await filled.textContent()).toContain('ENI.MI');
  expect(await filled.textContent()).toContain('100/100');
  expect(await filled.textContent()).toContain(w.filled);
  await shot(page, `issue6-${lang}-6-filled`);

  // Cancelled: the limit buy, none of its 10 filled.
  await page.getByTestId('position-tab-cancelled').click();
  const cancelled = page.getByTestId(`order-open-${limitId}`);
  await cancelled.waitFor();
  expect(await page.locator('[data-testid^="order-open-"]').count()).toBe(1);
  expect(await cancelled.textContent()).toContain('0/10');
  expect(await cancelled.textContent()).toContain(w.cancelled);
  // Nothing still resting.
  await page.getByTestId('position-tab-open').click();
  await page.getByTestId('position-empty').waitFor();

  // Contracts: none open, the 5:1 long under Closed, closed by the investor.
  await page.getByTestId('position-tab-contracts').click();
  await page.getByTestId('contracts-empty').waitFor();
  await page.getByTestId('contracts-closed').click();
  await expect.poll(() => page.getByTestId('contract-reason').count(), { timeout: 10_000 }).toBe(1);
  expect(await text(page, 'contract-reason')).toBe(w.closedByYou);
  expect(await text(page, 'contract-side')).toBe(w.long);
  expect(await page.locator('[data-testid^="contract-"]').filter({ hasText: '5:1 · 100' }).count()).toBe(1);
  await shot(page, `issue6-${lang}-7-contracts`);

  // Options: the call held, valued at the mark.
  await page.getByTestId('position-tab-options').click();
  const state = page.locator('[data-testid^="option-state-"]');
  await expect.poll(() => state.count(), { timeout: 10_000 }).toBe(1);
  expect(await state.textContent()).toBe(w.held);
  const id = ((await state.getAttribute('data-testid')) ?? '').replace('option-state-', '');
  expect(await page.getByTestId(`option-${id}`).textContent()).toMatch(/call/i);
  await expect.poll(() => text(page, `option-mark-${id}`), { timeout: 10_000 }).toMatch(/\d+[.,]\d{2} EUR/);
  await shot(page, `issue6-${lang}-8-options`);
}

async function theDay(lang: Lang) {
  const journey = await startJourney(`issue6-${lang}`, { DEMO_CLOCK_START: inSession });
  try {
    const { context, page } = await journey.newPage({ locale: lang });
    try {
      const token = await signInDemo(page, lang);
      const start = await balances(journey, token);
      expect(start['spot:EUR']).toBe('100000.00');

      const wealthBefore = await totalOnAssets(page, lang);
      const marketId = await buyHundredAtMarket(page, lang);
      const afterBuy = await balances(journey, token);
      // 100 ENI.MI at ten-odd euros plus the fee: between €500 and €5,000 left the currency account.
      const spent = Number(start['spot:EUR']) - Number(afterBuy['spot:EUR']);
      expect(spent).toBeGreaterThan(500);
      expect(spent).toBeLessThan(5000);
      // The shares count in the total wealth at their last price: it falls by the fee and the spread, not by
      // what was spent (it used to show the cash only, with ENI.MI "left out" for want of a rate).
      const wealthAfter = await totalOnAssets(page, lang);
      expect(Math.abs(wealthBefore - wealthAfter)).toBeLessThan(100_00);
      expect(await page.getByTestId('assets-unvalued').count()).toBe(0);
      await shot(page, `issue6-${lang}-1-assets`);

      // The cancelled limit buy froze its €100 and fee, then gave every cent back: the frozen account it
      // opened holds 0.00, every other balance is as it was.
      const limitId = await limitAndCancel(page, lang);
      expect(await balances(journey, token)).toEqual({ ...afterBuy, 'frozen:EUR': '0.00' });

      await contractOpenAndClose(page, lang);
      await buyCall(page, lang);
      await orderCentre(page, lang, marketId, limitId);

      const orders = await journey.api<{ list: { id: string; state: string }[] }>(
        'GET',
        '/stock/order/list',
        {},
        token,
      );
      expect(orders.data.list.map((o) => o.state).sort()).toEqual(['cancelled', 'position']);
    } finally {
      await context.close();
    }
  } finally {
    await journey.close();
  }
}

describe('issue 6: a day on Borsa Italiana from a phone', () => {
  it('buys 100 ENI.MI, cancels a limit, opens and closes a 5:1 contract, buys a call (Italian)', async () => {
    await theDay('it-IT');
  });

  it('the same day in English', async () => {
    await theDay('en-US');
  });

  it('at 20:00 every ticket says the market is closed and nothing changes (both languages)', async () => {
    const journey = await startJourney('issue6-evening', { DEMO_CLOCK_START: evening });
    try {
      for (const lang of ['it-IT', 'en-US'] as const) {
        const { context, page } = await journey.newPage({ locale: lang });
        try {
          const token = await signInDemo(page, lang);
          const before = await balances(journey, token);
          const closed = lang === 'it-IT' ? /Mercato chiuso/ : /Market closed/;

          await page.goto('/pages/tabbar/trade?symbol=ENI.MI');
          await page.getByTestId('trade-market-closed').waitFor();
          expect(await text(page, 'trade-market-closed')).toMatch(closed);
          // It says when Borsa Italiana opens again, from its calendar: the next morning at 09:00.
          expect(await text(page, 'trade-market-closed')).toMatch(/\d{2}-\d{2}-2026 09:00/);
          await setLots(page, 'trade-lots', 100);
          expect(await page.getByTestId('trade-review').isDisabled()).toBe(true);
          await shot(page, `issue6-${lang}-9-closed-spot`);

          await page.goto('/pages/tabbar/trade?product=contract&symbol=ENI.MI');
          await page.getByTestId('contract-market-closed').waitFor();
          expect(await text(page, 'contract-market-closed')).toMatch(closed);
          await shot(page, `issue6-${lang}-10-closed-contract`);

          await page.goto('/pages/tabbar/trade?product=option');
          await page.getByTestId('option-market-closed').waitFor();
          expect(await text(page, 'option-market-closed')).toMatch(closed);
          await shot(page, `issue6-${lang}-11-closed-option`);

          // A market buy sent by hand past the ticket is refused in the investor's words, and moves nothing.
          const refused = await journey.api(
            'POST',
            '/stock/order/buy',
            { symbol: 'ENI.MI', type: 'market', quantity: '100', requestId: randomUUID() },
            token,
          );
          expect(refused.code).toBe(-1001);
          // It names when the market opens again: a limit order would rest until then (decision 057).
          expect(refused.msg).toMatch(/^Market closed\. It reopens on 2026-11-24 at 09:00/);

          expect(await balances(journey, token)).toEqual(before);
          const orders = await journey.api<{ list: unknown[] }>('GET', '/stock/order/list', {}, token);
          expect(orders.data.list).toEqual([]);
          await page.goto('/pages/tabbar/position');
          await page.getByTestId('position-empty').waitFor();
        } finally {
          await context.close();
        }
      }
    } finally {
      await journey.close();
    }
  });
});
