import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { shown } from './steps/session';

/*
 * A person who forgot the password resets it with the code from the outbox; then, signed in, changes it
 * from the security centre, after the server refuses a wrong current password.
 */

let j: Journey;
beforeAll(async () => {
  j = await startJourney('investor-passwords');
});
afterAll(() => j?.close());

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const account = 'lucia.bianchi@example.it';

async function register() {
  await j.api('POST', '/common/code/send', { account, scene: 'register', areaCode: '+39' });
  const code = await j.outboxCode(account);
  const res = await j.api('POST', '/user/register', {
    account,
    password: 'Primavera1',
    confirmPassword: 'Primavera1',
    code,
    areaCode: '+39',
    agree: '1',
  });
  expect(res.code).toBe(0);
}

async function signIn(page: Page, password: string) {
  await page.goto('/pages/account/login');
  await input(page, 'login-account').fill(account);
  await input(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/pages/tabbar/home');
}

describe('passwords', () => {
  it('resets a forgotten password with the emailed code, then changes it in the security centre', async () => {
    await register();
    const { context, page } = await j.newPage({ locale: 'en-US' });
    try {
      await page.goto('/');
      await page.evaluate(() => localStorage.setItem('lang', '"en-US"'));
      await page.goto('/pages/account/login');
      await page.getByTestId('login-to-find-password').click();
      await page.waitForURL('**/pages/common/findPasswd');
      await input(page, 'find-account').fill(account);
      const before = await j.outboxCode(account);
      await page.getByTestId('send-code').click();
      await expect.poll(() => j.outboxCode(account), { timeout: 10_000 }).not.toBe(before);
      await input(page, 'find-code').fill(await j.outboxCode(account));
      await input(page, 'find-password').fill('Estate2026');
      await input(page, 'find-confirm-password').fill('Estate2026');
      await page.getByTestId('find-submit').click();
      await page.waitForURL('**/pages/account/login');
      expect((await j.api('POST', '/user/login', { account, password: 'Primavera1' })).code).toBe(-1001);

      await signIn(page, 'Estate2026');
      await page.goto('/pages/user/security');
      await page.getByTestId('security-login-password').click();
      await page.waitForURL('**/pages/user/loginPassword');
      await input(page, 'password-old').fill('NotMyPassword');
      await input(page, 'password-new').fill('Autunno2026');
      await input(page, 'password-confirm').fill('Autunno2026');
      await page.getByTestId('password-submit').click();
      await page
        .getByText(/current password/i)
        .first()
        .waitFor();
      expect((await j.api('POST', '/user/login', { account, password: 'Autunno2026' })).code).toBe(-1001);

      await input(page, 'password-old').fill('Estate2026');
      await page.getByTestId('password-submit').click();
      await page.waitForURL('**/pages/user/security');
      expect((await j.api('POST', '/user/login', { account, password: 'Autunno2026' })).code).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('after three wrong passwords the browser proves it is no program, and the right one then signs in', async () => {
    const other = 'marco.rossi@example.it';
    await j.api('POST', '/common/code/send', { account: other, scene: 'register', areaCode: '+39' });
    const registered = await j.api('POST', '/user/register', {
      account: other,
      password: 'Inverno2026',
      confirmPassword: 'Inverno2026',
      code: await j.outboxCode(other),
      areaCode: '+39',
      agree: '1',
    });
    expect(registered.code).toBe(0);
    const { context, page } = await j.newPage();
    try {
      await page.goto('/pages/account/login');
      await input(page, 'login-account').fill(other);
      for (let i = 0; i < 3; i++) {
        await input(page, 'login-password').fill('Sbagliata1');
        await page.getByTestId('login-submit').click();
        await page.getByText('Account o password errati').first().waitFor();
      }
      // The third failure asks for the captcha: the browser solves the challenge by itself.
      await shown(page, 'Verifica completata: puoi accedere').waitFor({ timeout: 30_000 });
      await input(page, 'login-password').fill('Inverno2026');
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/pages/tabbar/home');
    } finally {
      await context.close();
    }
  });
});
