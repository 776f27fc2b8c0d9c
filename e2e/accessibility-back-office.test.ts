import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { audit, backOfficeRoutes } from './steps/axe';

/*
 * Issue 21: every back-office screen (from its route files, a record's screen opened at id 1), signed in as the
 * admin operator at a desktop size, in both languages, has no serious or critical axe violation; the sign-in
 * screen is checked signed out.
 */

let j: Journey;
beforeAll(async () => {
  j = await startJourney('accessibility-back-office');
});
afterAll(() => j?.close());

for (const lang of ['it-IT', 'en-US'] as const) {
  describe(`the back office in ${lang}`, () => {
    let context: BrowserContext | undefined;
    let office: Page;
    beforeAll(async () => {
      context = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: j.baseUrl });
      office = await context.newPage();
      await office.goto('/admin/');
      await office.evaluate((l) => localStorage.setItem('adminLang', l), lang);
    });
    afterAll(() => context?.close());

    it('signed out, the sign-in screen has no serious or critical violation', async () => {
      expect(await audit(office, '/admin/')).toEqual([]);
      await office.getByTestId('login-email').fill('admin@piazza.local');
      await office.getByTestId('login-password').fill('Piazza-Admin-2026');
      await office.getByTestId('login-submit').click();
      await office.getByTestId('login-submit').waitFor({ state: 'detached' });
    });

    it.each(backOfficeRoutes())('%s has no serious or critical violation', async (route) => {
      expect(await audit(office, route)).toEqual([]);
    });
  });
}
