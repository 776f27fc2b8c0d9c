import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, phone, startJourney } from './harness';
import { input, shot, signInDemo } from './steps/session';

/*
 * Issue 12's block trade, as its "done when" words it: an operator offers a block of A2A at a fixed 2,10 EUR
 * (typed the Italian way) from the back office on a phone; the demo investor buys 200 shares and sees the
 * purchase paid; two days later (the server restarted with a later demo clock) the shares are delivered and
 * shown locked until the 10-day lock ends, in Italian and in English.
 */

// Monday 23 November 2026, 10:30 in Milan.
const monday = '2026-11-23T10:30:00+01:00';
// Wednesday 25 November, 11:00: the block was delivered at 10:00, locked 10 days, until 5 December.
const wednesday = '2026-11-25T11:00:00+01:00';

let j: Journey;
beforeAll(async () => {
  j = await startJourney('primary-blocks', { DEMO_CLOCK_START: monday });
});
afterAll(() => j?.close());

async function offerBlockInTheBackOffice(): Promise<void> {
  const context = await j.browser.newContext({
    viewport: phone,
    baseURL: j.baseUrl,
    timezoneId: 'Europe/Rome',
  });
  await context.addInitScript(() => localStorage.setItem('adminLang', 'it-IT'));
  const page = await context.newPage();
  try {
    await page.goto('/admin/login');
    await page.getByTestId('login-email').fill('admin@piazza.local');
    await page.getByTestId('login-password').fill('Piazza-Admin-2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/blocks');
    await page.getByTestId('block-new').click();
    await page.getByTestId('block-symbol').fill('A2A.MI');
    await page.getByTestId('block-pricing').selectOption('fixed');
    await page.getByTestId('block-price').fill('2,10');
    await page.getByTestId('block-quantity').fill('1.000');
    await page.getByTestId('block-min').fill('100');
    await page.getByTestId('block-lock').fill('10');
    await page.getByTestId('block-opensAt').fill('2026-11-23T10:00');
    await page.getByTestId('block-closesAt').fill('2026-11-24T17:00');
    await page.getByTestId('block-deliversAt').fill('2026-11-25T10:00');
    await page.getByTestId('block-save').click();
    const row = page.getByTestId('block-row-2');
    await row.waitFor();
    expect(await page.getByTestId('block-state-2').textContent()).toBe('Aperto');
    expect(await row.textContent()).toContain('2,10 EUR');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'blocks-admin-it-IT');
  } finally {
    await context.close();
  }
}

async function buyTwoHundred(page: Page): Promise<void> {
  await page.goto('/pages/tabbar/home');
  await page.getByTestId('home-entry-block').click();
  await page.getByTestId('block-card-2').click();
  await page.getByTestId('block-buy').click();
  await input(page, 'block-quantity').fill('200');
  expect(await page.getByTestId('block-amount').textContent()).toBe('420,00 EUR');
  await page.getByTestId('block-accept').click();
  await page.getByTestId('block-next').click();
  expect(await page.getByTestId('block-summary').textContent()).toBe(
    'Acquista 200 azioni di A2A per 420,00 EUR, consegnate il 25-11-2026.',
  );
  await page.getByTestId('block-send').click();
  await page.getByTestId('block-purchases').waitFor();
}

describe('a block trade', () => {
  it('is offered by an operator, bought by the investor and paid at once (Italian)', async () => {
    await offerBlockInTheBackOffice();
    const { context, page } = await j.newPage({ locale: 'it-IT' });
    try {
      await signInDemo(page, 'it-IT');
      await buyTwoHundred(page);
      const purchase = page.getByTestId('block-purchases');
      expect(await purchase.textContent()).toContain('Pagato, in attesa di consegna');
      await shot(page, 'blocks-bought-it-IT');
    } finally {
      await context.close();
    }
  });

  it('is delivered two days later and shown locked until the lock ends, in both languages', async () => {
    await j.restart({ DEMO_CLOCK_START: wednesday });
    for (const [lang, delivered, locked] of [
      ['it-IT', 'Consegnato, vincolato', 'Bloccate fino al 05-12-2026'],
      ['en-US', 'Delivered, locked', 'Locked until 05-12-2026'],
    ] as const) {
      const { context, page } = await j.newPage({ locale: lang });
      try {
        await signInDemo(page, lang);
        // The delivery job runs within seconds of the start; the page shows it once it has.
        await expect
          .poll(
            async () => {
              await page.goto('/pages/stockBulk/bulkDetail?id=2');
              await page.getByTestId('block-purchases').waitFor();
              return page.getByTestId('block-purchases').textContent();
            },
            { timeout: 20_000, interval: 1_000 },
          )
          .toContain(delivered);
        await page.goto('/pages/tabbar/position');
        const hold = page.getByTestId('hold-A2A.MI');
        await hold.waitFor();
        expect(await hold.getByTestId('hold-locked').textContent()).toContain(locked);
        await shot(page, `blocks-locked-${lang}`);
      } finally {
        await context.close();
      }
    }
  });
});
