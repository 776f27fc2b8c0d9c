import type { Page } from 'playwright-core';
import type { Journey } from '../harness';

/*
 * Steps every journey of an investor repeats: signing the demo investor in a language, reading a field by its
 * test id, a screenshot when E2E_SHOTS names a directory, and the investor's balances as the ledger holds them.
 */

export type Lang = 'it-IT' | 'en-US';

/** The antd-mobile input inside the element with this test id. */
export const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

/** The text of the first element with this test id ('' when it has none). */
export const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).first().textContent()) ?? '';

/**
 * Text shown on the page, toasts included, leaving out the shell's live region that repeats each toast for screen
 * readers 50 ms later (shared/ui/live-region.tsx): otherwise a toast's text is on the page twice.
 */
export const shown = (page: Page, words: string | RegExp) =>
  page.getByText(words).and(page.locator(':not([data-testid="toast-announcer"])'));

/** A full-page screenshot into E2E_SHOTS (nothing when unset): `<name>.png`. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Signs the demo investor in with the app in `lang`; answers the session token for api calls. */
export async function signInDemo(page: Page, lang: Lang): Promise<string> {
  await page.goto('/pages/account/login');
  await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
  await page.reload();
  await input(page, 'login-account').fill('demo@piazza.it');
  await input(page, 'login-password').fill('Piazza2026');
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/pages/tabbar/home');
  return page.evaluate(() => JSON.parse(localStorage.getItem('userToken') ?? '""') as string);
}

export type Balances = Record<string, string>;

/** Every ledger account of the investor as `purpose:asset` → balance, from /user/assets. */
export async function balances(journey: Journey, token: string): Promise<Balances> {
  const res = await journey.api<{ accounts: { purpose: string; asset: string; balance: string }[] }>(
    'POST',
    '/user/assets',
    {},
    token,
  );
  if (res.code !== 0) throw new Error(`/user/assets: ${res.code} ${res.msg}`);
  return Object.fromEntries(res.data.accounts.map((a) => [`${a.purpose}:${a.asset}`, a.balance]));
}
