import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { operatorWithRole } from './admin-fixtures';
import {
  adminToken,
  bindIban,
  channelId,
  countOf,
  depositEur,
  type Investor,
  newInvestor,
  newRequestId,
  spot,
  withdrawPin,
} from './funding-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';

let t: TestApp;
let admin: string;
let finance: string;
let giulia: Investor;
const clock = new TestClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await adminToken(t.app);
  finance = await operatorWithRole(t.app, admin, 'finance');
  giulia = await newInvestor(t.app);
});
afterAll(() => t.close());

const bankRule = {
  method: 'bank',
  asset: 'EUR',
  minAmount: '20',
  feeFixed: '2',
  feeRateBp: 100,
  days: '1,2,3,4,5',
  from: '08:00',
  to: '20:00',
  active: 1,
};

describe('withdrawal rules', () => {
  it('are the admin’s to set (audited); the next withdrawal pays 2.00 + 1 % and meets the new minimum', async () => {
    expect(
      await call(t.app, 'POST', '/admin/funding/withdraw/rule/save', bankRule, { token: finance }),
    ).toMatchObject({
      code: -1001,
      msg: 'Your role does not allow this action',
    });
    const audits = await countOf(t.db, 'audit_log');
    const saved = await call<{ minAmount: string; feeFixed: string; feeRateBp: number }>(
      t.app,
      'POST',
      '/admin/funding/withdraw/rule/save',
      bankRule,
      { token: admin },
    );
    expect(saved.data).toMatchObject({ minAmount: '20.00', feeFixed: '2.00', feeRateBp: 100 });
    expect(await countOf(t.db, 'audit_log')).toBe(audits + 1);

    await depositEur(t.app, giulia, '200.00', finance);
    const bindingId = await bindIban(t.app, giulia);
    const send = (amount: string) =>
      call<{ fee: string }>(
        t.app,
        'POST',
        '/user/withdraw/add',
        { bindingId, amount, pin: withdrawPin, requestId: newRequestId() },
        { token: giulia.token },
      );
    expect(await send('19.99')).toMatchObject({ code: -1001, msg: 'Minimum withdrawal amount 20.00 EUR' });
    // 100.00 × 1 % = 1.00, plus 2.00 fixed.
    expect((await send('100.00')).data.fee).toBe('3.00');
    expect(await spot(t.db, giulia.id)).toBe(9_700n);
  });

  it('refuse hours that end before they start, and weekdays out of 1–7', async () => {
    expect(
      await call(
        t.app,
        'POST',
        '/admin/funding/withdraw/rule/save',
        { ...bankRule, from: '18:00', to: '09:00' },
        { token: admin },
      ),
    ).toMatchObject({
      code: -1001,
      msg: 'Hours are HH:MM, from 00:00 to 24:00, and the end after the start',
    });
    expect(
      await call(
        t.app,
        'POST',
        '/admin/funding/withdraw/rule/save',
        { ...bankRule, days: '1,8' },
        { token: admin },
      ),
    ).toMatchObject({ code: -1001 });
  });

  it('a method switched off is refused to investors', async () => {
    await call(
      t.app,
      'POST',
      '/admin/funding/withdraw/rule/save',
      { ...bankRule, method: 'wallet', active: 0 },
      { token: admin },
    );
    const wallet = await call<{ id: number }>(
      t.app,
      'POST',
      '/bank/add',
      { kind: 'wallet', name: 'Giulia Rossi', walletType: 'Nagad', mobile: '+8801712345678' },
      { token: giulia.token },
    );
    const res = await call(
      t.app,
      'POST',
      '/user/withdraw/add',
      { bindingId: wallet.data.id, amount: '20', pin: withdrawPin, requestId: newRequestId() },
      { token: giulia.token },
    );
    expect(res).toMatchObject({ code: -1001, msg: 'Withdrawals of EUR by this method are not available' });
  });
});

describe('channels', () => {
  it('are the admin’s: finance is refused, a crypto channel needs a network, an inactive one takes no deposits', async () => {
    const base = {
      kind: 'crypto',
      name: 'BTC',
      asset: 'BTC',
      minAmount: '0.001',
      maxAmount: '10',
      days: '1,2,3,4,5,6,7',
      from: '00:00',
      to: '24:00',
      active: 1,
    };
    expect(await call(t.app, 'POST', '/admin/funding/channel/save', base, { token: finance })).toMatchObject({
      code: -1001,
    });
    expect(await call(t.app, 'POST', '/admin/funding/channel/save', base, { token: admin })).toMatchObject({
      code: -1001,
      msg: 'A crypto channel needs its network',
    });
    const off = await call<{ id: number; active: boolean }>(
      t.app,
      'POST',
      '/admin/funding/channel/save',
      { ...base, network: 'BTC', active: 0 },
      { token: admin },
    );
    expect(off.data.active).toBe(false);
    const list = await call<{ list: { id: number }[] }>(
      t.app,
      'GET',
      '/admin/funding/channels',
      {},
      { token: finance },
    );
    expect(list.data.list.map((c) => c.id)).toContain(off.data.id);
    const res = await call(
      t.app,
      'POST',
      '/coin/recharge/add',
      { channelId: off.data.id, amount: '0.01', utr: 'btc-hash', requestId: newRequestId() },
      { token: giulia.token },
    );
    expect(res).toMatchObject({ code: -1001, msg: 'This deposit channel does not exist or is not active' });
  });
});

describe('the queues', () => {
  it('filter by state and investor, waiting ones first by default', async () => {
    const other = await newInvestor(t.app, { pin: false });
    const sent = await call<{ id: number }>(
      t.app,
      'POST',
      '/user/recharge/bank/request',
      {
        channelId: await channelId(t.app, 'bank'),
        amount: '30',
        utr: 'UTR-QUEUE-1',
        requestId: newRequestId(),
      },
      { token: other.token },
    );
    const waiting = await call<{ list: { id: number; state: string; displayId: string }[] }>(
      t.app,
      'GET',
      '/admin/funding/deposits',
      { userId: other.id },
      { token: finance },
    );
    expect(waiting.data.list).toEqual([
      expect.objectContaining({ id: sent.data.id, state: 'review', displayId: `IN365201820${other.id}` }),
    ]);
    const done = await call<{ list: { state: string }[] }>(
      t.app,
      'GET',
      '/admin/funding/deposits',
      { state: 'success' },
      { token: finance },
    );
    expect(new Set(done.data.list.map((d) => d.state))).toEqual(new Set(['success']));
    const withdrawals = await call<{ list: { userId: number; fee: string }[] }>(
      t.app,
      'GET',
      '/admin/funding/withdrawals',
      {},
      { token: finance },
    );
    expect(withdrawals.data.list.map((w) => `${w.userId} ${w.fee}`)).toEqual([`${giulia.id} 3.00`]);
  });
});

describe('ledger:verify', () => {
  it('is clean, and names a deposit marked successful without its entry', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
    const [row] = await t.db.query<{ id: bigint }>(
      `insert into deposits (user_id, channel_id, kind, asset, amount, state, utr, created_at, updated_at)
       values ($1, $2, 'bank', 'EUR', 100, 'success', 'forged', now(), now()) returning id`,
      [giulia.id, await channelId(t.app, 'bank')],
    );
    expect(await verifyLedger(t.db)).toEqual([
      {
        check: 'deposit-entry',
        subject: `deposit ${row!.id}`,
        detail: 'state success, amount 100, credited to spot 0',
      },
    ]);
    await t.db.query('delete from deposits where id = $1', [row!.id]);
  });
});
