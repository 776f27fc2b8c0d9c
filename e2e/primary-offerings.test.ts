import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, phone, startJourney } from './harness';
import { balances, input, type Lang, shot, signInDemo, text } from './steps/session';

/*
 * Issue 12's browser journey, as its "done when" words it: an operator publishes an IPO (Newco Industrie, 10 lots
 * of 100 shares at 10,00 EUR less 5%) and an ICO (Newcoin, lots of 100 coins at 0,05 USDT) from the back office
 * on a phone; the demo investor applies to both; the server restarts on later days (a later demo clock) and its
 * jobs allot, list and settle; the investor pays, sees the shares locked until T+2 and the coins in the wallet,
 * sells coins at once and the shares after settlement. The phases alternate Italian and English.
 */

const days = {
  // Monday 23 November 2026, 10:20 in Milan: the window opens now.
  apply: '2026-11-23T10:20:00+01:00',
  // Tuesday 24, 11:00: allotted at 10:30, payable until Wednesday 17:00.
  pay: '2026-11-24T11:00:00+01:00',
  // Thursday 26, 11:00: listed at 10:00; the shares settle on Monday 30.
  listed: '2026-11-26T11:00:00+01:00',
  // Monday 30, 11:00: settled.
  settled: '2026-11-30T11:00:00+01:00',
};

let j: Journey;
let ipoId = 0;
let icoId = 0;
beforeAll(async () => {
  j = await startJourney('primary-offerings', { DEMO_CLOCK_START: days.apply });
});
afterAll(() => j?.close());

async function backOffice(): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await j.browser.newContext({
    viewport: phone,
    baseURL: j.baseUrl,
    timezoneId: 'Europe/Rome',
  });
  await context.addInitScript(() => localStorage.setItem('adminLang', 'it-IT'));
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByTestId('login-email').fill('admin@piazza.local');
  await page.getByTestId('login-password').fill('Piazza-Admin-2026');
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/admin/dashboard');
  return { page, close: () => context.close() };
}

/** Writes, saves and publishes an offering; answers its id. */
async function publish(page: Page, fields: Record<string, string>, kind: 'ipo' | 'ico'): Promise<number> {
  await page.goto('/admin/offerings');
  await page.getByTestId('offering-new').click();
  await page.getByTestId('offering-kind').selectOption(kind);
  for (const [field, value] of Object.entries(fields))
    await page.getByTestId(`offering-${field}`).fill(value);
  await page.getByTestId('offering-save').click();
  await page.waitForURL(/\/admin\/offerings\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await page.getByTestId('offering-publish').click();
  await expect.poll(() => page.getByTestId('offering-state').textContent()).toBe('Aperta');
  return id;
}

const window = {
  opensAt: '2026-11-23T10:20',
  closesAt: '2026-11-24T10:00',
  allotsAt: '2026-11-24T10:30',
  payBy: '2026-11-25T17:00',
  listsAt: '2026-11-26T10:00',
};

/** From an offering's detail page: apply for `lots`, accept the warning, confirm. */
async function apply(page: Page, detail: string, lots: string): Promise<void> {
  await page.goto(detail);
  await page.getByTestId('offering-apply').click();
  await input(page, 'apply-lots').fill(lots);
  await page.getByTestId('apply-accept').click();
  await page.getByTestId('apply-next').click();
  await page.getByTestId('apply-send').click();
}

/** Opens the page again until the text of `testId` contains `wanted`: a job runs seconds after a start. */
async function until(page: Page, url: string, testId: string, wanted: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(url);
        await page.getByTestId(testId).first().waitFor();
        return (await page.getByTestId(testId).first().textContent()) ?? '';
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toContain(wanted);
}

async function investor(lang: Lang): Promise<{ page: Page; token: string; close(): Promise<void> }> {
  const { context, page } = await j.newPage({ locale: lang });
  const token = await signInDemo(page, lang);
  return { page, token, close: () => context.close() };
}

describe('primary markets in a browser', () => {
  it('an operator publishes an IPO and an ICO; the investor applies to both (Italian)', async () => {
    const office = await backOffice();
    try {
      ipoId = await publish(
        office.page,
        {
          symbol: 'NEWCO',
          name: 'Newco Industrie',
          isin: 'IT0005566770',
          issuePrice: '10,00',
          discountPercent: '5',
          lotSize: '100',
          minLots: '1',
          maxLots: '8',
          lotsOffered: '10',
          ...window,
          documentUrl: 'https://issuer.example/prospectus.pdf',
        },
        'ipo',
      );
      icoId = await publish(
        office.page,
        {
          symbol: 'NEWC',
          name: 'Newcoin Network',
          issuePrice: '0,05',
          lotSize: '100',
          minLots: '1',
          maxLots: '500',
          lotsOffered: '1.000',
          ...window,
          documentUrl: 'https://newcoin.example/white-paper.pdf',
        },
        'ico',
      );
      expect(await office.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(office.page, 'offerings-admin-it-IT');
    } finally {
      await office.close();
    }

    const { page, close } = await investor('it-IT');
    try {
      await page.goto('/pages/tabbar/home');
      await page.getByTestId('home-entry-ipo').click();
      await page.getByTestId(`offering-card-${ipoId}`).click();
      expect(await text(page, 'offering-offer-price')).toBe('9,50 EUR');
      await apply(page, `/pages/stockIPO/ipoDetail?id=${ipoId}`, '3');
      await page.waitForURL('**/pages/stockIPO/list');
      await page.getByTestId('subscriptions-filter').waitFor();
      await expect
        .poll(() => page.locator('[data-testid^="subscription-state-"]').first().textContent())
        .toBe('In sottoscrizione');
      await apply(page, `/pages/coinICO/icoDetail?id=${icoId}`, '12');
      await page.waitForURL('**/pages/coinICO/applyList');
      await shot(page, 'offerings-applied-it-IT');
    } finally {
      await close();
    }
  });

  it('the next day the allotment is out, with its seed, and the investor pays (English)', async () => {
    await j.restart({ DEMO_CLOCK_START: days.pay });
    const { page, close } = await investor('en-US');
    try {
      const detail = `/pages/stockIPO/ipoDetail?id=${ipoId}`;
      await until(page, detail, 'offering-mine-state', 'Allocated / pending payment');
      expect(await text(page, 'allotment-figures')).toContain('3 lots applied for against 10 offered');
      expect(await page.getByTestId('allotment-seed').textContent()).toMatch(/^[0-9a-f]{64}$/);
      expect(await page.getByTestId('allotment-own-line').textContent()).toContain('3');
      await page.getByTestId(/^offering-pay-\d+$/).click();
      await expect.poll(() => text(page, 'offering-mine-state')).toBe('Paid');
      await shot(page, 'offerings-paid-en-US');
      await until(
        page,
        `/pages/coinICO/icoDetail?id=${icoId}`,
        'offering-mine-state',
        'Allocated / pending payment',
      );
      await page.getByTestId(/^offering-pay-\d+$/).click();
      await expect.poll(() => text(page, 'offering-mine-state')).toBe('Paid');
    } finally {
      await close();
    }
  });

  it('at listing the shares arrive locked until T+2 and the coins in the wallet, which sells some (Italian)', async () => {
    await j.restart({ DEMO_CLOCK_START: days.listed });
    const { page, close } = await investor('it-IT');
    try {
      await until(page, `/pages/stockIPO/ipoDetail?id=${ipoId}`, 'offering-state', 'Quotata');
      await page.goto('/pages/tabbar/position');
      const hold = page.getByTestId('hold-NEWCO.MI');
      await hold.waitFor();
      expect(await hold.getByTestId('hold-quantity').textContent()).toBe('300');
      expect(await hold.getByTestId('hold-locked').textContent()).toContain('Bloccate fino al 30-11-2026');
      expect(await hold.getByTestId('hold-sell').isDisabled()).toBe(true);
      await shot(page, 'offerings-locked-it-IT');

      await until(page, '/pages/coin/assetsRecord', 'coin-asset-NEWC', '1.200,00 NEWC');
      await page.goto('/pages/coin/trade?tab=spot&symbol=NEWCUSDT');
      await page.getByTestId('coin-ticket').waitFor();
      await page.getByTestId('coin-side-sell').click();
      // A few coins: a new listing's book is thin, and a market order of more could fill only in part.
      await input(page, 'coin-quantity').fill('20');
      await expect.poll(() => page.getByTestId('coin-review').isDisabled()).toBe(false);
      await page.getByTestId('coin-review').click();
      await page.getByTestId('coin-send').click();
      await until(page, '/pages/coin/assetsRecord', 'coin-asset-NEWC', '1.180,00 NEWC');
    } finally {
      await close();
    }
  });

  it('once settled the shares are sold at market (English)', async () => {
    await j.restart({ DEMO_CLOCK_START: days.settled });
    const { page, token, close } = await investor('en-US');
    try {
      await until(page, '/pages/tabbar/position', 'hold-NEWCO.MI', 'Available');
      const hold = page.getByTestId('hold-NEWCO.MI');
      await expect
        .poll(() => hold.getByTestId('hold-available').textContent(), { timeout: 30_000 })
        .toBe('300');
      await hold.getByTestId('hold-sell').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sell' }).click();
      await expect
        .poll(async () => (await balances(j, token))['spot:NEWCO.MI'] ?? '0', { timeout: 15_000 })
        .toBe('0');
      await shot(page, 'offerings-sold-en-US');
    } finally {
      await close();
    }
  });
});
