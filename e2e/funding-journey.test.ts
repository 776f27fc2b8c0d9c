import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { shown } from './steps/session';

/*
 * Money in and out, on a phone (issue 5): a person deposits by bank transfer with a receipt image, an operator
 * approves it and the balance shows; the person binds an IBAN, sets the withdrawal password, withdraws, sees
 * the amount frozen, and the operator pays it; the person exchanges EUR to USD and moves euros to the contract
 * account; funds detail lists every movement by its bill type. Then, in English, a withdrawal the operator
 * rejects comes back with its reason, and a wrong withdrawal password moves nothing.
 *
 * The operator decides in the back office (a desktop-sized page beside the phone). The operator's configuration
 * (a withdrawal rule open at all hours, so the journey does not depend on the hour) and the person's identity
 * verification go through the API: the KYC form and the settings screens have journeys of their own.
 */

let j: Journey;
let operator: string;
beforeAll(async () => {
  j = await startJourney('funding-journey');
  operator = await operatorToken();
  await configureFunding();
});
afterAll(() => j?.close());

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const password = 'Primavera26';
const iban = 'IT51X0300203280000400162854';

interface ApiAnswer<T> {
  code: number;
  msg: string;
  data: T;
}

async function ok<T>(answer: Promise<ApiAnswer<T>>): Promise<T> {
  const res = await answer;
  if (res.code !== 0) throw new Error(`API refused: ${res.code} ${res.msg}`);
  return res.data;
}

async function operatorToken(): Promise<string> {
  const res = await ok(
    j.api<{ token: string }>('POST', '/admin/login', {
      email: 'admin@piazza.local',
      password: 'Piazza-Admin-2026',
    }),
  );
  return res.token;
}

const allWeek = { days: '1,2,3,4,5,6,7', from: '00:00', to: '24:00', active: '1' };

/**
 * The EUR bank withdrawal rule every day at all hours (the default is weekdays 09:00–18:00): 1.00 + 0.5 %.
 * Deposits go through demo mode's bank channel, which is open every day.
 */
async function configureFunding(): Promise<void> {
  await ok(
    j.api(
      'POST',
      '/admin/funding/withdraw/rule/save',
      { method: 'bank', asset: 'EUR', minAmount: '10', feeFixed: '1', feeRateBp: '50', ...allWeek },
      operator,
    ),
  );
}

/** A tiny valid PNG (solid colour) built here, so the upload is checked by its real content. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(token: string, name: string): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(png(32, 20, [40, 90, 200]))], { type: 'image/png' }), name);
  const res = await fetch(`${j.baseUrl}/ipcg-api/common/upload`, {
    method: 'POST',
    headers: { 'access-token': token },
    body,
  });
  const answer = (await res.json()) as ApiAnswer<{ id: string }>;
  if (answer.code !== 0) throw new Error(`upload refused: ${answer.msg}`);
  return answer.data.id;
}

/** An account of its own per attempt: a retried test does not meet the first try's registration. */
const unique = (name: string) => `${name}.${Date.now().toString(36)}@example.it`;

/** Registers a person (identity not verified yet); returns the token and the user's id. */
async function newInvestor(account: string): Promise<{ token: string; user: { id: number } }> {
  await ok(j.api('POST', '/common/code/send', { account, scene: 'register', areaCode: '+39' }));
  const code = await j.outboxCode(account);
  const { token, user } = await ok(
    j.api<{ token: string; user: { id: number } }>('POST', '/user/register', {
      account,
      password,
      confirmPassword: password,
      code,
      areaCode: '+39',
      agree: '1',
    }),
  );
  return { token, user };
}

/** Registers a person, verifies their identity (submission and compliance approval), returns the token. */
async function verifiedInvestor(account: string): Promise<{ token: string }> {
  const { token, user } = await newInvestor(account);
  const frontId = await upload(token, 'fronte.png');
  const backId = await upload(token, 'retro.png');
  await ok(
    j.api(
      'POST',
      '/user/info',
      {
        certType: 'id_card',
        realName: 'Giulia Conti',
        certNo: 'CA12345AB',
        birthday: '1988-04-12',
        address: 'Via Roma 10, 20121 Milano',
        nationality: 'IT',
        validUntil: '2031-04-11',
        purpose: 'investing',
        fundSource: 'salary',
        incomeRange: '20k_50k',
        assetRange: '50k_250k',
        objective: 'growth',
        riskPreference: 'medium',
        experience: 'informed',
        frontId,
        backId,
        privacy: '1',
      },
      token,
    ),
  );
  await ok(j.api('POST', '/admin/kyc/approve', { userId: String(user.id) }, operator));
  return { token };
}

async function signIn(page: Page, account: string, lang: 'it-IT' | 'en-US') {
  await page.goto('/pages/account/login');
  await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
  await page.reload();
  await input(page, 'login-account').fill(account);
  await input(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/pages/tabbar/home');
}

/** The back office, signed in as the admin operator, at a desktop size. */
async function backOffice(): Promise<{ office: Page; close: () => Promise<void> }> {
  const context = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: j.baseUrl });
  const office = await context.newPage();
  await office.goto('/admin/');
  await office.getByTestId('login-email').fill('admin@piazza.local');
  await office.getByTestId('login-password').fill('Piazza-Admin-2026');
  await office.getByTestId('login-submit').click();
  await office.getByTestId('login-submit').waitFor({ state: 'detached' });
  return { office, close: () => context.close() };
}

/** Opens one request of a funding queue (deposits or withdrawals) and takes the decision `button`. */
async function decide(office: Page, queue: 'deposit' | 'withdrawal', id: string, button: string) {
  await office.goto(`/admin/${queue}s`);
  await office.getByTestId(`${queue}-row-${id}`).click();
  await office.getByTestId(button).click();
}

/** A 6-digit password box of the security pages (antd-mobile PasscodeInput behind its own number pad). */
async function fillPin(page: Page, testId: string, pin: string) {
  await page.getByTestId(testId).locator('input').fill(pin, { force: true });
}

async function openDrawerEntry(page: Page, testId: string) {
  await page.goto('/pages/tabbar/home');
  await page.getByTestId('drawer-open').click();
  await page.getByTestId(testId).click();
}

const requestId = () => crypto.randomUUID().replaceAll('-', '');

async function spot(token: string, asset: string, purpose = 'spot'): Promise<string | undefined> {
  const assets = await ok(
    j.api<{ accounts: { purpose: string; asset: string; balance: string }[] }>(
      'POST',
      '/user/assets',
      {},
      token,
    ),
  );
  return assets.accounts.find((a) => a.purpose === purpose && a.asset === asset)?.balance;
}

async function typePin(page: Page, pin: string) {
  await page.getByTestId('withdraw-pin').click();
  await page.keyboard.type(pin);
}

describe('money in and out', () => {
  it('deposits by bank transfer, withdraws to a bound IBAN, exchanges and transfers, in Italian', async () => {
    const account = unique('giulia.conti');
    const { token } = await verifiedInvestor(account);
    const { context, page } = await j.newPage();
    try {
      await signIn(page, account, 'it-IT');

      // The drawer's Deposit: where to pay, each value with Copy, then the amount with a receipt image.
      await openDrawerEntry(page, 'drawer-deposit');
      await page.waitForURL('**/pages/recharge/offlineRecharge');
      await expect
        .poll(() => page.getByTestId('pay-to-iban').textContent())
        .toBe('IT60 X054 2811 1010 0000 0123 456');
      await expect.poll(() => page.getByTestId('pay-to-reference').textContent()).toContain('IN365201820');
      await input(page, 'deposit-amount').fill('1000,00');
      await page
        .getByTestId('deposit-receipt')
        .locator('input[type=file]')
        .setInputFiles({ name: 'ricevuta.png', mimeType: 'image/png', buffer: png(64, 40, [250, 250, 250]) });
      await page.getByTestId('deposit-receipt').locator('img').first().waitFor();
      await page.screenshot({ path: `${j.dataDir}/deposit-it.png`, fullPage: true });
      await page.getByTestId('deposit-submit').click();
      await page.waitForURL('**/pages/recharge/rechargeCheck?id=*');
      const state = page.getByTestId('deposit-detail-state');
      await expect.poll(() => state.textContent()).toBe('In revisione');

      // The operator approves in the back office; the open page hears it over the WebSocket, no refresh.
      const depositId = new URL(page.url()).searchParams.get('id') ?? '';
      const { office, close } = await backOffice();
      try {
        await decide(office, 'deposit', depositId, 'deposit-approve');
        await office.getByTestId('deposit-confirm').click();
        await expect.poll(() => state.textContent(), { timeout: 10_000 }).toBe('Completato');
      } finally {
        await close();
      }
      expect(await spot(token, 'EUR')).toBe('1000.00');

      await page.goto('/pages/user/assets');
      await expect.poll(() => page.getByTestId('assets-spot-EUR').textContent()).toContain('1.000,00');

      // The drawer's Deposit record lists it as completed.
      await openDrawerEntry(page, 'drawer-entry-depositRecord');
      await page.waitForURL('**/pages/recharge/bankRecord');
      await expect.poll(() => page.locator('[data-state="success"]').count()).toBe(1);

      // Bind an IBAN (wallet/addBank).
      await page.goto('/pages/wallet/addBank');
      await input(page, 'addbank-name').fill('Giulia Conti');
      // The form asks what an account of the IBAN's country needs: a Brazilian one the holder's CPF/CNPJ, an
      // Italian one nothing beyond the IBAN (no routing number, no PIX).
      await input(page, 'addbank-iban').fill('BR15 0000 0000 0000 1093 2840 814 P2');
      await page.getByTestId('addbank-taxId').waitFor();
      await input(page, 'addbank-iban').fill(iban);
      await page.getByTestId('addbank-taxId').waitFor({ state: 'detached' });
      expect(await page.getByTestId('addbank-routingNumber').count()).toBe(0);
      await input(page, 'addbank-bankName').fill('Banca di Milano');
      await page.getByTestId('addbank-submit').click();
      await expect
        .poll(async () => (await ok(j.api<{ list: unknown[] }>('GET', '/bank/list', {}, token))).list.length)
        .toBe(1);

      // Withdrawing first asks for the withdrawal password, and leads to where it is set.
      await openDrawerEntry(page, 'drawer-withdraw');
      await page.waitForURL('**/pages/withdraw/bankWithdraw');
      await page.getByTestId('withdraw-guard-pin').waitFor();
      await page.getByTestId('withdraw-guard-to-pin').click();
      await page.waitForURL('**/pages/user/tradePassword?type=withdraw');
      await input(page, 'pin-login-password').fill(password);
      await fillPin(page, 'pin-new', '246810');
      await fillPin(page, 'pin-confirm', '246810');
      await page.getByTestId('pin-submit').click();
      await page.waitForURL('**/pages/withdraw/bankWithdraw');

      // Withdraw 250.00: the fee (1.00 + 0.5 % = 2.25) and the total are shown before sending.
      await input(page, 'withdraw-amount').fill('250');
      await expect.poll(() => page.getByTestId('withdraw-fee').textContent()).toBe('2,25 EUR');
      await expect.poll(() => page.getByTestId('withdraw-total').textContent()).toBe('252,25 EUR');
      await typePin(page, '246810');
      await page.screenshot({ path: `${j.dataDir}/withdraw-it.png`, fullPage: true });
      await page.getByTestId('withdraw-submit').click();
      await page.waitForURL('**/pages/withdraw/bankRecordDetail?id=*');
      const withdrawalState = page.getByTestId('withdrawal-detail-state');
      await expect.poll(() => withdrawalState.textContent()).toBe('In revisione');
      expect(await spot(token, 'EUR')).toBe('747.75');
      expect(await spot(token, 'EUR', 'frozen')).toBe('252.25');

      // The operator pays it out in the back office; the withdrawal's page shows it done.
      const withdrawalId = new URL(page.url()).searchParams.get('id') ?? '';
      await page.goto('/pages/user/assets');
      await expect.poll(() => page.getByTestId('assets-frozen-EUR').textContent()).toContain('252,25');
      await page.goto(`/pages/withdraw/bankRecordDetail?id=${withdrawalId}`);
      await expect.poll(() => withdrawalState.textContent()).toBe('In revisione');
      const paying = await backOffice();
      try {
        await decide(paying.office, 'withdrawal', withdrawalId, 'withdrawal-pay');
        await paying.office.getByTestId('withdrawal-confirm').click();
        await expect.poll(() => withdrawalState.textContent(), { timeout: 10_000 }).toBe('Completato');
      } finally {
        await paying.close();
      }
      expect(await spot(token, 'EUR', 'frozen')).toBe('0.00');

      // Exchange 100 EUR to USD at a quote, then move 200 EUR to the contract account.
      await page.goto('/pages/exchange/index');
      await input(page, 'exchange-amount').fill('100');
      await page.getByTestId('exchange-quote').click();
      await page.getByTestId('exchange-confirm').click();
      await expect.poll(() => spot(token, 'EUR')).toBe('647.75');
      expect(Number(await spot(token, 'USD'))).toBeGreaterThan(0);

      await page.goto('/pages/exchange/stock');
      await input(page, 'transfer-amount').fill('200');
      await page.getByTestId('transfer-submit').click();
      await expect.poll(() => spot(token, 'EUR')).toBe('447.75');
      expect(await spot(token, 'EUR', 'contract')).toBe('200.00');

      // Funds detail: every movement, each under its bill type.
      await openDrawerEntry(page, 'drawer-entry-fundsDetail');
      await page.waitForURL('**/pages/fundsDetail/stockFundsDetail');
      for (const bill of ['deposit', 'withdrawal_freeze', 'exchange', 'transfer']) {
        await expect
          .poll(() => page.locator(`[data-testid="bill-row-${bill}"]`).count(), { timeout: 10_000 })
          .toBeGreaterThan(0);
      }
      await page.screenshot({ path: `${j.dataDir}/funds-detail-it.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('shows a rejected withdrawal with its reason and refunds it, and refuses a wrong password, in English', async () => {
    const account = unique('marco.ferri');
    const { token } = await verifiedInvestor(account);
    await ok(j.api('POST', '/bank/add', { name: 'Marco Ferri', iban, bankName: 'Banca di Torino' }, token));
    await ok(
      j.api(
        'POST',
        '/user/pin/set',
        { type: 'withdraw', password, pin: '135790', confirmPin: '135790' },
        token,
      ),
    );
    // Money in through the same deposit queue, all by API: this pass is about the refusals on screen.
    const channels = await ok(j.api<{ list: { id: number; kind: string }[] }>('GET', '/index/bank/recharge'));
    const channel = channels.list.find((c) => c.kind === 'bank');
    if (!channel) throw new Error('no bank channel');
    const deposit = await ok(
      j.api<{ id: number }>(
        'POST',
        '/user/recharge/bank/request',
        { channelId: String(channel.id), amount: '500', utr: 'UTR20261121', requestId: requestId() },
        token,
      ),
    );
    await ok(
      j.api(
        'POST',
        '/admin/funding/deposit/approve',
        { id: String(deposit.id), requestId: requestId() },
        operator,
      ),
    );

    const { context, page } = await j.newPage({ locale: 'en-US' });
    try {
      await signIn(page, account, 'en-US');
      await page.goto('/pages/withdraw/bankWithdraw');
      // Below the minimum is caught on the form; more than the balance is refused by the server.
      await input(page, 'withdraw-amount').fill('5');
      await typePin(page, '135790');
      await page.getByTestId('withdraw-submit').click();
      await shown(page, 'The minimum amount is 10.00').waitFor();
      await input(page, 'withdraw-amount').fill('499');
      await page.getByTestId('withdraw-submit').click();
      await page.getByText('Insufficient balance').first().waitFor();
      expect((await ok(j.api<{ total: number }>('GET', '/user/withdraw/order', {}, token))).total).toBe(0);

      await input(page, 'withdraw-amount').fill('100');
      await typePin(page, '000000');
      await page.getByTestId('withdraw-submit').click();
      await page
        .getByText(/withdrawal password/i)
        .first()
        .waitFor();
      expect(await spot(token, 'EUR')).toBe('500.00');
      expect((await ok(j.api<{ total: number }>('GET', '/user/withdraw/order', {}, token))).total).toBe(0);

      // The form empties the wrong password after the refusal shows: type the right one only once it has.
      await expect.poll(() => page.getByTestId('withdraw-submit').isDisabled()).toBe(true);
      await typePin(page, '135790');
      await page.getByTestId('withdraw-submit').click();
      await page.waitForURL('**/pages/withdraw/bankRecordDetail?id=*');
      const state = page.getByTestId('withdrawal-detail-state');
      await expect.poll(() => state.textContent()).toBe('Under review');

      const withdrawalId = new URL(page.url()).searchParams.get('id') ?? '';
      const { office, close } = await backOffice();
      try {
        await decide(office, 'withdrawal', withdrawalId, 'withdrawal-reject');
        await office.getByTestId('withdrawal-reject-reason').fill('IBAN holder does not match');
        await office.getByTestId('withdrawal-reject-confirm').click();
        await office.getByTestId('withdrawal-reject-confirm').waitFor({ state: 'detached' });
      } finally {
        await close();
      }
      await expect.poll(() => state.textContent(), { timeout: 10_000 }).toBe('Failed');
      await expect
        .poll(() => page.getByTestId('withdrawal-detail-reason').textContent())
        .toBe('Reason: IBAN holder does not match');
      expect(await spot(token, 'EUR')).toBe('500.00');

      await page.goto('/pages/withdraw/withdrawRecord');
      await expect.poll(() => page.locator('[data-state="fail"]').count(), { timeout: 15_000 }).toBe(1);
      await page.screenshot({ path: `${j.dataDir}/withdraw-record-en.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('leads a person without KYC to verify first, and shows their own crypto deposit address as a QR code', async () => {
    const account = unique('sara.greco');
    const { token } = await newInvestor(account);
    const { context, page } = await j.newPage({ locale: 'en-US' });
    try {
      await signIn(page, account, 'en-US');
      await page.goto('/pages/withdraw/withdraw');
      await page.getByTestId('withdraw-choice-fiat').click();
      await page.waitForURL('**/pages/withdraw/bankWithdraw');
      await page.getByTestId('withdraw-guard-kyc').waitFor();
      await page.getByTestId('withdraw-guard-to-kyc').click();
      await page.waitForURL('**/pages/user/kyc');

      await page.goto('/pages/recharge/recharge');
      await page.getByTestId('recharge-kind-crypto').click();
      await page.waitForURL('**/pages/recharge/cryptoRecharge');
      await page.getByTestId('crypto-channel-USDT-TRC20').click();
      await page.waitForURL('**/pages/recharge/coinRecharge?channelId=*');
      await expect
        .poll(() => page.getByTestId('coin-warning').textContent())
        .toContain('Send only USDT on the Tron (TRC-20) network');
      await page.getByTestId('coin-generate').click();
      await page.getByTestId('deposit-qr').waitFor();
      const mine = await ok(
        j.api<{ address: string }>('POST', '/coin/recharge/address', { network: 'TRC20' }, token),
      );
      expect(await page.getByTestId('coin-address-text').textContent()).toBe(mine.address);
      expect(mine.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      await page.screenshot({ path: `${j.dataDir}/coin-address-en.png`, fullPage: true });

      // The transaction hash is reported for review, like a bank deposit.
      await input(page, 'coin-amount').fill('25');
      await input(page, 'coin-tx-hash').fill(`0x${'ab'.repeat(32)}`);
      await page.getByTestId('coin-submit').click();
      await page.waitForURL('**/pages/recharge/rechargeCheck?id=*');
      await expect.poll(() => page.getByTestId('deposit-detail-state').textContent()).toBe('Under review');
      await page.goto('/pages/recharge/cryptoRecord');
      await expect.poll(() => page.locator('[data-state="review"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('withdraws USDT to a bound TRC-20 address, in Italian', async () => {
    // The demo investor: verified, with 10,000 USDT credited in demo mode.
    const login = await ok(
      j.api<{ token: string }>('POST', '/user/login', { account: 'demo@piazza.it', password: 'Piazza2026' }),
    );
    const token = login.token;
    await ok(
      j.api(
        'POST',
        '/user/pin/set',
        { type: 'withdraw', password: 'Piazza2026', pin: '975310', confirmPin: '975310' },
        token,
      ),
    );
    const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    await ok(
      j.api('POST', '/coin/withdraw/address/generate', { network: 'TRC20', address, label: 'Ledger' }, token),
    );
    const before = await spot(token, 'USDT');

    const { context, page } = await j.newPage();
    try {
      await page.goto('/pages/account/login');
      await input(page, 'login-account').fill('demo@piazza.it');
      await input(page, 'login-password').fill('Piazza2026');
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/pages/tabbar/home');
      await page.goto('/pages/withdraw/withdraw');
      await page.getByTestId('withdraw-choice-crypto').click();
      await page.waitForURL('**/pages/withdraw/cryptoWithdraw');
      await page.getByTestId('withdraw-rule').getByText('USDT · Tron (TRC-20)').click();
      await expect.poll(() => page.getByTestId('withdraw-destinations').textContent()).toContain(address);
      await input(page, 'withdraw-amount').fill('50');
      // The TRC-20 rule: a fixed fee of 1 USDT.
      await expect.poll(() => page.getByTestId('withdraw-fee').textContent()).toBe('1,00 USDT');
      await expect.poll(() => page.getByTestId('withdraw-total').textContent()).toBe('51,00 USDT');
      await typePin(page, '975310');
      await page.getByTestId('withdraw-submit').click();
      await page.waitForURL('**/pages/withdraw/cryptoRecordDetail?id=*');
      await expect.poll(() => page.getByTestId('withdrawal-detail-state').textContent()).toBe('In revisione');
      expect(await page.getByTestId('withdrawal-detail-destination').textContent()).toBe(address);
      expect(Number(before) - Number(await spot(token, 'USDT'))).toBe(51);
      await page.getByTestId('withdrawal-detail-records').click();
      await page.waitForURL('**/pages/withdraw/cryptoRecord');
      await expect.poll(() => page.locator('[data-state="review"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
