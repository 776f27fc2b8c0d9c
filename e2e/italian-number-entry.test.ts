import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { input, type Lang, shot, signInDemo, text } from './steps/session';

/*
 * Issue 17, items 5–7, on a phone-sized Chromium (decision 044): the demo investor types a deposit as Italians
 * write it ("5.000,00") and five thousand euro is what reaches the server; a figure under the channel's
 * minimum is refused with the minimum written the Italian way, by the form and by the server; the share
 * ticket prefills its limit price as the language writes it ("20,902", never "20.902", which reads as twenty
 * thousand in Italian) and counts shares by the language's plural rules. The same in English.
 */

// Monday 23 November 2026, 10:30 in Milan: Borsa Italiana is in session.
const inSession = '2026-11-23T10:30:00+01:00';

let j: Journey;
beforeAll(async () => {
  j = await startJourney('italian-number-entry', { DEMO_CLOCK_START: inSession });
});
afterAll(() => j?.close());

interface Channel {
  id: number;
  kind: string;
  minAmount: string;
  maxAmount: string;
}

async function bankChannel(): Promise<Channel> {
  const res = await j.api<{ list: Channel[] }>('GET', '/index/bank/recharge');
  const channel = res.data.list.find((c) => c.kind === 'bank');
  if (!channel) throw new Error('no bank channel');
  return channel;
}

/** A wire amount under a thousand as each language writes it: '10.00' → '10,00' in Italian. */
const written = (wire: string, lang: Lang) => (lang === 'it-IT' ? wire.replace('.', ',') : wire);

async function openDeposit(page: Page) {
  await page.goto('/pages/tabbar/home');
  await page.getByTestId('drawer-open').click();
  await page.getByTestId('drawer-deposit').click();
  await page.waitForURL('**/pages/recharge/offlineRecharge');
  await page.getByTestId('deposit-form').waitFor();
}

const cases = {
  'it-IT': { typed: '5.000,00', shown: '5.000,00', tooSmall: '1,00', minimum: 'L’importo minimo è' },
  'en-US': { typed: '5,000.00', shown: '5,000.00', tooSmall: '1.00', minimum: 'The minimum amount is' },
} as const;

describe('numbers typed and shown as the language writes them', () => {
  for (const lang of ['it-IT', 'en-US'] as const) {
    const c = cases[lang];

    it(`deposits ${c.typed} as five thousand euro, refusing too little with the minimum written (${lang})`, async () => {
      const channel = await bankChannel();
      const { context, page } = await j.newPage({ locale: lang });
      try {
        const token = await signInDemo(page, lang);
        await openDeposit(page);

        // Under the minimum: the form names the minimum as the language writes it.
        await input(page, 'deposit-amount').fill(c.tooSmall);
        await input(page, 'deposit-utr').fill(`UTR-${lang}`);
        await page.getByTestId('deposit-submit').click();
        const minimum = `${c.minimum} ${written(channel.minAmount, lang)}`;
        await expect.poll(() => page.getByTestId('deposit-form').textContent()).toContain(minimum);

        // Five thousand, typed with the language's thousands and decimal marks.
        await input(page, 'deposit-amount').fill(c.typed);
        await shot(page, `issue17-deposit-${lang}`);
        await page.getByTestId('deposit-submit').click();
        await page.waitForURL('**/pages/recharge/rechargeCheck?id=*');
        await expect.poll(() => text(page, 'deposit-detail')).toContain(c.shown);
        const records = await j.api<{ list: { amount: string; utr: string | null }[] }>(
          'GET',
          '/user/recharge/order',
          {},
          token,
        );
        expect(records.data.list.find((d) => d.utr === `UTR-${lang}`)?.amount).toBe('5000.00');

        // The server's own refusal writes its figure the same way, in the reader's language.
        const refused = await fetch(`${j.baseUrl}/ipcg-api/user/recharge/bank/request`, {
          method: 'POST',
          headers: {
            'accept-language': lang,
            'access-token': token,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({
            channelId: String(channel.id),
            amount: '1.00',
            utr: 'UTR-too-small',
            requestId: crypto.randomUUID().replaceAll('-', ''),
          }).toString(),
        });
        const body = (await refused.json()) as { code: number; msg: string };
        expect(body.code).toBe(-1001);
        expect(body.msg).toContain(`${written(channel.minAmount, lang)} EUR`);
      } finally {
        await context.close();
      }
    });

    it(`prefills the share ticket's limit price as the language writes it (${lang})`, async () => {
      const info = await j.api<{ last: string; priceScale: number; lotSize: string }>('GET', '/stock/info', {
        symbol: 'ENI.MI',
      });
      const { context, page } = await j.newPage({ locale: lang });
      try {
        await signInDemo(page, lang);
        await page.goto('/pages/tabbar/trade?symbol=ENI.MI');
        await page.getByTestId('trade-ticket').waitFor();
        await page.getByTestId('trade-type-limit').click();
        const prefilled = await input(page, 'trade-limit-price').inputValue();
        // "20.902" in Italian would be twenty thousand: the prefill carries the language's decimal mark, with
        // the price's places, at the last price (which moves on between the read above and the page's).
        const mark = lang === 'it-IT' ? ',' : '.';
        expect(prefilled).toMatch(new RegExp(`^\\d{1,3}\\${mark}\\d{${info.data.priceScale}}$`));
        const read = Number(prefilled.replace(',', '.'));
        expect(Math.abs(read - Number(info.data.last))).toBeLessThan(Number(info.data.last) * 0.05);
        // On the tick grid, and the tick itself written as the language writes it ("Multiplo di 0,002").
        expect(await text(page, 'trade-limit-hint')).toMatch(
          lang === 'it-IT' ? /^Multiplo di 0,\d+$/ : /^A multiple of 0\.\d+$/,
        );
        await shot(page, `issue17-limit-${lang}`);

        // Mixed marks are refused with the reason, not guessed at.
        await input(page, 'trade-limit-price').fill(lang === 'it-IT' ? '1,000.50' : '1.000,50');
        await expect.poll(() => text(page, 'trade-limit-price-problem')).not.toBe('');
        expect(await page.getByTestId('trade-review').isDisabled()).toBe(true);

        // One lot of shares, counted by the language's plural rules in the review.
        await input(page, 'trade-limit-price').fill(prefilled);
        await page.getByTestId('trade-review').click();
        const summary = await text(page, 'trade-summary');
        const one = Number(info.data.lotSize) === 1;
        const word = lang === 'it-IT' ? (one ? 'azione' : 'azioni') : one ? 'share' : 'shares';
        // "Compra 1 azione ENI.MI · Limite · Prezzo limite 28,180": the order type, then the price as typed.
        const limit = lang === 'it-IT' ? 'Limite · Prezzo limite' : 'Limit · Limit price';
        expect(summary).toContain(` ${word} ENI.MI · ${limit} ${prefilled}`);
      } finally {
        await context.close();
      }
    });
  }
});
