import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startJourney } from './harness';
import { balances, input, type Lang, shot, signInDemo, text } from './steps/session';

/*
 * Issue 7 as its "done when" words it, on a phone-sized Chromium: the demo investor (10,000 USDT) buys bitcoin
 * at market, opens a 2:1 long on ETH, watches the simulated price move its mark and P&L, closes it, and finds
 * both in the crypto records (/pages/coin/assetsRecord). Once in Italian and once in English, each on a server
 * of its own, on a Saturday: Borsa Italiana is shut, crypto is not.
 * Runs on PGlite, and on PostgreSQL when E2E_DATABASE_URL is set (see e2e/harness.ts).
 */

const saturday = '2026-11-21T12:00:00+01:00';

const words = {
  'it-IT': {
    quantity: '0,01',
    filled: 'In posizione',
    transferred: 'Trasferimento eseguito',
    opened: 'Posizione aperta',
    close: 'Chiudi',
    closed: 'Chiusa · da te',
    noPositions: 'Nessuna posizione aperta',
    btc: '0,01 BTC',
    billBtc: '+0,01 BTC',
  },
  'en-US': {
    quantity: '0.01',
    filled: 'Position',
    transferred: 'Transfer done',
    opened: 'Position opened',
    close: 'Close',
    closed: 'Closed · by you',
    noPositions: 'No open positions',
    btc: '0.01 BTC',
    billBtc: '+0.01 BTC',
  },
} as const;

/** 0.01 BTC at market from the BTCUSDT K-line page, filled whole. */
async function buyBitcoin(page: Page, lang: Lang) {
  const w = words[lang];
  await page.goto('/pages/coin/coinKline?symbol=BTCUSDT');
  await page.getByTestId('kline-trade').click();
  await page.waitForURL('**/pages/coin/trade?tab=spot&symbol=BTCUSDT');
  await page.getByTestId('coin-ticket').waitFor();
  await input(page, 'coin-quantity').fill(w.quantity);
  await expect.poll(() => text(page, 'coin-fee')).toMatch(/\d[.,]\d{2,6} USDT$/);
  await expect.poll(() => page.getByTestId('coin-review').isDisabled()).toBe(false);
  await shot(page, `issue7-${lang}-1-spot-ticket`);
  await page.getByTestId('coin-review').click();
  await page.getByTestId('coin-send').click();
  await page.getByTestId('coin-ticket').waitFor();
  await page.getByTestId('coin-orders-history').click();
  await expect.poll(() => text(page, 'coin-order-state'), { timeout: 10_000 }).toBe(w.filled);
  await shot(page, `issue7-${lang}-2-spot-filled`);
}

/** Moves 1,000 USDT to the contract account, opens a 2:1 long on ETH with 500 USDT, watches it move, closes it. */
async function longEthWatchClose(page: Page, lang: Lang) {
  const w = words[lang];
  await page.goto('/pages/coin/trade?tab=contract&symbol=ETHUSDT');
  await page.getByTestId('contract-ticket').waitFor();
  const before = await text(page, 'contract-available');
  await page.getByTestId('contract-transfer').click();
  await page.getByTestId('contract-transfer-in').click();
  await input(page, 'contract-transfer-amount').fill('1000');
  await page.getByTestId('contract-transfer-send').click();
  await page.getByText(w.transferred).first().waitFor();
  await expect.poll(() => text(page, 'contract-available')).not.toBe(before);

  await page.getByTestId('contract-side-long').click();
  await page.getByTestId('contract-leverage-2').click();
  await input(page, 'contract-margin').fill('500');
  await expect.poll(() => text(page, 'contract-size')).toMatch(/0[.,]\d+ ETH/);
  await shot(page, `issue7-${lang}-3-contract-ticket`);
  await page.getByTestId('contract-open').click();
  await page.getByText(w.opened).first().waitFor();

  const position = page.locator('[data-testid^="contract-position-"]').first();
  await position.waitFor();
  expect(await position.getByTestId('contract-position-margin').textContent()).toMatch(/^500[,.]00 USDT$/);
  // The simulator moves ETH: within seconds the page shows another mark and the P&L that goes with it.
  const mark = position.getByTestId('contract-position-mark');
  const pnl = position.getByTestId('contract-position-pnl');
  const firstMark = await mark.textContent();
  const firstPnl = await pnl.textContent();
  await expect.poll(() => mark.textContent(), { timeout: 30_000, interval: 1000 }).not.toBe(firstMark);
  await expect.poll(() => pnl.textContent(), { timeout: 30_000, interval: 1000 }).not.toBe(firstPnl);
  expect(await pnl.textContent()).toMatch(/^[+-]\d/);
  await shot(page, `issue7-${lang}-4-contract-moved`);

  await position.getByTestId('contract-close').click();
  await page.locator('.adm-dialog-button').filter({ hasText: w.close }).click();
  await page.getByTestId('contract-positions').getByText(w.noPositions).waitFor();
  const history = page.locator('[data-testid^="contract-history-"]').first();
  await history.waitFor();
  expect(await history.getByTestId('contract-history-state').textContent()).toBe(w.closed);
  expect(await history.getByTestId('contract-history-pnl').textContent()).toMatch(/^[+-]\d/);
  await shot(page, `issue7-${lang}-5-contract-history`);
}

/** The crypto records: the bitcoin held and bought, the ETH long opened and closed in USDT. */
async function records(page: Page, lang: Lang) {
  await page.goto('/pages/coin/assetsRecord');
  const btc = page.getByTestId('coin-asset-BTC');
  await btc.waitFor();
  expect(await btc.getByTestId('coin-asset-spot').textContent()).toBe(words[lang].btc);
  await page.getByTestId('bills-asset-BTC').click();
  await page.getByTestId('bill-row-spot_buy').first().waitFor();
  // A bill shows the ledger's eight decimals of bitcoin.
  const bought = page.getByTestId('bill-row-spot_buy').first().getByTestId('bill-amount');
  expect(await bought.textContent()).toBe(words[lang].billBtc);
  await shot(page, `issue7-${lang}-6-records-btc`);
  await page.getByTestId('bills-asset-USDT').click();
  await page.getByTestId('bill-row-contract_open').first().waitFor();
  await shot(page, `issue7-${lang}-7-records-usdt`);
  // Opening moved the 500 USDT margin from the contract account into frozen: one bill on each side.
  const opened = await page
    .getByTestId('bill-row-contract_open')
    .getByTestId('bill-amount')
    .allTextContents();
  expect(opened.sort()).toEqual(
    lang === 'it-IT' ? ['+500,00 USDT', '-500,00 USDT'] : ['+500.00 USDT', '-500.00 USDT'],
  );
  // Closing gave it back with the P&L: the margin leaves frozen, the proceeds reach the contract account.
  expect(await page.getByTestId('bill-row-contract_close').count()).toBeGreaterThanOrEqual(2);
}

async function theDay(lang: Lang) {
  const journey = await startJourney(`issue7-${lang}`, { DEMO_CLOCK_START: saturday });
  try {
    const { context, page } = await journey.newPage({ locale: lang });
    try {
      const token = await signInDemo(page, lang);
      expect((await balances(journey, token))['spot:USDT']).toBe('10000.000000');
      await buyBitcoin(page, lang);
      const afterBuy = await balances(journey, token);
      expect(afterBuy['spot:BTC']).toBe('0.01000000');
      await longEthWatchClose(page, lang);
      await records(page, lang);

      // Closed, the contract account holds the 1,000 USDT moved in plus the P&L less both fees; nothing else.
      const end = await balances(journey, token);
      expect(end['spot:BTC']).toBe('0.01000000');
      // Compared in micro-USDT (USDT's six places), never as floating-point numbers.
      const micro = (text: string | undefined) => BigInt((text ?? '').replace('.', ''));
      expect(micro(end['spot:USDT'])).toBe(micro(afterBuy['spot:USDT']) - 1_000_000_000n);
      const contract = Number(end['contract:USDT']);
      expect(contract).toBeGreaterThan(900);
      expect(contract).toBeLessThan(1100);
    } finally {
      await context.close();
    }
  } finally {
    await journey.close();
  }
}

describe('issue 7: bitcoin and a 2:1 ETH long from a phone', () => {
  it('buys BTC, opens a 2:1 long on ETH, watches it move, closes it, finds both in the records (Italian)', async () => {
    await theDay('it-IT');
  });

  it('the same in English', async () => {
    await theDay('en-US');
  });
});
