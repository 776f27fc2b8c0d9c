import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { type Lang, shot, signInDemo } from './steps/session';

/*
 * Issue 15's notices in a browser (decision 037): an operator publishes a notice in the back office; the
 * investor sees it once as a dialog, then the unread badge on the home's Notices tile, reads it (markup in it
 * shows as text) and the badge goes. Then, in English, a notice for the demo investor alone reached from the
 * drawer's badge.
 */

let j: Journey;
let admin = '';
beforeAll(async () => {
  j = await startJourney('content-notices');
  const login = await j.api<{ token: string }>('POST', '/admin/login', adminLogin);
  admin = login.data.token;
});
afterAll(() => j?.close());

const adminLogin = { email: 'admin@piazza.local', password: 'Piazza-Admin-2026' };
const desktop = { width: 1280, height: 800 };
const hostile = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';

/** The back office signed in as the demo admin, in a desktop window, on the Notices screen. */
async function office(lang: Lang) {
  const context = await j.browser.newContext({ viewport: desktop, baseURL: j.baseUrl });
  await context.addInitScript((l) => localStorage.setItem('adminLang', l), lang);
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByTestId('login-email').fill(adminLogin.email);
  await page.getByTestId('login-password').fill(adminLogin.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/admin/dashboard');
  await page.getByTestId('nav-notices').click();
  await page.waitForURL('**/admin/notices');
  return { context, page };
}

async function publish(
  page: Page,
  n: { it: string; en: string; body: string; investor?: number; dialog?: boolean },
) {
  await page.getByTestId('notice-new').click();
  await page.getByTestId('notice-title-it').fill(n.it);
  await page.getByTestId('notice-title-en').fill(n.en);
  await page.getByTestId('notice-body-it').fill(`${n.body} (it)`);
  await page.getByTestId('notice-body-en').fill(`${n.body} (en)`);
  if (n.investor) await page.getByTestId('notice-investor').fill(String(n.investor));
  if (n.dialog) await page.getByTestId('notice-dialog').check();
  await page.getByTestId('notice-save').click();
  await page.getByTestId('notice-form').waitFor({ state: 'detached' });
}

/** The demo investor signed in on a phone, with every notice already there marked read. */
async function investor(lang: Lang) {
  const { context, page } = await j.newPage({ locale: lang });
  const token = await signInDemo(page, lang);
  await j.api('POST', '/user/notice/read', { all: '1' }, token);
  return { context, page, token };
}

const badge = (page: Page, testId: string) => page.getByTestId(testId).locator('.adm-badge-content');

describe('notices in a browser', () => {
  it('an operator publishes a notice for everyone as a dialog; the investor sees it once, reads it, the badge goes (Italian)', async () => {
    const me = await investor('it-IT');
    const desk = await office('it-IT');
    try {
      await publish(desk.page, {
        it: 'Chiusura dei mercati l’8 dicembre',
        en: 'Markets closed on 8 December',
        body: `Borsa chiusa. ${hostile}`,
        dialog: true,
      });
      const list = desk.page.getByTestId('notices-list');
      await expect.poll(() => list.textContent()).toContain('Chiusura dei mercati l’8 dicembre');
      expect(await list.textContent()).toContain(hostile);
      await shot(desk.page, 'notices-office-it-IT');

      const { page } = me;
      await page.goto('/pages/tabbar/home');
      // Shown once as a dialog, its markup as text.
      await page.getByTestId('system-notice-title').waitFor();
      expect(await page.getByTestId('system-notice-title').textContent()).toBe(
        'Chiusura dei mercati l’8 dicembre',
      );
      expect(await page.getByTestId('system-notice-body').textContent()).toBe(
        `Borsa chiusa. ${hostile} (it)`,
      );
      await shot(page, 'notices-dialog-it-IT');
      await page.getByText('Ho capito').click();
      await page.getByTestId('system-notice-title').waitFor({ state: 'hidden' });

      await badge(page, 'notice-unread').waitFor();
      expect(await badge(page, 'notice-unread').textContent()).toBe('1');
      await shot(page, 'notices-badge-it-IT');
      await page.getByTestId('home-entry-notice').click();
      await page.waitForURL('**/pages/notice/list');
      const row = page.locator('[data-testid^="notice-row-"]').first();
      expect(await row.getAttribute('data-read')).toBe('0');
      await row.click();
      await page.waitForURL('**/pages/notice/detail?id=*');
      expect(await page.getByTestId('notice-detail-body').textContent()).toBe(
        `Borsa chiusa. ${hostile} (it)`,
      );
      expect(await page.getByTestId('notice-detail').locator('img, script').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      await shot(page, 'notices-detail-it-IT');

      await page.goto('/pages/tabbar/home');
      await page.getByTestId('home-entry-notice').waitFor();
      await expect.poll(() => badge(page, 'notice-unread').count()).toBe(0);
      // Remembered: the dialog does not open again.
      const asked = page.waitForResponse((r) => r.url().includes('/ipcg-api/index/notice'));
      await page.reload();
      await asked;
      await page.getByTestId('home-entry-notice').waitFor();
      expect(await page.getByTestId('system-notice-title').isVisible()).toBe(false);
    } finally {
      await desk.context.close();
      await me.context.close();
    }
  });

  it('a notice for the demo investor alone is reached from the drawer’s badge and read (English)', async () => {
    const me = await investor('en-US');
    const desk = await office('en-US');
    try {
      const users = await j.api<{ list: { id: number }[] }>(
        'GET',
        '/admin/users',
        { q: 'demo@piazza.it' },
        admin,
      );
      const userId = users.data.list[0]?.id ?? 0;
      await publish(desk.page, {
        it: 'Il tuo conto',
        en: 'About your account',
        body: 'Your statement is ready.',
        investor: userId,
      });
      await expect
        .poll(() => desk.page.getByTestId('notices-list').textContent())
        .toContain('for: IN365201820');

      const { page } = me;
      await page.goto('/pages/tabbar/home');
      // The first test's dialog is new to this device: it shows here too, in English.
      await page.getByTestId('system-notice-title').waitFor();
      expect(await page.getByTestId('system-notice-title').textContent()).toBe(
        'Markets closed on 8 December',
      );
      await page.getByText('Got it').click();
      await page.getByTestId('system-notice-title').waitFor({ state: 'hidden' });
      await page.getByTestId('drawer-open').click();
      await badge(page, 'drawer-notice-unread').waitFor();
      expect(await badge(page, 'drawer-notice-unread').textContent()).toBe('1');
      await shot(page, 'notices-drawer-en-US');
      await page.getByTestId('drawer-entry-notices').click();
      await page.waitForURL('**/pages/notice/list');
      await page.getByText('About your account').first().click();
      await page.waitForURL('**/pages/notice/detail?id=*');
      expect(await page.getByTestId('notice-detail-title').textContent()).toBe('About your account');
      expect(await page.getByTestId('notice-detail-body').textContent()).toBe(
        'Your statement is ready. (en)',
      );
      await shot(page, 'notices-detail-en-US');
      await page.goto('/pages/tabbar/home');
      await page.getByTestId('home-entry-notice').waitFor();
      await expect.poll(() => badge(page, 'notice-unread').count()).toBe(0);
    } finally {
      await desk.context.close();
      await me.context.close();
    }
  });
});
