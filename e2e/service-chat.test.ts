import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { type Lang, shot, signInDemo } from './steps/session';

/*
 * Issue 15 item 5 in a browser, in both languages: the demo investor opens support from the home and writes
 * (markup is shown as text); the operator's inbox, already open, shows the message without a reload; the
 * operator answers and the investor sees it live; a second answer while the investor is on the home shows the
 * unread badge on the Support tile, gone once the chat is read. The inbox keeps a stream open, so nothing here
 * waits for the network to be idle: every wait is for an element.
 */

const desktop = { width: 1280, height: 800 };
let j: Journey;
beforeAll(async () => {
  j = await startJourney('service-chat');
});
afterAll(() => j?.close());

async function inbox(lang: Lang): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await j.browser.newContext({ viewport: desktop, baseURL: j.baseUrl });
  await context.addInitScript((l) => localStorage.setItem('adminLang', l), lang);
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByTestId('login-email').fill('support@piazza.local');
  await page.getByTestId('login-password').fill('Piazza-Support-2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('nav-service').click();
  await page.getByTestId('inbox-list').waitFor();
  return { page, close: () => context.close() };
}

const words = {
  'it-IT': {
    question: 'Buongiorno <img src=x onerror="window.pwned=1"><script>window.pwned=2</script>',
    answer: 'Buongiorno, la aiuto subito.',
    again: 'Ha ricevuto il bonifico?',
    title: 'Assistenza clienti',
  },
  'en-US': {
    question: 'Hello, where is my deposit? <b>urgent</b>',
    answer: 'Hello, let me check.',
    again: 'It has arrived.',
    title: 'Customer service',
  },
} as const;

describe('customer service chat in a browser', () => {
  for (const lang of ['it-IT', 'en-US'] as const) {
    it(`the investor writes, the operator answers live, and the badge counts what is unread (${lang})`, async () => {
      const w = words[lang];
      const office = await inbox(lang);
      const { context, page } = await j.newPage({ locale: lang });
      try {
        await signInDemo(page, lang);
        await page.getByTestId('home-entry-service').click();
        await page.waitForURL('**/pages/common/service');
        await page.getByRole('heading', { name: w.title }).waitFor();
        await page.getByTestId('chat-input').locator('textarea:not([aria-hidden])').fill(w.question);
        await page.getByTestId('chat-send').click();
        const mine = page.locator('[data-testid="chat-message"][data-sender="user"]').last();
        await expect.poll(() => mine.textContent()).toContain(w.question);
        // Shown as text: no element was made of it and nothing ran.
        expect(
          await page.locator('[data-testid="chat"] script, [data-testid="chat"] img[src="x"]').count(),
        ).toBe(0);
        expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
        await shot(page, `service-chat-investor-${lang}`);

        // The inbox, open since before the message, shows it without a reload.
        const row = office.page.locator('[data-testid="inbox-row"]', { hasText: 'demo@piazza.it' });
        await row.getByTestId('inbox-unread').waitFor();
        await row.click();
        await office.page.getByTestId('conversation').waitFor();
        await expect
          .poll(() => office.page.getByTestId('conversation-message').last().textContent())
          .toContain(w.question);
        await office.page.getByTestId('reply-text').fill(w.answer);
        await office.page.getByTestId('reply-send').click();
        await shot(office.page, `service-chat-inbox-${lang}`);

        // The investor, still on the chat, sees the answer arrive.
        const answer = page.locator('[data-testid="chat-message"][data-sender="operator"]', {
          hasText: w.answer,
        });
        await answer.waitFor();

        // On the home, a second answer lights the Support tile's badge; reading the chat clears it.
        await page.goto('/pages/tabbar/home');
        await page.getByTestId('home-entry-service').waitFor();
        expect(await page.getByTestId('service-unread').count()).toBe(0);
        await office.page.getByTestId('reply-text').fill(w.again);
        await office.page.getByTestId('reply-send').click();
        await expect
          .poll(() => page.getByTestId('service-unread').textContent(), { timeout: 45_000 })
          .toContain('1');
        await shot(page, `service-chat-badge-${lang}`);
        await page.getByTestId('home-entry-service').click();
        await page
          .locator('[data-testid="chat-message"][data-sender="operator"]', { hasText: w.again })
          .waitFor();
        await page.goto('/pages/tabbar/home');
        await page.getByTestId('home-entry-service').waitFor();
        await expect.poll(() => page.getByTestId('service-unread').count()).toBe(0);
      } finally {
        await context.close();
        await office.close();
      }
    });
  }
});
