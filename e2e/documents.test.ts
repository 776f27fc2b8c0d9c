import { readFile } from 'node:fs/promises';
import { formatNumber } from '@piazza/core/format-number';
import { formatAmount, parseAmount } from '@piazza/core/money';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { audit } from './steps/axe';
import { balances, type Lang, shot, signInDemo, text } from './steps/session';

/*
 * Issue 19's browser journey for documents (items 4–5), in both languages: the demo investor makes this month's
 * statement on the Documents page, downloads its PDF (a real PDF), and finds its closing balance of the
 * currency account where funds detail shows it — the balance after the newest bill of that account. After
 * €1.000,00 moves to the contract account, the Assets tab shows it free there: no longer withdrawable now,
 * still buying power.
 */

let j: Journey;
beforeAll(async () => {
  j = await startJourney('documents');
});
afterAll(() => j?.close());

const spotLabel: Record<Lang, string> = { 'it-IT': 'Conto valuta', 'en-US': 'Currency account' };

/** The figure of a shown amount: '12.345,67 EUR' → '12.345,67'. */
const figureOf = (shown: string) => /-?[\d.,]+\d/.exec(shown)?.[0] ?? '';

async function newestSpotBalance(page: Page, lang: Lang): Promise<string> {
  await page.goto('/pages/fundsDetail/stockFundsDetail');
  await page.getByTestId('bills-list').waitFor();
  const rows = page.locator('[data-testid^="bill-row-"]');
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    if ((await row.textContent())?.includes(spotLabel[lang]))
      return figureOf((await row.getByTestId('bill-balance').textContent()) ?? '');
  }
  throw new Error('no bill of the currency account in funds detail');
}

describe.each(['it-IT', 'en-US'] as const)('documents in a browser (%s)', (lang) => {
  it('makes this month’s statement, downloads its PDF, and its closing balance is the one funds detail shows', async () => {
    const { context, page } = await j.newPage({ locale: lang });
    try {
      const token = await signInDemo(page, lang);
      await page.goto('/pages/user/documents');
      await page.getByTestId('documents-make').waitFor();
      const period = await page.getByTestId('documents-period').inputValue();
      expect(period).toMatch(/^\d{4}-\d{2}$/);
      await page.getByTestId('documents-make-button').click();
      const row = page.getByTestId(`document-statement-${period}-${lang}`);
      await row.waitFor();
      const closing = figureOf((await row.getByTestId('document-closing-EUR').textContent()) ?? '');
      expect(closing).not.toBe('');
      await shot(page, `documents-list-${lang}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByTestId('document-pdf').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`piazza-statement-${period}.pdf`);
      const bytes = await readFile((await download.path()) as string);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The ledger's balance, the statement's closing balance and funds detail's newest balance agree.
      const ledger = (await balances(j, token))['spot:EUR'] ?? '';
      expect(closing).toBe(formatNumber(ledger, lang, 2));
      expect(await newestSpotBalance(page, lang)).toBe(closing);

      // €1.000,00 moved to the contract account: no longer withdrawable, still buying power, shown as free there.
      const moved = await j.api(
        'GET',
        '/user/transfer',
        {
          from: 'spot',
          to: 'contract',
          asset: 'EUR',
          amount: '1000.00',
          requestId: `doc-${lang}-${Date.now()}`,
        },
        token,
      );
      expect(moved.code, moved.msg).toBe(0);
      const now = await balances(j, token);
      const after = now['spot:EUR'] ?? '';
      await page.goto('/pages/user/assets');
      await page.getByTestId('timeline-EUR-withdrawable').waitFor();
      expect(await text(page, 'timeline-EUR-withdrawable')).toBe(formatNumber(after, lang, 2));
      // The demo investor holds no open contract: all of the contract account is free to buy with.
      const buying = formatAmount(
        (parseAmount(after, 2) ?? 0n) + (parseAmount(now['contract:EUR'] ?? '0', 2) ?? 0n),
        2,
      );
      expect(await text(page, 'timeline-EUR-buying')).toBe(formatNumber(buying, lang, 2));
      await page.getByTestId('timeline-line-available').first().waitFor();
      await page.getByTestId('timeline').scrollIntoViewIfNeeded();
      await shot(page, `documents-timeline-${lang}`);
      await page.getByTestId('timeline-documents').click();
      await page.waitForURL('**/pages/user/documents');
      // Both pages, with their lists filled, have no serious WCAG 2.1 AA violation as axe measures them.
      expect(await audit(page, '/pages/user/documents')).toEqual([]);
      expect(await audit(page, '/pages/user/assets')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
