import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { userTopic } from '../src/realtime/topics';
import { demoSupport, operatorWithRole, signIn } from './admin-fixtures';
import {
  adminToken,
  channelId,
  countOf,
  type Investor,
  newInvestor,
  newRequestId,
  spot,
} from './funding-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { jpegWithExif, upload } from './kyc-steps';

let t: TestApp;
let admin: string;
let finance: string;
let giulia: Investor;
// Monday 23 November 2026, 11:00 in Rome.
const clock = new TestClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await adminToken(t.app);
  finance = await operatorWithRole(t.app, admin, 'finance');
  giulia = await newInvestor(t.app);
});
afterAll(() => t.close());

type Deposit = { id: number; orderNo: string; state: string; amount: string; reason: string | null };

async function bankDeposit(who: Investor, params: Record<string, string | number>, lang = 'en-US') {
  return call<Deposit>(
    t.app,
    'POST',
    '/user/recharge/bank/request',
    { channelId: await channelId(t.app, 'bank'), requestId: newRequestId(), ...params },
    { token: who.token, lang },
  );
}

describe('deposit channels', () => {
  it('lists the demo bank, wallet and offline channels, and USDT on TRC-20 and ERC-20', async () => {
    const banks = await call<{ list: { kind: string; asset: string; bank: { iban: string } | null }[] }>(
      t.app,
      'GET',
      '/index/bank/recharge',
    );
    expect(banks.data.list.map((c) => c.kind)).toEqual(['bank', 'wallet', 'offline']);
    expect(banks.data.list[0]?.bank?.iban).toBe('IT60X0542811101000000123456');
    const coins = await call<{ list: { asset: string; network: string }[] }>(
      t.app,
      'GET',
      '/index/recharge/coins',
    );
    expect(coins.data.list.map((c) => `${c.asset} ${c.network}`)).toEqual(['USDT TRC20', 'USDT ERC20']);
  });

  it("fills the user's own payment reference into the beneficiary details", async () => {
    const res = await call<{ bank: { reference: string; beneficiary: string } }>(
      t.app,
      'POST',
      '/user/recharge/bank/request/info',
      { channelId: await channelId(t.app, 'bank') },
      { token: giulia.token },
    );
    expect(res.data.bank).toMatchObject({
      reference: `PIAZZA IN365201820${giulia.id}`,
      beneficiary: 'Piazza Demo S.p.A.',
    });
  });

  it('lets the admin change a channel (audited) and refuses a bank channel with a bad IBAN', async () => {
    const bad = await call(
      t.app,
      'POST',
      '/admin/funding/channel/save',
      {
        kind: 'bank',
        name: 'Bonifico',
        asset: 'EUR',
        minAmount: '10',
        maxAmount: '1000',
        days: '1,2,3,4,5',
        from: '09:00',
        to: '18:00',
        active: 1,
        beneficiary: 'X',
        iban: 'IT60X0542811101000000123457',
        bankName: 'B',
      },
      { token: admin },
    );
    expect(bad).toMatchObject({ code: -1001, msg: 'Wrong bank card number: the IBAN is not valid' });
    const before = await countOf(t.db, 'audit_log');
    const saved = await call<{ id: number; window: unknown }>(
      t.app,
      'POST',
      '/admin/funding/channel/save',
      {
        kind: 'offline',
        name: 'Sportello Roma',
        asset: 'EUR',
        minAmount: '10',
        maxAmount: '1000',
        days: '6,7',
        from: '10:00',
        to: '12:00',
        active: 1,
      },
      { token: admin },
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.window).toEqual({ days: [6, 7], from: '10:00', to: '12:00' });
    expect(await countOf(t.db, 'audit_log')).toBe(before + 1);
  });
});

describe('a deposit request', () => {
  it('is refused below the minimum, above the maximum, without a UTR or receipt, and changes nothing', async () => {
    const rows = await countOf(t.db, 'deposits');
    expect(await bankDeposit(giulia, { amount: '9.99', utr: 'UTR12345' })).toMatchObject({
      code: -1001,
      msg: 'Minimum deposit amount 10.00 EUR',
    });
    expect(await bankDeposit(giulia, { amount: '50000.01', utr: 'UTR12345' }, 'it-IT')).toMatchObject({
      code: -1001,
      msg: 'Importo massimo di ricarica 50.000,00 EUR',
    });
    expect(await bankDeposit(giulia, { amount: '100' })).toMatchObject({
      code: -1001,
      msg: 'Enter the UTR or attach the payment receipt',
    });
    expect(
      await bankDeposit(giulia, { amount: '100', utr: 'UTR1', receiptId: 'a'.repeat(32) }),
    ).toMatchObject({
      code: -1001,
      msg: 'The receipt is not a valid upload',
    });
    expect(await bankDeposit(giulia, { amount: '1.001', utr: 'UTR12345' })).toMatchObject({
      code: -1001,
      msg: 'EUR amounts have at most 2 decimals',
    });
    expect(await countOf(t.db, 'deposits')).toBe(rows);
  });

  it("carries a receipt image the user uploaded, never another user's", async () => {
    const image = { name: 'bonifico.jpg', type: 'image/jpeg', bytes: jpegWithExif('r') };
    const mine = await upload(t.app, giulia.token, image);
    expect(mine.code, mine.msg).toBe(0);
    const sent = await bankDeposit(giulia, { amount: '100', receiptId: mine.data.id });
    expect(sent.data).toMatchObject({ state: 'review', receiptId: mine.data.id, utr: null });

    const other = await newInvestor(t.app, { pin: false });
    const rows = await countOf(t.db, 'deposits');
    expect(await bankDeposit(other, { amount: '100', receiptId: mine.data.id })).toMatchObject({
      code: -1001,
      msg: 'The receipt is not a valid upload',
    });
    expect(await countOf(t.db, 'deposits')).toBe(rows);
  });

  it('lets the finance desk open a deposit receipt, but no identity document', async () => {
    const image = { name: 'ricevuta.jpg', type: 'image/jpeg', bytes: jpegWithExif('f') };
    const receipt = await upload(t.app, giulia.token, image);
    const passport = await upload(t.app, giulia.token, { ...image, name: 'passaporto.jpg' });
    expect(receipt.code).toBe(0);
    expect((await bankDeposit(giulia, { amount: '100', receiptId: receipt.data.id })).code).toBe(0);
    const read = (id: string) =>
      t.app.inject({
        method: 'GET',
        url: `/ipcg-api/admin/kyc/document?id=${id}`,
        headers: { 'access-token': finance, 'accept-language': 'en-US' },
      });
    const seen = await read(receipt.data.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    // A file no deposit carries is, for finance, as if it did not exist.
    expect((await read(passport.data.id)).statusCode).toBe(404);
  });

  it('sent twice with one requestId is recorded once', async () => {
    const rows = await countOf(t.db, 'deposits');
    const requestId = newRequestId();
    const first = await bankDeposit(giulia, { amount: '40', utr: 'UTR-TWICE-1', requestId });
    const second = await bankDeposit(giulia, { amount: '40', utr: 'UTR-TWICE-1', requestId });
    expect(second.data.id).toBe(first.data.id);
    expect(await countOf(t.db, 'deposits')).toBe(rows + 1);
  });

  it('is refused outside its channel hours ("not possible at this time")', async () => {
    const channels = await call<{ list: { id: number; name: string }[] }>(
      t.app,
      'GET',
      '/index/bank/recharge',
    );
    const weekend = channels.data.list.find((c) => c.name === 'Sportello Roma');
    const res = await call(
      t.app,
      'POST',
      '/user/recharge/add',
      { channelId: weekend!.id, amount: '100', utr: 'DESK-0001', requestId: newRequestId() },
      { token: giulia.token, lang: 'it-IT' },
    );
    expect(res).toMatchObject({ code: -1001, msg: 'Depositi non possibili in questo momento' });
  });

  it('refuses a crypto channel on the bank path and a bank channel on the coin path', async () => {
    const onBank = await bankDeposit(giulia, {
      channelId: await channelId(t.app, 'crypto', 'TRC20'),
      amount: '100',
      utr: 'UTR12345',
    });
    expect(onBank).toMatchObject({ code: -1001, msg: 'This deposit channel cannot be used here' });
  });
});

describe('the deposit queue', () => {
  it('approves: 250.00 EUR from bank:{channel} to the spot account, success, audited, once', async () => {
    const sent = await bankDeposit(giulia, { amount: '250.00', utr: 'UTR-APPROVE-1' });
    expect(sent.data).toMatchObject({ state: 'review', amount: '250.00' });
    expect(await spot(t.db, giulia.id)).toBe(0n);

    const queue = await call<{ list: { id: number; displayId: string }[] }>(
      t.app,
      'GET',
      '/admin/funding/deposits',
      {},
      { token: finance },
    );
    expect(queue.data.list.map((d) => d.id)).toContain(sent.data.id);

    const taken = await call<Deposit>(
      t.app,
      'POST',
      '/admin/funding/deposit/process',
      { id: sent.data.id },
      { token: finance },
    );
    expect(taken.data.state).toBe('processing');
    const status = await call<Deposit>(
      t.app,
      'GET',
      '/user/recharge/status',
      { id: sent.data.id },
      { token: giulia.token },
    );
    expect(status.data.state).toBe('processing');

    const requestId = newRequestId();
    const approved = await call<Deposit & { entryId: string }>(
      t.app,
      'POST',
      '/admin/funding/deposit/approve',
      { id: sent.data.id, requestId },
      { token: finance },
    );
    expect(approved.data.state).toBe('success');
    expect(await spot(t.db, giulia.id)).toBe(25000n);
    const [bank] = await t.db.query<{ balance: bigint }>(
      `select balance from accounts where owner_type = 'platform' and purpose = $1 and asset = 'EUR'`,
      [`bank:${await channelId(t.app, 'bank')}`],
    );
    expect(bank?.balance).toBe(-25000n);

    // The same requestId answers the first answer; a new one is refused: nothing is posted twice.
    const again = await call<{ entryId: string }>(
      t.app,
      'POST',
      '/admin/funding/deposit/approve',
      { id: sent.data.id, requestId },
      { token: finance },
    );
    expect(again.data.entryId).toBe(approved.data.entryId);
    const twice = await call(
      t.app,
      'POST',
      '/admin/funding/deposit/approve',
      { id: sent.data.id, requestId: newRequestId() },
      { token: finance },
    );
    expect(twice).toMatchObject({ code: -1001, msg: 'This deposit has already been handled' });
    expect(await spot(t.db, giulia.id)).toBe(25000n);

    const audits = await t.db.query<{ action: string }>(
      `select action from audit_log where target_type = 'deposit' and target_id = $1 order by id`,
      [String(sent.data.id)],
    );
    expect(audits.map((a) => a.action)).toEqual(['deposit.process', 'deposit.approve']);
  });

  it('rejects with a reason the user sees, and credits nothing', async () => {
    const before = await spot(t.db, giulia.id);
    const sent = await bankDeposit(giulia, { amount: '80.00', utr: 'UTR-REJECT-1' });
    const rejected = await call<Deposit>(
      t.app,
      'POST',
      '/admin/funding/deposit/reject',
      { id: sent.data.id, reason: 'No transfer with this UTR arrived', requestId: newRequestId() },
      { token: finance },
    );
    expect(rejected.data).toMatchObject({ state: 'fail', reason: 'No transfer with this UTR arrived' });
    const records = await call<{ list: Deposit[] }>(
      t.app,
      'GET',
      '/user/recharge/order',
      { state: 'fail' },
      { token: giulia.token },
    );
    expect(records.data.list.map((d) => d.reason)).toEqual(['No transfer with this UTR arrived']);
    expect(await spot(t.db, giulia.id)).toBe(before);
  });

  it("tells the user's app once approved, so the balance and the record update live", async () => {
    const events: unknown[] = [];
    const stop = await t.app.services.bus.subscribe(userTopic(giulia.id), (e) => events.push(e));
    const sent = await bankDeposit(giulia, { amount: '12.34', utr: 'UTR-LIVE-1' });
    await call(
      t.app,
      'POST',
      '/admin/funding/deposit/approve',
      { id: sent.data.id, requestId: newRequestId() },
      { token: finance },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stop();
    expect(events).toEqual([
      { kind: 'deposit', data: expect.objectContaining({ id: sent.data.id, state: 'review' }) },
      {
        kind: 'deposit',
        data: expect.objectContaining({ id: sent.data.id, state: 'success', amount: '12.34' }),
      },
    ]);
  });

  it('is the finance desk’s: support is refused', async () => {
    const support = await signIn(t.app, demoSupport);
    const res = await call(t.app, 'GET', '/admin/funding/deposits', {}, { token: support });
    expect(res).toMatchObject({ code: -1001, msg: 'Your role does not allow this action' });
  });

  it("never shows one user another's deposit", async () => {
    const other = await newInvestor(t.app, { pin: false });
    const mine = await bankDeposit(giulia, { amount: '20', utr: 'UTR-PRIVATE' });
    const res = await call(
      t.app,
      'GET',
      '/user/recharge/status',
      { id: mine.data.id },
      { token: other.token },
    );
    expect(res).toMatchObject({ code: -1001, msg: 'This deposit does not exist' });
  });
});

describe('crypto deposits', () => {
  it('gives each user one demo address per network, the same on every call', async () => {
    const none = await call<{ address: string | null }>(
      t.app,
      'POST',
      '/coin/recharge/address',
      { network: 'TRC20' },
      { token: giulia.token },
    );
    expect(none.data.address).toBeNull();
    const first = await call<{ address: string; demo: boolean }>(
      t.app,
      'POST',
      '/coin/recharge/address/generate',
      { network: 'TRC20' },
      { token: giulia.token },
    );
    expect(first.data.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(first.data.demo).toBe(true);
    const again = await call<{ address: string }>(
      t.app,
      'POST',
      '/coin/recharge/address/generate',
      { network: 'TRC20' },
      { token: giulia.token },
    );
    expect(again.data.address).toBe(first.data.address);
    const eth = await call<{ address: string }>(
      t.app,
      'POST',
      '/coin/recharge/address/generate',
      { network: 'ERC20' },
      { token: giulia.token },
    );
    expect(eth.data.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('records a USDT deposit with its transaction hash and credits it on approval', async () => {
    const sent = await call<Deposit>(
      t.app,
      'POST',
      '/coin/recharge/add',
      {
        channelId: await channelId(t.app, 'crypto', 'TRC20'),
        amount: '150.5',
        utr: 'a1b2c3d4e5f6',
        requestId: newRequestId(),
      },
      { token: giulia.token },
    );
    expect(sent.data).toMatchObject({ state: 'review', amount: '150.500000' });
    await call(
      t.app,
      'POST',
      '/admin/funding/deposit/approve',
      { id: sent.data.id, requestId: newRequestId() },
      { token: finance },
    );
    expect(await spot(t.db, giulia.id, 'USDT')).toBe(150_500_000n);
    const list = await call<{ list: Deposit[] }>(
      t.app,
      'GET',
      '/coin/recharge/order',
      {},
      { token: giulia.token },
    );
    expect(list.data.list.map((d) => d.state)).toEqual(['success']);
  });

  it('leaves a ledger that verifies', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
