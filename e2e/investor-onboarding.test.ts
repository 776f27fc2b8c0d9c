import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { shot } from './steps/session';

/*
 * A person registers with the code from the demo outbox, signs in, opens the drawer and sees their id,
 * switches the language, signs out; a guest tapping a protected drawer entry lands on login.
 */

let j: Journey;
beforeAll(async () => {
  j = await startJourney('investor-onboarding');
});
afterAll(() => j?.close());

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

async function openDrawer(page: Page) {
  await page.getByTestId('drawer-open').click();
  await page.getByTestId('drawer').waitFor({ state: 'visible' });
}

describe('a new investor', () => {
  it('registers with the emailed code, sees the id in the drawer, switches language and signs out', async () => {
    const { context, page } = await j.newPage();
    const email = 'marco.rossi@example.it';
    try {
      await page.goto('/');
      await page.waitForURL('**/pages/tabbar/home');
      await page.getByTestId('home-register').click();
      await page.waitForURL('**/pages/account/reg');

      await page.getByTestId('reg-tab-email').click();
      await input(page, 'reg-account').fill(email);
      await page.getByTestId('send-code').click();
      await expect.poll(() => j.outboxCode(email).catch(() => ''), { timeout: 10_000 }).toMatch(/^\d{6}$/);
      const code = await j.outboxCode(email);

      await input(page, 'reg-code').fill(code);
      await input(page, 'reg-password').fill('Segreta2026');
      await input(page, 'reg-confirm-password').fill('Segreta2026');
      await page.getByTestId('reg-agree').click();
      await page.getByTestId('reg-submit').click();
      await page.waitForURL('**/pages/tabbar/home');
      // A new investor is greeted without their e-mail and shown the first step: verifying their identity,
      // with the total wealth at zero.
      await expect.poll(() => page.getByTestId('home-greeting').textContent()).not.toContain('@');
      await expect
        .poll(() => page.getByTestId('home-step-verify').textContent())
        .toContain('verifica la tua identità');
      expect(await page.getByTestId('home-wealth-eur').textContent()).toMatch(/^0,00\s?€$/);
      await shot(page, 'onboarding-home-it');

      // The drawer shows the account, its KYC state and the displayed id of the new user.
      const info = await j.api<{ user: { id: number } }>(
        'GET',
        '/user/login/info',
        {},
        await page.evaluate(() => JSON.parse(localStorage.getItem('userToken') ?? '""')),
      );
      const id = info.data.user.id;
      await openDrawer(page);
      await expect.poll(() => page.getByTestId('drawer-name').textContent()).toContain('marco.rossi');
      await expect.poll(() => page.getByTestId('drawer-id').textContent()).toBe(`IN365201820${id}`);
      await expect.poll(() => page.getByTestId('drawer-kyc').textContent()).toBe('Non verificato');
      await page.getByTestId('drawer-mask').click({ position: { x: 370, y: 420 } });
      await page.getByTestId('drawer').waitFor({ state: 'hidden' });

      // Switch to English: the app's texts change and the choice is remembered.
      await page.getByTestId('home-lang').click();
      await page.waitForURL('**/pages/common/lang');
      await page.getByTestId('lang-en-US').click();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('"en-US"');
      await page.goBack();
      await openDrawer(page);
      await expect.poll(() => page.getByTestId('drawer-kyc').textContent()).toBe('Not verified');

      // Sign out after the confirmation.
      await page.getByTestId('drawer-sign-out').click();
      await page.getByText('Are you sure to Sign out?').waitFor();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL('**/pages/account/login');
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();

      // And back in with the password chosen at registration.
      await input(page, 'login-account').fill(email);
      await input(page, 'login-password').fill('Segreta2026');
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/pages/tabbar/home');
      await openDrawer(page);
      await expect.poll(() => page.getByTestId('drawer-id').textContent()).toBe(`IN365201820${id}`);
    } finally {
      await context.close();
    }
  });

  it('refuses a wrong code, and registers nothing', async () => {
    const { context, page } = await j.newPage();
    const email = 'wrong.code@example.it';
    try {
      await page.goto('/pages/account/reg');
      await page.getByTestId('reg-tab-email').click();
      await input(page, 'reg-account').fill(email);
      await page.getByTestId('send-code').click();
      const code = await expect
        .poll(() => j.outboxCode(email).catch(() => ''), { timeout: 10_000 })
        .toMatch(/^\d{6}$/)
        .then(() => j.outboxCode(email));
      const wrong = code === '000000' ? '111111' : '000000';
      await input(page, 'reg-code').fill(wrong);
      await input(page, 'reg-password').fill('Segreta2026');
      await input(page, 'reg-confirm-password').fill('Segreta2026');
      await page.getByTestId('reg-agree').click();
      await page.getByTestId('reg-submit').click();
      await page
        .getByText(/codice/i)
        .first()
        .waitFor();
      expect(page.url()).toContain('/pages/account/reg');
      const login = await j.api('POST', '/user/login', { account: email, password: 'Segreta2026' });
      expect(login.code).toBe(-1001);
    } finally {
      await context.close();
    }
  });
});

describe('a guest', () => {
  it('tapping a protected drawer entry lands on login', async () => {
    const { context, page } = await j.newPage();
    try {
      await page.goto('/pages/tabbar/home');
      await openDrawer(page);
      await page.getByTestId('drawer-login').waitFor();
      await page.getByTestId('drawer-entry-security').click();
      await page.waitForURL('**/pages/account/login');
    } finally {
      await context.close();
    }
  });
});
