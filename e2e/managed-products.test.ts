import { formatNumber } from '@piazza/core/format-number';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, phone, startJourney } from './harness';
import { balances, input, type Lang, shot, signInDemo, text } from './steps/session';

/*
 * Issue 13's browser journey, as its "done when" words it: the AI Multiplier tab, a product's measured figures
 * and chart, a simulation, a subscription; the server restarts on later days (a later demo clock) and its jobs
 * trade the book at the open and book the day's profit at the close, then return capital and P&L once the
 * period has ended and the book's shares have settled for it to sell; a copy-trading fund followed, its trades read, added to. The phases alternate Italian and English.
 */

const days = {
  // Monday 23 November 2026, 10:20 in Milan: Borsa Italiana is open.
  subscribe: '2026-11-23T10:20:00+01:00',
  // Tuesday 24, 10:40: the open's half hour has passed, the books trade.
  tradeTuesday: '2026-11-24T10:40:00+01:00',
  // Tuesday 24, 18:00: closed; Monday's and Tuesday's closes are booked.
  closedTuesday: '2026-11-24T18:00:00+01:00',
  // Thursday 26, 09:10: Tuesday's purchases settled at midnight (T+2); Wednesday's close is caught up.
  settledThursday: '2026-11-26T09:10:00+01:00',
  // Thursday 26, 10:40: the two-day period ended on Wednesday; the book sells what the payout needs.
  tradeThursday: '2026-11-26T10:40:00+01:00',
  // Thursday 26, 18:00: the close returns capital and P&L.
  closedThursday: '2026-11-26T18:00:00+01:00',
};

let j: Journey;
let productId = 0;
let orderId = 0;
beforeAll(async () => {
  j = await startJourney('managed-products', { DEMO_CLOCK_START: days.subscribe });
});
afterAll(() => j?.close());

async function investor(lang: Lang): Promise<{ page: Page; token: string; close(): Promise<void> }> {
  const { context, page } = await j.newPage({ locale: lang });
  const token = await signInDemo(page, lang);
  return { page, token, close: () => context.close() };
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

/** The back office on a phone, signed in as the demo admin, in Italian. */
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

/** The job runs of `job` for `key` as the back office lists them, until one has finished. */
async function ranOnce(job: string, key: string): Promise<void> {
  const login = await j.api<{ token: string }>('POST', '/admin/login', {
    email: 'admin@piazza.local',
    password: 'Piazza-Admin-2026',
  });
  await expect
    .poll(
      async () => {
        const runs = await j.api<{ list: { key: string; state: string }[] }>(
          'GET',
          '/admin/jobs/runs',
          { job, size: '50' },
          login.data.token,
        );
        return runs.data.list.find((r) => r.key === key)?.state ?? 'none';
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe('succeeded');
}

describe('managed products in a browser', () => {
  it('an operator creates a two-day product; the investor reads measured figures, simulates and subscribes (Italian)', async () => {
    const office = await backOffice();
    try {
      await office.page.goto('/admin/robots');
      await office.page.getByTestId('robot-new').click();
      await office.page.getByTestId('robot-name').fill('Due giorni');
      await office.page.getByTestId('robot-strategy').selectOption('trend');
      await office.page.getByTestId('robot-basket').fill('ENI.MI,ENEL.MI,ISP.MI');
      const terms = {
        periodDays: '2',
        lockDays: '0',
        minAmount: '100',
        maxAmount: '10.000',
        managementFeePercent: '1,00',
      };
      for (const [key, value] of Object.entries(terms))
        await office.page.getByTestId(`robot-${key}`).fill(value);
      await office.page.getByTestId('robot-save').click();
      await office.page.waitForURL(/\/admin\/robots\/\d+$/);
      productId = Number(office.page.url().split('/').pop());
      expect(await office.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(office.page, 'managed-admin-it-IT');
    } finally {
      await office.close();
    }

    const { page, token, close } = await investor('it-IT');
    try {
      await page.goto('/pages/tabbar/home');
      await page.getByTestId('tab-robot').click();
      await page.waitForURL('**/pages/robot/doubleList');
      await page.locator('[data-testid^="robot-card-"]').first().waitFor();
      const trend = await j.api<{ list: { id: number; name: string }[] }>('POST', '/stock/ai/list');
      const demo = trend.data.list.find((r) => r.name === 'Trend Italia');
      expect(demo).toBeDefined();
      await shot(page, 'managed-tab-it-IT');

      // A demo product's figures: the backtest and the live record apart, each with its period and chart.
      await page.getByTestId(`robot-card-${demo?.id}`).click();
      await page.getByTestId('robot-backtest').waitFor();
      expect(await text(page, 'backtest-period')).toMatch(/\d{2}-\d{2}-\d{4}/);
      expect(await text(page, 'live-period')).toContain('15');
      await page.getByTestId('backtest-chart').waitFor();
      await page.getByTestId('live-chart').waitFor();
      expect(await text(page, 'live-trades')).toMatch(/^[1-9]/);
      expect(await text(page, 'robot-past-results')).toContain('non');

      // What €5.000,00 would have done over the last 90 days, with fees.
      await input(page, 'sim-amount-input').fill('5.000,00');
      await page.getByTestId('sim-days-90').click();
      await page.getByTestId('sim-run').click();
      await page.getByTestId('sim-chart').waitFor();
      expect(await text(page, 'sim-fees')).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} EUR$/);
      await shot(page, 'managed-detail-it-IT');

      // Subscribing the new product: €1.000,00 leave the cash for units of its book.
      const before = await balances(j, token);
      await page.goto(`/pages/robot/detail?id=${productId}`);
      await page.getByTestId('robot-subscribe').click();
      await input(page, 'subscribe-amount-input').fill('1.000,00');
      if (await page.getByTestId('subscribe-accept').isVisible())
        await page.getByTestId('subscribe-accept').click();
      await page.getByTestId('subscribe-next').click();
      expect(await text(page, 'subscribe-summary')).toContain('1.000,00 EUR');
      await page.getByTestId('subscribe-send').click();
      await page.waitForURL('**/pages/robot/orderDetail?id=*');
      orderId = Number(new URL(page.url()).searchParams.get('id'));
      const after = await balances(j, token);
      expect(Number(before['spot:EUR']) - Number(after['spot:EUR'])).toBeCloseTo(1000, 2);
      expect(Number(after['robot:EUR'] ?? '0') - Number(before['robot:EUR'] ?? '0')).toBeGreaterThan(999.99);
      await shot(page, 'managed-subscribed-it-IT');
    } finally {
      await close();
    }
  });

  it('the investor follows a copy-trading fund, reads its trades and adds to it (English)', async () => {
    const { page, token, close } = await investor('en-US');
    try {
      await page.goto('/pages/robot/doubleList');
      await page.getByTestId('double-funds').click();
      await page.waitForURL('**/pages/follow/index');
      const funds = await j.api<{ list: { id: number; name: string }[] }>('POST', '/fund/list');
      const fund = funds.data.list.find((f) => f.name === 'Energia Italia');
      expect(fund).toBeDefined();
      await page.getByTestId(`fund-card-${fund?.id}`).click();
      await page.getByTestId('fund-head').waitFor();

      // Its real trades and holdings: the manager's tickets, as the book executed them.
      await page.getByTestId('fund-to-trades').click();
      await page.waitForURL('**/pages/follow/stockList?id=*');
      await page.getByTestId('fund-trade').first().waitFor();
      const record = await j.api<{ total: number }>('POST', '/fund/record/stocks', { id: String(fund?.id) });
      expect(record.data.total).toBeGreaterThanOrEqual(6);
      expect(await page.getByTestId('fund-trade').count()).toBe(Math.min(record.data.total, 20));
      await page.getByTestId('fund-holding-ENI.MI').waitFor();
      await shot(page, 'managed-fund-trades-en-US');

      // Following with €2,000.00, then adding €500.00.
      const before = await balances(j, token);
      await page.goBack();
      await page.getByTestId('fund-follow').click();
      await input(page, 'follow-amount-input').fill('2,000.00');
      if (await page.getByTestId('follow-accept').isVisible())
        await page.getByTestId('follow-accept').click();
      await page.getByTestId('follow-next').click();
      await page.getByTestId('follow-send').click();
      const add = page.locator('[data-testid^="follow-add-"]').first();
      await add.waitFor();
      await add.click();
      await input(page, 'add-amount-input').fill('500.00');
      await page.getByTestId('add-next').click();
      await page.getByTestId('add-send').click();
      await expect
        .poll(async () => {
          const now = await balances(j, token);
          return Number(before['spot:EUR']) - Number(now['spot:EUR']);
        })
        .toBeCloseTo(2500, 2);
      const orders = await j.api<{ list: { fundName: string; invested: string }[] }>(
        'POST',
        '/fund/order/list',
        {},
        token,
      );
      expect(orders.data.list.find((o) => o.fundName === 'Energia Italia')?.invested).toBe('2500.00');
      await shot(page, 'managed-fund-followed-en-US');
    } finally {
      await close();
    }
  });

  it('the book trades at the open, and the close books the day’s profit (Italian)', async () => {
    await j.restart({ DEMO_CLOCK_START: days.tradeTuesday });
    await ranOnce('robot-trade', '2026-11-24');
    await j.restart({ DEMO_CLOCK_START: days.closedTuesday });
    await ranOnce('robot-close', '2026-11-24');
    const { page, token, close } = await investor('it-IT');
    try {
      await until(page, `/pages/robot/record?id=${orderId}`, 'robot-record', '24-11-2026');
      const details = await j.api<{ record: { day: string; amount: string }[] }>(
        'POST',
        '/stock/ai/order/details',
        { id: String(orderId) },
        token,
      );
      const tuesday = details.data.record.find((r) => r.day === '2026-11-24');
      expect(tuesday).toBeDefined();
      expect(await text(page, 'robot-record-2026-11-24')).toContain(
        formatNumber(tuesday?.amount ?? '', 'it-IT', 2),
      );
      await shot(page, 'managed-record-it-IT');
    } finally {
      await close();
    }
  });

  it('at the end of the period capital and P&L come back to the cash (English)', async () => {
    // The book bought on Tuesday, and shares settle two days later: it can sell them, and pay, on Thursday.
    await j.restart({ DEMO_CLOCK_START: days.settledThursday });
    await ranOnce('robot-close', '2026-11-25');
    await j.restart({ DEMO_CLOCK_START: days.tradeThursday });
    await ranOnce('robot-trade', '2026-11-26');
    await j.restart({ DEMO_CLOCK_START: days.closedThursday });
    await ranOnce('robot-close', '2026-11-26');
    const { page, token, close } = await investor('en-US');
    try {
      await until(page, '/pages/robot/list', `robot-order-state-${orderId}`, 'Returned');
      const returned = (await text(page, `robot-order-returned-${orderId}`)).trim();
      expect(returned).toMatch(/^\d{1,3}(,\d{3})*\.\d{2} EUR$/);
      const now = await balances(j, token);
      expect(Number(now['robot:EUR'] ?? '0')).toBe(0);
      await shot(page, 'managed-returned-en-US');

      // A subscription's address without its id says so and leads to the list, rather than loading forever.
      await page.goto('/pages/robot/orderDetail');
      expect(await text(page, 'missing-record')).toContain('This address does not say which item to open');
      await page.getByTestId('missing-record-list').click();
      await page.waitForURL('**/pages/robot/list');
      await page.getByTestId(`robot-order-state-${orderId}`).waitFor();
    } finally {
      await close();
    }
  });
});
