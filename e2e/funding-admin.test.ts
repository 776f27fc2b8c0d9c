import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

/*
 * The finance back office at a desktop's 1280×800 (issue 5): an admin sets the EUR bank withdrawal fee and
 * hours and switches a deposit channel off and on again; a deposit with a receipt image is approved after a
 * second look at amount and channel and the investor's balance shows it; a deposit rejected without a reason
 * is refused and stays queued, then rejected with one; a finance operator, in English, pays a withdrawal
 * out at the fee the admin set, and sees the channels without being able to change them.
 *
 * The investor's side (registration, KYC, uploads, requests) goes through the API: the app's screens have
 * journeys of their own (funding-journey, kyc-review).
 */

let j: Journey;
let admin: string;
beforeAll(async () => {
  j = await startJourney('funding-admin');
  admin = (await ok(j.api<{ token: string }>('POST', '/admin/login', adminLogin))).token;
  await ok(
    j.api(
      'POST',
      '/admin/operators/add',
      { ...financeLogin, name: 'Francesca Finanza', role: 'finance' },
      admin,
    ),
  );
});
afterAll(() => j?.close());

const adminLogin = { email: 'admin@piazza.local', password: 'Piazza-Admin-2026' };
const financeLogin = { email: 'finanza@piazza.local', password: 'Piazza-Finanza-2026' };
const password = 'Primavera26';
const pin = '135790';
const iban = 'IT51X0300203280000400162854';
/** As the back office shows an IBAN: in groups of four. */
const ibanShown = 'IT51 X030 0203 2800 0040 0162 854';
const desktop = { width: 1280, height: 800 };

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

const requestId = () => crypto.randomUUID().replaceAll('-', '');

/** A small valid PNG of one colour, so the upload passes the server's content check. */
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
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(token: string, name: string): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(png(120, 80, [30, 120, 70]))], { type: 'image/png' }), name);
  const res = await fetch(`${j.baseUrl}/ipcg-api/common/upload`, {
    method: 'POST',
    headers: { 'access-token': token },
    body,
  });
  return (await ok(res.json() as Promise<ApiAnswer<{ id: string }>>)).id;
}

/** Registers a person and has compliance verify them, as the KYC journey does through the screens. */
async function verifiedInvestor(
  account: string,
): Promise<{ token: string; userId: number; displayId: string }> {
  await ok(j.api('POST', '/common/code/send', { account, scene: 'register', areaCode: '+39' }));
  const code = await j.outboxCode(account);
  const { token, user } = await ok(
    j.api<{ token: string; user: { id: number; displayId: string } }>('POST', '/user/register', {
      account,
      password,
      confirmPassword: password,
      code,
      areaCode: '+39',
      agree: '1',
    }),
  );
  const [frontId, backId] = [await upload(token, 'fronte.png'), await upload(token, 'retro.png')];
  await ok(
    j.api(
      'POST',
      '/user/info',
      {
        certType: 'id_card',
        realName: 'Luca Ferri',
        certNo: 'CA54321BA',
        birthday: '1985-09-30',
        address: 'Corso Italia 5, 10121 Torino',
        nationality: 'IT',
        validUntil: '2031-09-29',
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
  await ok(j.api('POST', '/admin/kyc/approve', { userId: String(user.id) }, admin));
  return { token, userId: user.id, displayId: user.displayId };
}

interface Balance {
  purpose: string;
  asset: string;
  amount: string;
}

async function balance(userId: number, purpose: string): Promise<string> {
  const detail = await ok(
    j.api<{ balances: Balance[] }>('GET', '/admin/user', { id: String(userId) }, admin),
  );
  // An account never used is not listed: it holds nothing.
  return detail.balances.find((b) => b.purpose === purpose && b.asset === 'EUR')?.amount ?? '0.00';
}

interface QueueRow {
  id: number;
  state: string;
  reason: string | null;
}

async function depositsOf(userId: number, state?: string): Promise<QueueRow[]> {
  const params: Record<string, string> = { userId: String(userId) };
  if (state) params.state = state;
  return (await ok(j.api<{ list: QueueRow[] }>('GET', '/admin/funding/deposits', params, admin))).list;
}

/** Signs an operator in to the back office in a desktop window of its own, in the language given. */
async function office(login: { email: string; password: string }, lang: 'it-IT' | 'en-US') {
  const context = await j.browser.newContext({ viewport: desktop, baseURL: j.baseUrl });
  await context.addInitScript((l) => localStorage.setItem('adminLang', l), lang);
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByTestId('login-email').fill(login.email);
  await page.getByTestId('login-password').fill(login.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/admin/dashboard');
  return { context, page };
}

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe('the finance back office', () => {
  it('configures channels and fees, approves a deposit with its receipt and rejects one only with a reason, in Italian', async () => {
    const investor = await verifiedInvestor('luca.ferri@example.it');
    const { context, page } = await office(adminLogin, 'it-IT');
    try {
      // The EUR bank withdrawal: every day at all hours, 2.00 + 0.5 %.
      await page.getByTestId('nav-channels').click();
      const rules = await ok(
        j.api<{ list: { id: number; method: string; asset: string }[] }>(
          'GET',
          '/admin/funding/withdraw/rules',
          {},
          admin,
        ),
      );
      const bankRule = rules.list.find((r) => r.method === 'bank' && r.asset === 'EUR');
      if (!bankRule) throw new Error('demo mode seeds no EUR bank withdrawal rule');
      await page.getByTestId(`rule-edit-${bankRule.id}`).click();
      for (const day of [1, 2, 3, 4, 5, 6, 7]) await page.getByTestId(`rule-day-${day}`).check();
      await page.getByTestId('rule-fee-fixed').fill('2.00');
      await page.getByTestId('rule-fee-rate').fill('50');
      await page.getByTestId('rule-from').fill('00:00');
      await page.getByTestId('rule-to').fill('24:00');
      await page.getByTestId('rule-save').click();
      const ruleRow = page.getByTestId(`rule-row-${bankRule.id}`);
      await expect.poll(() => ruleRow.textContent()).toContain('2,00 + 0,50%');
      await expect.poll(() => ruleRow.textContent()).toContain('Tutti i giorni 00:00–24:00');

      // A deposit channel switched off disappears from the app's list, and comes back when switched on.
      const appChannels = async () =>
        (
          await ok(
            j.api<{ list: { id: number; kind: string }[] }>(
              'GET',
              '/index/bank/recharge',
              {},
              investor.token,
            ),
          )
        ).list;
      const wallet = (await appChannels()).find((c) => c.kind === 'wallet');
      if (!wallet) throw new Error('demo mode seeds no e-wallet channel');
      const walletRow = page.getByTestId(`channel-row-${wallet.id}`);
      await page.getByTestId(`channel-toggle-${wallet.id}`).click();
      await expect.poll(() => walletRow.textContent()).toContain('Spento');
      expect((await appChannels()).some((c) => c.id === wallet.id)).toBe(false);
      await page.getByTestId(`channel-toggle-${wallet.id}`).click();
      await expect.poll(() => walletRow.textContent()).toContain('Attivo');
      expect((await appChannels()).some((c) => c.id === wallet.id)).toBe(true);
      await page.screenshot({ path: `${j.dataDir}/channels-it.png`, fullPage: true });

      // Two deposits by bank transfer: one with a receipt image, one with a UTR only.
      const bank = (await appChannels()).find((c) => c.kind === 'bank');
      if (!bank) throw new Error('demo mode seeds no bank channel');
      const receiptId = await upload(investor.token, 'ricevuta.png');
      const withReceipt = await ok(
        j.api<{ id: number }>(
          'POST',
          '/user/recharge/bank/request',
          { channelId: String(bank.id), amount: '1250.00', receiptId, requestId: requestId() },
          investor.token,
        ),
      );
      const withUtr = await ok(
        j.api<{ id: number }>(
          'POST',
          '/user/recharge/bank/request',
          { channelId: String(bank.id), amount: '300', utr: 'UTR-2026-0042', requestId: requestId() },
          investor.token,
        ),
      );

      // The dashboard of pending work counts the deposits waiting and leads to them.
      await page.getByTestId('nav-dashboard').click();
      const queues = await ok(
        j.api<{ queues: { name: string; count: number }[] }>('GET', '/admin/dashboard', {}, admin),
      );
      const waiting = queues.queues.find((q) => q.name === 'deposits')?.count ?? 0;
      expect(waiting).toBeGreaterThanOrEqual(2);
      await expect.poll(() => text(page, 'queue-deposits')).toContain(`${waiting} in attesa`);
      await page.getByTestId('queue-deposits').getByRole('link').click();

      // Approve: the receipt is shown, then the amount and channel once more before the money moves.
      await page.getByTestId(`deposit-row-${withReceipt.id}`).click();
      const image = page.getByTestId('deposit-receipt-image');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
      // Marked as being checked first: in progress, still no money, the button gone with the review state.
      await page.getByTestId('deposit-process').click();
      await expect.poll(() => text(page, 'deposit-detail')).toContain('In corso');
      await expect.poll(() => page.getByTestId('deposit-process').count()).toBe(0);
      expect(await balance(investor.userId, 'spot')).toBe('0.00');
      await page.getByTestId('deposit-approve').click();
      await expect
        .poll(() => text(page, 'deposit-confirm-box'))
        .toContain(`Accreditare 1.250,00 EUR a ${investor.displayId}, ricevuti tramite`);
      await page.screenshot({ path: `${j.dataDir}/deposit-confirm-it.png` });
      expect(await balance(investor.userId, 'spot')).toBe('0.00');
      await page.getByTestId('deposit-confirm').click();
      await page.getByTestId(`deposit-row-${withReceipt.id}`).waitFor({ state: 'detached' });
      await expect.poll(() => text(page, 'deposit-detail')).toContain('Riuscito');
      expect(await balance(investor.userId, 'spot')).toBe('1250.00');

      // Reject without a reason: refused by name, nothing changes; with a reason: failed, reason kept.
      await page.getByTestId(`deposit-row-${withUtr.id}`).click();
      await expect.poll(() => text(page, 'deposit-detail')).toContain('UTR-2026-0042');
      await page.getByTestId('deposit-reject').click();
      await page.getByTestId('deposit-reject-confirm').click();
      await expect.poll(() => page.locator('.notice-error').first().textContent()).toContain('3');
      expect((await depositsOf(investor.userId)).map((d) => [d.id, d.state])).toEqual([
        [withUtr.id, 'review'],
      ]);
      await page.getByTestId('deposit-reject-reason').fill('Il bonifico non risulta sul conto');
      await page.getByTestId('deposit-reject-confirm').click();
      await page.getByTestId(`deposit-row-${withUtr.id}`).waitFor({ state: 'detached' });
      const failed = await depositsOf(investor.userId, 'fail');
      expect(failed.map((d) => [d.id, d.reason])).toEqual([
        [withUtr.id, 'Il bonifico non risulta sul conto'],
      ]);
      expect(await balance(investor.userId, 'spot')).toBe('1250.00');
      await expect.poll(() => page.getByTestId('deposits-empty').isVisible()).toBe(true);

      // The investor's screen lists both, each with its state.
      await page.goto(`/admin/users/${investor.userId}`);
      await page.getByTestId('user-funding-state').selectOption('success');
      await expect.poll(() => text(page, 'user-funding-deposits')).toContain('1.250,00 EUR');
    } finally {
      await context.close();
    }
  });

  it('lets finance pay a withdrawal out at the configured fee and read, not change, the channels, in English', async () => {
    const investor = await verifiedInvestor('sara.galli@example.it');
    // Money to withdraw: a deposit the admin approves through the API (the first journey did it on screen).
    const bank = (
      await ok(
        j.api<{ list: { id: number; kind: string }[] }>('GET', '/index/bank/recharge', {}, investor.token),
      )
    ).list.find((c) => c.kind === 'bank');
    if (!bank) throw new Error('demo mode seeds no bank channel');
    const deposit = await ok(
      j.api<{ id: number }>(
        'POST',
        '/user/recharge/bank/request',
        { channelId: String(bank.id), amount: '1000', utr: 'UTR-2026-0077', requestId: requestId() },
        investor.token,
      ),
    );
    await ok(
      j.api(
        'POST',
        '/admin/funding/deposit/approve',
        { id: String(deposit.id), requestId: requestId() },
        admin,
      ),
    );
    await ok(
      j.api('POST', '/user/pin/set', { type: 'withdraw', password, pin, confirmPin: pin }, investor.token),
    );
    const binding = await ok(
      j.api<{ id: number }>(
        'POST',
        '/bank/add',
        { name: 'Sara Galli', iban, bic: 'BCITITMM', bankName: 'Banca Demo' },
        investor.token,
      ),
    );
    // The admin's fee from the first journey: 2.00 + 0.5 % of 400.00 = 4.00, so 404.00 leave the balance.
    const withdrawal = await ok(
      j.api<{ id: number; fee: string }>(
        'POST',
        '/user/withdraw/add',
        { bindingId: String(binding.id), amount: '400', pin, requestId: requestId() },
        investor.token,
      ),
    );
    expect(withdrawal.fee).toBe('4.00');
    expect(await balance(investor.userId, 'frozen')).toBe('404.00');

    const { context, page } = await office(financeLogin, 'en-US');
    try {
      // Finance sees its queues and the settings, not the other desks' sections.
      await page.getByTestId('nav-deposits').waitFor();
      const nav = await page.getByRole('navigation', { name: 'Sections' }).textContent();
      expect(nav).toContain('Deposits');
      expect(nav).toContain('Withdrawals');
      expect(nav).toContain('Channels and fees');
      expect(nav).not.toContain('KYC review');
      expect(nav).not.toContain('Operators');

      await page.getByTestId('nav-withdrawals').click();
      await page.getByTestId(`withdrawal-row-${withdrawal.id}`).click();
      const detail = page.getByTestId('withdrawal-detail');
      await expect.poll(() => text(page, 'withdrawal-destination')).toBe(ibanShown);
      await expect.poll(() => detail.textContent()).toContain('Sara Galli');
      expect(await detail.textContent()).toContain('To pay out400.00 EUR');
      expect(await detail.textContent()).toContain('Fee4.00 EUR');
      expect(await detail.textContent()).toContain('Taken from the balance404.00 EUR');
      await page.getByTestId('withdrawal-pay').click();
      await expect
        .poll(() => text(page, 'withdrawal-confirm-box'))
        .toContain(`Have 400.00 EUR been sent to Sara Galli, ${ibanShown}?`);
      await page.screenshot({ path: `${j.dataDir}/withdrawal-confirm-en.png` });
      await page.getByTestId('withdrawal-confirm').click();
      await page.getByTestId(`withdrawal-row-${withdrawal.id}`).waitFor({ state: 'detached' });
      await expect.poll(() => detail.textContent()).toContain('Success');
      expect(await balance(investor.userId, 'frozen')).toBe('0.00');
      expect(await balance(investor.userId, 'spot')).toBe('596.00');

      // The settings are there to read; only an admin may change them.
      await page.getByTestId('nav-channels').click();
      await page.getByTestId('channels-table').waitFor();
      await page.getByTestId('rules-table').waitFor();
      expect(await page.getByTestId('channel-add').count()).toBe(0);
      expect(await page.locator('[data-testid^="channel-toggle-"]').count()).toBe(0);
      expect(await page.locator('[data-testid^="rule-edit-"]').count()).toBe(0);
      expect(await page.getByTestId('exchange-save').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
