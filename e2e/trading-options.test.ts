import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

/*
 * The demo investor (an informed investor accepting high risk: options come with a warning to accept) buys
 * a call on a FTSE MIB share from the option ticket, finds it in the options tab of the positions valued at
 * the mark, and closes it; then, in English, a put on the same share. Screenshots of the ticket and the tab
 * go to E2E_SHOTS when it names a directory.
 */

let open: Journey;
beforeAll(async () => {
  // Monday 23 November 2026, 10:30 in Milan: Borsa Italiana is in session.
  open = await startJourney('trading-options', { DEMO_CLOCK_START: '2026-11-23T10:30:00+01:00' });
});
afterAll(async () => {
  await open?.close();
});

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
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

/** Buys 3 contracts of the at-the-money strike of the nearest expiry, accepting the warning. */
async function buy(page: Page, right: 'call' | 'put', lang: 'it-IT' | 'en-US') {
  await page.goto('/pages/tabbar/trade');
  await page.getByTestId('trade-product-option').click();
  await page.getByTestId('option-ticket').waitFor();
  expect(await page.getByTestId('option-underlying-select').inputValue()).toBe('ENI.MI');
  await page.getByTestId(`option-right-${right}`).click();
  await input(page, 'option-contracts').fill('3');
  await input(page, 'option-contracts').blur();
  await expect.poll(() => text(page, 'option-premium-total')).toMatch(/\d+[.,]\d{2} EUR/);
  // The most the buyer can lose is the premium.
  expect(await text(page, 'option-max-loss')).toBe(await text(page, 'option-premium-total'));
  expect(await page.getByTestId('option-review').isDisabled()).toBe(true);
  await page.getByTestId('option-accept').click();
  await shot(page, `options-ticket-${lang}`);
  await page.getByTestId('option-review').click();
  await page.getByTestId('option-send').click();
  await page.waitForURL('**/pages/tabbar/position?tab=options');
}

/** The options bought in EUR as the positions page's stats show them. */
const shownBought = async (page: Page) => Number((await text(page, 'options-stats-trades-EUR')) ?? '0');

/**
 * The options the investor bought in EUR so far, as the server counts them: a journey retried on the same
 * server finds the first try's options there, so the tests count from here rather than from zero.
 */
async function boughtSoFar(token: string): Promise<number> {
  const stats = await open.api<{ list: { currency: string; trades: number }[] }>(
    'GET',
    '/stock/order/option/statistics',
    {},
    token,
  );
  return stats.data.list.find((s) => s.currency === 'EUR')?.trades ?? 0;
}

/** Closes the first held option, once it shows as held at the mark; answers its id. */
async function closeFirstHeld(page: Page, held: string): Promise<string> {
  const closeButton = page.locator('[data-testid^="option-sell-"]').first();
  await closeButton.waitFor();
  const id = ((await closeButton.getAttribute('data-testid')) ?? '').replace('option-sell-', '');
  await expect.poll(() => text(page, `option-mark-${id}`), { timeout: 10_000 }).toMatch(/\d+[.,]\d{2} EUR/);
  expect(await text(page, `option-state-${id}`)).toBe(held);
  await shot(page, `options-tab-${id}`);
  await closeButton.click();
  await page.getByTestId(`option-close-send-${id}`).click();
  return id;
}

describe('options on a FTSE MIB share', () => {
  it('buys a call on ENI.MI, sees it held at the mark, closes it (Italian)', async () => {
    const { context, page } = await open.newPage();
    try {
      const token = await signIn(page, 'it-IT');
      const before = await boughtSoFar(token);
      await buy(page, 'call', 'it-IT');
      const id = await closeFirstHeld(page, 'In portafoglio');
      await expect.poll(() => text(page, `option-state-${id}`), { timeout: 10_000 }).toBe('Chiusa');
      expect(await text(page, `option-close-value-${id}`)).toMatch(/\d+,\d{2} EUR/);
      await page.getByTestId('options-empty-holding').waitFor();
      await expect.poll(() => shownBought(page)).toBe(before + 1);
      await shot(page, 'options-tab-closed-it-IT');
    } finally {
      await context.close();
    }
  });

  it('buys a put, sees it held, closes it (English)', async () => {
    const { context, page } = await open.newPage({ locale: 'en-US' });
    try {
      const token = await signIn(page, 'en-US');
      // A coin has no options: the ticket opens on the default share instead.
      await page.goto('/pages/tabbar/trade?product=option&symbol=BTCUSDT');
      await page.getByTestId('option-ticket').waitFor();
      expect(await page.getByTestId('option-underlying-select').inputValue()).toBe('ENI.MI');
      const before = await boughtSoFar(token);
      await buy(page, 'put', 'en-US');
      const id = await closeFirstHeld(page, 'Held');
      await expect.poll(() => text(page, `option-state-${id}`), { timeout: 10_000 }).toBe('Closed');
      await expect.poll(() => shownBought(page)).toBe(before + 1);
      await shot(page, 'options-tab-closed-en-US');
      const ended = await open.api<{ list: { right: string; state: string }[] }>(
        'GET',
        '/stock/order/option/list',
        { status: 'ended' },
        token,
      );
      // Newest first: this put, then the Italian test's call.
      expect(ended.data.list.slice(0, 2).map((o) => [o.right, o.state])).toEqual([
        ['put', 'closed'],
        ['call', 'closed'],
      ]);
    } finally {
      await context.close();
    }
  });
});
