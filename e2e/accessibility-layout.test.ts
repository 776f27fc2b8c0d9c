import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { settled } from './steps/axe';
import { activate } from './steps/keyboard';
import { shot, signInDemo } from './steps/session';

/*
 * Issue 21, what axe cannot see: the main screens reflow at 320 px without a horizontal scroll (WCAG 1.4.10,
 * which is also what a 400 % zoom of a desktop window gives), their buttons and links are at least 24×24 px
 * (WCAG 2.2's 2.5.8), a device asking for reduced motion gets no transition, and the focus goes where a
 * keyboard or screen-reader user needs it: a skip link first, the new page's title after a page change, into
 * the drawer and back, and a toast is repeated in a live region.
 */

let j: Journey;
beforeAll(async () => {
  j = await startJourney('accessibility-layout', { DEMO_CLOCK_START: '2026-11-23T10:30:00+01:00' });
});
afterAll(() => j?.close());

const mainScreens = [
  '/pages/tabbar/home',
  '/pages/tabbar/markets',
  '/pages/stock/stockKline?symbol=ENI.MI',
  '/pages/tabbar/trade?symbol=ENI.MI',
  '/pages/tabbar/position',
  '/pages/user/assets',
  '/pages/tabbar/mine',
  '/pages/recharge/recharge',
  '/pages/user/kyc',
  '/pages/withdraw/withdraw',
  '/pages/fundsDetail/index',
  '/pages/coin/trade?symbol=BTCUSDT',
  '/pages/common/accessibility',
];

/** How far the page scrolls sideways: 0 when it reflows. */
const sideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Visible buttons, links and tabs smaller than 24×24 px, as `testid-or-text w×h`. A link inside a sentence is
 * exempt (2.5.8's inline exception), as is an input's native part.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const small: string[] = [];
    const targets = document.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], [role="tab"], [role="checkbox"], [role="switch"], input[type="checkbox"], input[type="radio"]',
    );
    for (const el of targets) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (el.matches('a') && el.closest('p, li') && el.closest('p, li')?.textContent !== el.textContent)
        continue;
      // The skip link is off screen until focused.
      if (el.classList.contains('pz-skip-link')) continue;
      if (box.width < 24 || box.height < 24) {
        const name =
          el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30);
        small.push(`${name} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });

describe('layout', () => {
  it('reflows the main screens at 320×640 without a sideways scroll, in Italian and English', async () => {
    for (const lang of ['it-IT', 'en-US'] as const) {
      const { context, page } = await j.newPage();
      try {
        await page.setViewportSize({ width: 320, height: 640 });
        await signInDemo(page, lang);
        const wide: string[] = [];
        for (const route of mainScreens) {
          await page.goto(route);
          await settled(page);
          const over = await sideScroll(page);
          if (over > 0) wide.push(`${route} scrolls ${over}px sideways`);
        }
        await page.goto('/pages/tabbar/home');
        await settled(page);
        await shot(page, `a11y-320-home-${lang}`);
        expect(wide).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('gives every button and link of the main screens a target of at least 24×24 px', async () => {
    const { context, page } = await j.newPage();
    try {
      await signInDemo(page, 'it-IT');
      const small: string[] = [];
      for (const route of mainScreens) {
        await page.goto(route);
        await settled(page);
        for (const s of await smallTargets(page)) small.push(`${route}: ${s}`);
      }
      expect(small).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('turns transitions off when the device asks for reduced motion', async () => {
    const drawerMs = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await j.browser.newContext({
        viewport: { width: 390, height: 844 },
        baseURL: j.baseUrl,
        reducedMotion,
      });
      try {
        const page = await context.newPage();
        await page.goto('/pages/tabbar/home');
        await page.getByTestId('drawer-open').click();
        const drawer = page.getByTestId('drawer');
        await drawer.waitFor();
        return await drawer.evaluate(
          (el) => Number.parseFloat(getComputedStyle(el).transitionDuration) * 1000,
        );
      } finally {
        await context.close();
      }
    };
    // The drawer slides in over 300 ms; with reduced motion in a hundredth of a millisecond.
    expect(await drawerMs('no-preference')).toBe(300);
    expect(await drawerMs('reduce')).toBeLessThan(1);
  });
});

describe('focus and announcements', () => {
  it('offers the skip link first, focuses a new page title, returns from the drawer, says a toast', async () => {
    const { context, page } = await j.newPage();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.dataset.testid ?? el?.tagName.toLowerCase() ?? '';
      });
    try {
      await signInDemo(page, 'it-IT');
      await page.goto('/pages/tabbar/home');
      await settled(page);

      // The first Tab reaches the skip link, shown; Enter puts the focus on the page's content.
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('skip-link');
      expect(await page.getByTestId('skip-link').textContent()).toBe('Vai al contenuto');
      expect((await page.getByTestId('skip-link').boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('Enter');
      expect(await focused()).toBe('main');

      // The drawer takes the focus when it opens and gives it back to its button when Escape closes it.
      await page.getByTestId('drawer-open').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('drawer').waitFor();
      await expect
        .poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="drawer"]')))
        .toBe(true);
      // Tab stays inside the open drawer.
      for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="drawer"]'))).toBe(
        true,
      );
      await page.keyboard.press('Escape');
      await page.getByTestId('drawer').waitFor({ state: 'detached' });
      await expect.poll(focused).toBe('drawer-open');

      // A link to another page: the new page's title has the focus, so a screen reader says where it is.
      await page.goto('/pages/tabbar/mine');
      await settled(page);
      await activate(page, 'drawer-open');
      await page.getByTestId('drawer').waitFor();
      await activate(page, 'drawer-entry-accessibility');
      await page.waitForURL('**/pages/common/accessibility');
      await expect.poll(focused).toBe('h1');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Dichiarazione di accessibilità');
      await expect.poll(() => page.locator('main').textContent()).toContain('EN 301 549');

      // A toast (adding to the watchlist) is repeated in the polite live region.
      await page.goto('/pages/stock/stockKline?symbol=ENI.MI');
      await settled(page);
      const chart = page.getByTestId('kline-chart');
      await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/^ENI\.MI: ultimo prezzo \d/);
      await page.getByTestId('kline-star').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('toast-announcer').textContent()).toMatch(/preferiti/);
    } finally {
      await context.close();
    }
  });
});
