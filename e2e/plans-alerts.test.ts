import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { input, type Lang, shot, signInDemo, text } from './steps/session';

/*
 * Issue 20's browser journey for savings plans and price alerts, in both languages: the demo investor finds a
 * world ETF by name (Amundi Core MSCI World, about €24), starts a monthly plan of €100 from its K-line page, and
 * the first purchase is made that Monday; the server restarts a month later (a later demo clock), the runner's
 * job makes December's purchase, and both show in the plan's history, in the positions and in funds detail
 * (with the operator's €1,00 plan fee). A fractional plan on the iShares world ETF then buys part of a unit: the
 * positions show it as plan units, and the investor sells a quarter of a unit from there in each language
 * (decision 063). Then an alert set from the K-line page fires and reaches the notices.
 */

const days = {
  // Monday 23 November 2026, 10:20 in Milan: Borsa Italiana is open.
  start: '2026-11-23T10:20:00+01:00',
  // Wednesday 23 December, 10:20: the plan's next date.
  month: '2026-12-23T10:20:00+01:00',
};
const etf = 'MWRD.MI';
const fractionEtf = 'SWDA.MI';

/** Plan units as shown ('0,896123' in Italian, '0.896123' in English) in millionths. */
function unitsOf(shown: string, lang: Lang): bigint {
  const wire = lang === 'it-IT' ? shown.replace(/\./g, '').replace(',', '.') : shown.replace(/,/g, '');
  const [whole = '0', decimals = ''] = wire.trim().split('.');
  return BigInt(whole) * 1_000_000n + BigInt(decimals.padEnd(6, '0').slice(0, 6));
}

let j: Journey;
let planId = 0;
beforeAll(async () => {
  j = await startJourney('plans-alerts', { DEMO_CLOCK_START: days.start });
});
afterAll(() => j?.close());

async function investor(lang: Lang): Promise<{ page: Page; token: string; close(): Promise<void> }> {
  const { context, page } = await j.newPage({ locale: lang });
  const token = await signInDemo(page, lang);
  return { page, token, close: () => context.close() };
}

async function office(path: string, params: Record<string, string>): Promise<void> {
  const login = await j.api<{ token: string }>('POST', '/admin/login', {
    email: 'admin@piazza.local',
    password: 'Piazza-Admin-2026',
  });
  const res = await j.api(
    path.startsWith('/admin/plan/terms/save') ? 'POST' : 'GET',
    path,
    params,
    login.data.token,
  );
  if (res.code !== 0) throw new Error(`${path}: ${res.code} ${res.msg}`);
}

describe('savings plans and price alerts in a browser', () => {
  it('finds a world ETF by name and starts a monthly plan of €100 from its chart (Italian)', async () => {
    await office('/admin/plan/terms/save', { symbol: etf, planFee: '1.00', fractional: '0' });
    const { page, close } = await investor('it-IT');
    try {
      await page.goto('/pages/stock/search');
      await page.getByTestId('search-box').locator('input').fill('Amundi Core MSCI World');
      await page.getByTestId('search-box').locator('input').press('Enter');
      await page.getByTestId(`market-row-${etf}`).click();
      await page.waitForURL(`**/pages/stock/stockKline?symbol=${etf}`);
      await page.getByTestId('kline-plan').click();
      await page.waitForURL(`**/pages/plan/edit?symbol=${etf}`);
      await page.getByTestId('plan-terms-fee').waitFor();
      expect(await text(page, 'plan-terms-fee')).toContain('1,00');
      await input(page, 'plan-amount-input').fill('100,00');
      await page.getByTestId('plan-frequency-monthly').click();
      await shot(page, 'plans-editor-it-IT');
      await page.getByTestId('plan-save').click();
      await page.waitForURL('**/pages/plan/detail?id=*');
      planId = Number(new URL(page.url()).searchParams.get('id'));
      await page.getByTestId('plan-amount').waitFor();
      expect(await text(page, 'plan-amount')).toContain('100,00');
      // The first date is today: the runner buys at once, whole units at about €24 (the rest stays cash).
      const executions = async () => {
        await page.reload();
        await page.getByTestId('plan-executions').waitFor();
        return text(page, 'plan-executions');
      };
      await expect.poll(executions, { timeout: 30_000, interval: 2_000 }).toBe('1');
      await page.getByTestId('plan-next').waitFor();
      expect(await text(page, 'plan-next')).toBe('23-12-2026');
      await shot(page, 'plans-detail-it-IT');
    } finally {
      await close();
    }
  });

  it('a month later the plan has bought again: history, positions and funds detail (English, then Italian)', async () => {
    await j.restart({ DEMO_CLOCK_START: days.month });
    for (const lang of ['en-US', 'it-IT'] as const) {
      const { page, close } = await investor(lang);
      try {
        await page.goto(`/pages/plan/detail?id=${planId}`);
        const executions = async () => {
          await page.reload();
          await page.getByTestId('plan-executions').waitFor();
          return text(page, 'plan-executions');
        };
        await expect.poll(executions, { timeout: 30_000, interval: 2_000 }).toBe('2');
        // 23 January 2027 is a Saturday: the next purchase is on Monday the 25th.
        expect(await text(page, 'plan-next')).toBe('25-01-2027');
        await shot(page, `plans-history-${lang}`);

        // Whole units bought by two orders: the positions hold what the plan says it bought.
        const units = await text(page, 'plan-units');
        expect(Number(units)).toBeGreaterThan(0);
        await page.goto('/pages/tabbar/position');
        const hold = page.getByTestId(`hold-${etf}`);
        await hold.waitFor();
        expect(await hold.getByTestId('hold-quantity').textContent()).toBe(units);
        await shot(page, `plans-positions-${lang}`);

        await page.goto('/pages/fundsDetail/stockFundsDetail');
        await expect
          .poll(() => page.locator('[data-testid="bill-row-plan_fee"]').count(), { timeout: 10_000 })
          .toBe(2);
        expect(await page.locator('[data-testid="bill-row-plan_fee"]').first().textContent()).toContain(
          lang === 'it-IT' ? 'Commissione PAC' : 'Savings plan fee',
        );
        await shot(page, `plans-funds-${lang}`);
      } finally {
        await close();
      }
    }
  });

  it("a fractional plan's units show in the positions and are sold in part (Italian, then English)", async () => {
    // The operator lets plans buy the iShares world ETF (over €100) in fractions: €100,00 buys part of a unit.
    await office('/admin/plan/terms/save', { symbol: fractionEtf, planFee: '0', fractional: '1' });
    let units = 0n;
    for (const lang of ['it-IT', 'en-US'] as const) {
      const { page, token, close } = await investor(lang);
      try {
        // Started once (a retried attempt finds it already there).
        const plans = await j.api<{ list: { symbol: string }[] }>('GET', '/user/plan/list', {}, token);
        if (!plans.data.list.some((p) => p.symbol === fractionEtf)) {
          const plan = await j.api(
            'POST',
            '/user/plan/create',
            { symbol: fractionEtf, amount: '100.00', frequency: 'monthly' },
            token,
          );
          expect(plan.code, plan.msg).toBe(0);
        }
        await page.goto('/pages/tabbar/position');
        const card = page.getByTestId(`plan-units-${fractionEtf}`);
        // Today is the plan's first date: the runner buys at once, at the ask, to 6 decimals.
        await expect
          .poll(
            async () => {
              await page.reload();
              await page.getByTestId('position-income').waitFor();
              return card.count();
            },
            { timeout: 30_000, interval: 2_000 },
          )
          .toBe(1);
        expect(await card.getByTestId('plan-units-badge').textContent()).toBe(
          lang === 'it-IT' ? 'Quote PAC (frazioni)' : 'Plan units (fractions)',
        );
        const shown = (await card.getByTestId('plan-units-quantity').textContent()) ?? '';
        const held = unitsOf(shown, lang);
        if (lang === 'it-IT') {
          expect(held).toBeGreaterThan(250_000n);
          expect(held).toBeLessThan(1_000_000n);
          expect(shown).toContain(',');
        } else {
          expect(held).toBe(units);
        }
        await card.scrollIntoViewIfNeeded();
        await shot(page, `plans-units-${lang}`);

        // A quarter of a unit sold at the bid, typed the reader's way; Max offers all of them first.
        await card.getByTestId('plan-units-sell').click();
        await page.getByTestId('plan-sell-sheet').waitFor();
        await page.getByTestId('plan-sell-max').click();
        expect(unitsOf(await input(page, 'plan-sell-quantity').inputValue(), lang)).toBe(held);
        await input(page, 'plan-sell-quantity').fill(lang === 'it-IT' ? '0,25' : '0.25');
        await expect.poll(() => text(page, 'plan-sell-net'), { timeout: 10_000 }).toMatch(/\d.*EUR$/);
        expect(await text(page, 'plan-sell-fee')).toBe(lang === 'it-IT' ? '2,95 EUR' : '2.95 EUR');
        await shot(page, `plans-units-sell-${lang}`);
        await page.getByTestId('plan-sell-confirm').click();
        await page.getByTestId('plan-sell-sheet').waitFor({ state: 'detached' });
        units = held - 250_000n;
        await expect
          .poll(
            async () => unitsOf((await card.getByTestId('plan-units-quantity').textContent()) ?? '', lang),
            {
              timeout: 10_000,
            },
          )
          .toBe(units);
        await shot(page, `plans-units-sold-${lang}`);
      } finally {
        await close();
      }
    }
  });

  it('sets an alert from the chart and sees it fire once (English, then the notice in Italian)', async () => {
    const quote = await j.api<{ changePercent?: string; quote?: { changePercent: string } }>(
      'GET',
      '/stock/info',
      { symbol: etf },
    );
    const change = Number(quote.data.changePercent ?? quote.data.quote?.changePercent ?? '0');
    const kind = change >= 0.01 ? 'moveUp' : 'moveDown';
    const { page, close } = await investor('en-US');
    try {
      await page.goto(`/pages/stock/stockKline?symbol=${etf}`);
      await page.getByTestId('kline-alert').click();
      await page.waitForURL(`**/pages/alert/set?symbol=${etf}`);
      await page.getByTestId(`alert-kind-${kind}`).click();
      await input(page, 'alert-percent').fill('0.01');
      await shot(page, 'alerts-set-en-US');
      await page.getByTestId('alert-save').click();
      await page.waitForURL('**/pages/alert/list');
      const state = page.locator('[data-testid^="alert-"][data-testid$="-state"]').first();
      await expect.poll(async () => state.textContent(), { timeout: 30_000, interval: 1_000 }).toBe('Fired');
      await shot(page, 'alerts-fired-en-US');
    } finally {
      await close();
    }
    const it = await investor('it-IT');
    try {
      await it.page.goto('/pages/notice/list');
      await expect
        .poll(async () => it.page.getByText(`Avviso di prezzo: ${etf}`).count(), { timeout: 30_000 })
        .toBe(1);
      await shot(it.page, 'alerts-notice-it-IT');
    } finally {
      await it.close();
    }
  });
});
