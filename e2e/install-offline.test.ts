import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { type Lang, shot, text } from './steps/session';

/*
 * Issue 15 items 6 and 7 in a browser (decision 040): the app, loaded once with its service worker, opens again
 * with the network cut and says itself that it is offline (not the browser's error page); the download pages
 * explain the installation on each system in both languages; the regulatory page claims nothing until the
 * operator configures it, then shows what the operator set, in the reader's language.
 */

let j: Journey;
beforeAll(async () => {
  j = await startJourney('install-offline');
});
afterAll(() => j?.close());

async function inLanguage(page: Page, lang: Lang, path: string) {
  await page.goto(path);
  await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
  await page.reload();
}

describe('the installable app', () => {
  it('opens offline with its own shell and offline banner, once loaded (Italian, then English)', async () => {
    for (const lang of ['it-IT', 'en-US'] as const) {
      const { context, page } = await j.newPage({ locale: lang, serviceWorker: true });
      try {
        await inLanguage(page, lang, '/pages/common/download');
        await page.getByTestId('download-intro').waitFor();
        // The worker has cached the shell and controls the page.
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          if (!navigator.serviceWorker.controller) {
            await new Promise((resolve) =>
              navigator.serviceWorker.addEventListener('controllerchange', resolve),
            );
          }
        });
        // And holds every build file the page loaded (its page chunk, the language's catalogue).
        await page.waitForFunction(
          async () => {
            const files = performance
              .getEntriesByType('resource')
              .map((entry) => entry.name)
              .filter((name) => new URL(name).pathname.startsWith('/assets/'));
            for (const file of files) if (!(await caches.match(file))) return false;
            return files.length > 0;
          },
          undefined,
          { polling: 250 },
        );
        expect(await page.getByTestId('offline-banner').count()).toBe(0);

        await context.setOffline(true);
        // The page's own requests fail now: the app cannot reach its server.
        const reachable = await page.evaluate(() =>
          fetch('/ipcg-api/index/regulatory').then(
            () => true,
            () => false,
          ),
        );
        expect(reachable).toBe(false);
        const reload = await page.reload();
        expect(reload?.fromServiceWorker()).toBe(true);
        await page.getByTestId('offline-banner').waitFor();
        expect(await text(page, 'offline-banner')).toContain(
          lang === 'it-IT' ? 'Sei offline.' : 'You are offline.',
        );
        // The app's own page, routed by the app from the cached shell.
        await page.getByTestId('download-intro').waitFor();
        expect(await page.locator('h1').first().textContent()).toBe(
          lang === 'it-IT' ? 'Scarica l’app' : 'Get the app',
        );
        // Another page of the app too: the shell routes any address.
        await page.goto('/pages/common/iosAPP');
        await page.getByTestId('ios-steps').waitFor();
        await shot(page, `install-offline-${lang}`);

        await context.setOffline(false);
        await page.reload();
        await page.getByTestId('ios-steps').waitFor();
        expect(await page.getByTestId('offline-banner').count()).toBe(0);
      } finally {
        await context.close();
      }
    }
  });

  it('explains the installation on Android and on iPhone in both languages', async () => {
    const texts = {
      'it-IT': {
        android: 'Scegli «Installa app»',
        ios: 'Aggiungi alla schermata Home',
        push: 'Accedi per attivare',
      },
      'en-US': { android: 'Choose “Install app”', ios: 'Add to Home Screen', push: 'Sign in to turn on' },
    };
    for (const lang of ['it-IT', 'en-US'] as const) {
      const { context, page } = await j.newPage({ locale: lang });
      try {
        await inLanguage(page, lang, '/pages/common/download');
        await page.getByTestId('download-intro').waitFor();
        expect(await text(page, 'push-card')).toContain(texts[lang].push);
        await shot(page, `download-${lang}`);
        await page.getByTestId('download-android').click();
        await page.waitForURL('**/pages/common/androidAPP');
        expect(await text(page, 'android-steps')).toContain(texts[lang].android);
        await shot(page, `install-android-${lang}`);
        await page.goto('/pages/common/iosAPP');
        expect(await text(page, 'ios-steps')).toContain(texts[lang].ios);
        await shot(page, `install-ios-${lang}`);
      } finally {
        await context.close();
      }
    }
  });
});

describe('the regulatory page', () => {
  it('claims nothing until the operator configures it, then shows what was set in each language', async () => {
    const { context, page } = await j.newPage({ locale: 'it-IT' });
    try {
      await inLanguage(page, 'it-IT', '/pages/stock/regulatory');
      expect(await text(page, 'regulatory-none')).toContain('non dichiara alcuna autorizzazione');
      expect(await page.getByTestId('regulatory-info').count()).toBe(0);

      const login = await j.api<{ token: string }>('POST', '/admin/login', {
        email: 'admin@piazza.local',
        password: 'Piazza-Admin-2026',
      });
      const saved = await j.api(
        'POST',
        '/admin/regulatory/save',
        {
          legalName: 'Piazza Investimenti S.p.A.',
          registrationNumber: 'MI-2659123',
          regulatorIt: 'Commissione Nazionale per le Società e la Borsa (CONSOB)',
          regulatorEn: 'Italian Companies and Exchange Commission (CONSOB)',
          authorisationNumber: 'SIM 312',
          link1Url: 'https://www.consob.it/web/area-pubblica/albo-sim',
          link1LabelIt: 'Albo delle SIM',
          link1LabelEn: 'Register of investment firms',
        },
        login.data.token,
      );
      expect(saved.code, saved.msg).toBe(0);

      await page.reload();
      await page.getByTestId('regulatory-info').waitFor();
      expect(await text(page, 'regulatory-legal-name')).toBe('Piazza Investimenti S.p.A.');
      expect(await text(page, 'regulatory-registration')).toBe('MI-2659123');
      expect(await text(page, 'regulatory-regulator')).toBe(
        'Commissione Nazionale per le Società e la Borsa (CONSOB)',
      );
      expect(await text(page, 'regulatory-authorisation')).toBe('SIM 312');
      expect(await text(page, 'regulatory-link')).toBe('Albo delle SIM');
      await shot(page, 'regulatory-it-IT');

      await inLanguage(page, 'en-US', '/pages/stock/regulatory');
      await page.getByTestId('regulatory-info').waitFor();
      expect(await text(page, 'regulatory-regulator')).toBe(
        'Italian Companies and Exchange Commission (CONSOB)',
      );
      const link = page.getByTestId('regulatory-link');
      expect(await link.textContent()).toBe('Register of investment firms');
      expect(await link.getAttribute('href')).toBe('https://www.consob.it/web/area-pubblica/albo-sim');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      await shot(page, 'regulatory-en-US');
    } finally {
      await context.close();
    }
  });
});
