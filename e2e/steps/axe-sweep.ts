import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from '../harness';
import { audit, guestRoutes, investorRoutesPart } from './axe';
import { type Lang, signInDemo } from './session';

/*
 * The sweep of issue 21: each investor route, signed in as the demo investor at 390×844, in both languages,
 * has no serious or critical violation of WCAG 2.1 A/AA as axe-core measures them. A file runs one slice of
 * the routes on a server of its own, so the slices run side by side; the first also checks the guest pages.
 */
export function investorSweep(name: string, part: number, parts: number): void {
  let j: Journey;
  beforeAll(async () => {
    // A Monday at 10:30 in Milan: the markets are open, prices move.
    j = await startJourney(name, { DEMO_CLOCK_START: '2026-11-23T10:30:00+01:00' });
  });
  afterAll(() => j?.close());

  const routes = investorRoutesPart(part, parts);
  for (const lang of ['it-IT', 'en-US'] as const satisfies readonly Lang[]) {
    describe(`in ${lang}`, () => {
      let context: BrowserContext | undefined;
      let page: Page;
      beforeAll(async () => {
        ({ context, page } = await j.newPage());
        await page.goto('/pages/account/login');
        await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
      });
      afterAll(() => context?.close());

      if (part === 0) {
        it.each(guestRoutes)('signed out, %s has no serious or critical violation', async (route) => {
          expect(await audit(page, route)).toEqual([]);
        });
      }

      it('signs the demo investor in', async () => {
        await signInDemo(page, lang);
      });

      it.each(routes)('%s has no serious or critical violation', async (route) => {
        expect(await audit(page, route)).toEqual([]);
      });
    });
  }
}
