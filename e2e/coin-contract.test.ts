import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

/*
 * The demo investor (appropriateness: informed, high risk) moves USDT from spot to the contract account,
 * opens a 2:1 long on ETH at market with the risk warning shown, watches the simulated price move its mark
 * and P&L, closes it and finds it in the history, then places a limit long far under the market and cancels
 * it; once in Italian, once in English.
 */

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney('coin-contract');
});
afterAll(async () => {
  await journey?.close();
});

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).first().textContent()) ?? '';

async function signIn(page: Page, lang: 'it-IT' | 'en-US') {
  await page.goto('/pages/account/login');
  await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
  await page.reload();
  await input(page, 'login-account').fill('demo@piazza.it');
  await input(page, 'login-password').fill('Piazza2026');
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/pages/tabbar/home');
}

const copy = {
  'it-IT': {
    warning: 'Avvertenza sul rischio',
    cap: 'fino a 2:1',
    transferred: 'Trasferimento eseguito',
    opened: 'Posizione aperta',
    confirm: 'Chiudi',
    closed: 'Chiusa · da te',
    noPositions: 'Nessuna posizione aperta',
    placed: 'Ordine limite inserito',
    waiting: 'In attesa a 1.000,00',
    cancelOrder: 'Annulla ordine',
    cancelled: 'Annullato · da te',
  },
  'en-US': {
    warning: 'Risk warning',
    cap: 'up to 2:1',
    transferred: 'Transfer done',
    opened: 'Position opened',
    confirm: 'Close',
    closed: 'Closed · by you',
    noPositions: 'No open positions',
    placed: 'Limit order placed',
    waiting: 'Waiting at 1,000.00',
    cancelOrder: 'Cancel order',
    cancelled: 'Cancelled · by you',
  },
} as const;

async function longEthAndClose(page: Page, lang: 'it-IT' | 'en-US') {
  const words = copy[lang];
  await signIn(page, lang);
  await page.goto('/pages/coin/trade?tab=contract&symbol=ETHUSDT');
  await page.getByTestId('contract-ticket').waitFor();
  expect(await text(page, 'contract-risk-warning')).toContain(words.warning);
  expect(await page.getByText(words.cap).count()).toBe(1);
  // Only 1:1 and 2:1 on offer for a retail client.
  expect(await page.getByTestId('contract-leverage-1').count()).toBe(1);
  expect(await page.getByTestId('contract-leverage-2').count()).toBe(1);
  expect(await page.getByTestId('contract-leverage-3').count()).toBe(0);

  // One tap moves 1,000 USDT from spot to the contract account.
  const before = await text(page, 'contract-available');
  await page.getByTestId('contract-transfer').click();
  await page.getByTestId('contract-transfer-in').click();
  await input(page, 'contract-transfer-amount').fill('1000');
  await page.getByTestId('contract-transfer-send').click();
  await page.getByText(words.transferred).first().waitFor();
  await expect.poll(() => text(page, 'contract-available')).not.toBe(before);

  await page.getByTestId('contract-side-long').click();
  await page.getByTestId('contract-leverage-2').click();
  await input(page, 'contract-margin').fill('500');
  await expect.poll(() => text(page, 'contract-liquidation')).toMatch(/\d.*USDT/);
  await expect.poll(() => text(page, 'contract-size')).toMatch(/0[.,]\d+ ETH/);
  await page.screenshot({ path: `/tmp/h5/contract-ticket-${lang}.png`, fullPage: true });
  await page.getByTestId('contract-open').click();
  await page.getByText(words.opened).first().waitFor();

  const position = page.locator('[data-testid^="contract-position-"]').first();
  await position.waitFor();
  expect(await position.getByTestId('contract-position-margin').textContent()).toMatch(/^500[,.]00 USDT$/);
  expect(await position.getByTestId('contract-position-liquidation').textContent()).toMatch(/\d/);
  // The simulated ETH price moves: the mark the server values the position at changes within seconds.
  const firstMark = await position.getByTestId('contract-position-mark').textContent();
  await expect
    .poll(() => position.getByTestId('contract-position-mark').textContent(), {
      timeout: 30_000,
      interval: 1000,
    })
    .not.toBe(firstMark);
  // The first live mark may still be the entry price (a P&L of 0.00, unsigned): a signed P&L follows the next move.
  await expect
    .poll(() => position.getByTestId('contract-position-pnl').textContent(), {
      timeout: 30_000,
      interval: 1000,
    })
    .toMatch(/^[+-]\d/);
  await page.screenshot({ path: `/tmp/h5/contract-position-${lang}.png`, fullPage: true });

  await position.getByTestId('contract-close').click();
  await page.locator('.adm-dialog-button').filter({ hasText: words.confirm }).click();
  await page.getByTestId('contract-positions').getByText(words.noPositions).waitFor();
  const history = page.locator('[data-testid^="contract-history-"]').first();
  await history.waitFor();
  expect(await history.getByTestId('contract-history-state').textContent()).toBe(words.closed);
  expect(await history.getByTestId('contract-history-pnl').textContent()).toMatch(/^[+-]\d/);
  await page.screenshot({ path: `/tmp/h5/contract-history-${lang}.png`, fullPage: true });

  // A limit long at 1,000.00, far under ETH: it waits, then is cancelled and everything it froze returns.
  const available = await text(page, 'contract-available');
  await page.getByTestId('contract-type-limit').click();
  await input(page, 'contract-limit-price').fill('1000');
  await input(page, 'contract-margin').fill('100');
  await expect.poll(() => text(page, 'contract-size')).toBe(lang === 'it-IT' ? '0,2000 ETH' : '0.2000 ETH');
  await page.getByTestId('contract-open').click();
  await page.getByText(words.placed).first().waitFor();
  const pending = page.getByTestId('contract-position-pending');
  await pending.waitFor();
  expect(await pending.textContent()).toBe(words.waiting);
  await expect.poll(() => text(page, 'contract-available')).not.toBe(available);
  await page.screenshot({ path: `/tmp/h5/contract-pending-${lang}.png`, fullPage: true });
  await page.getByTestId('contract-cancel').click();
  await page.locator('.adm-dialog-button').filter({ hasText: words.cancelOrder }).click();
  await page.getByTestId('contract-positions').getByText(words.noPositions).waitFor();
  await expect.poll(() => text(page, 'contract-history-state')).toBe(words.cancelled);
  await expect.poll(() => text(page, 'contract-available')).toBe(available);
}

describe('perpetual contracts on ETH', () => {
  it('transfers, opens a 2:1 long, watches it move, closes it and finds it in the history (Italian)', async () => {
    const { context, page } = await journey.newPage();
    try {
      await longEthAndClose(page, 'it-IT');
    } finally {
      await context.close();
    }
  });

  it('the same in English', async () => {
    const { context, page } = await journey.newPage({ locale: 'en-US' });
    try {
      await longEthAndClose(page, 'en-US');
    } finally {
      await context.close();
    }
  });
});
