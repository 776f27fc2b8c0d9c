import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { operatorWithRole } from './admin-fixtures';
import {
  adminToken,
  bindIban,
  countOf,
  depositEur,
  frozen,
  type Investor,
  newInvestor,
  newRequestId,
  spot,
  withdrawPin,
} from './funding-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';

let t: TestApp;
let finance: string;
// Monday 23 November 2026, 11:00 in Rome: inside the bank rule's weekday 09:00–18:00 window.
const clock = new TestClock();
const monday11 = clock.ms;

beforeAll(async () => {
  t = await createTestApp({ clock });
  finance = await operatorWithRole(t.app, await adminToken(t.app), 'finance');
});
afterAll(() => t.close());

type Withdrawal = {
  id: number;
  state: string;
  amount: string;
  fee: string;
  reason: string | null;
  destination: string;
};

async function withdraw(who: Investor, params: Record<string, string | number>, lang = 'en-US') {
  return call<Withdrawal>(
    t.app,
    'POST',
    '/user/withdraw/add',
    { asset: 'EUR', pin: withdrawPin, requestId: newRequestId(), ...params },
    { token: who.token, lang },
  );
}

/** What every refusal must leave: no withdrawal row, no entry, the balances as they were. */
async function unchanged(who: Investor, run: () => Promise<unknown>) {
  const rows = await countOf(t.db, 'withdrawals');
  const entries = await countOf(t.db, 'journal_entries');
  const before = [await spot(t.db, who.id), await frozen(t.db, who.id)];
  await run();
  expect(await countOf(t.db, 'withdrawals')).toBe(rows);
  expect(await countOf(t.db, 'journal_entries')).toBe(entries);
  expect([await spot(t.db, who.id), await frozen(t.db, who.id)]).toEqual(before);
}

describe('a withdrawal request is refused, changing nothing, when', () => {
  let marco: Investor;
  let bindingId: number;
  beforeAll(async () => {
    marco = await newInvestor(t.app);
    await depositEur(t.app, marco, '100.00', finance);
    bindingId = await bindIban(t.app, marco);
  });

  it('KYC is not done', async () => {
    const unverified = await newInvestor(t.app, { kyc: false });
    const id = await bindIban(t.app, unverified);
    await unchanged(unverified, async () => {
      expect(await withdraw(unverified, { bindingId: id, amount: '20' }, 'it-IT')).toMatchObject({
        code: -1001,
        msg: 'Completa prima la verifica dell’identità (KYC)',
      });
    });
  });

  it('the withdrawal password is not set', async () => {
    const noPin = await newInvestor(t.app, { pin: false });
    const id = await bindIban(t.app, noPin);
    const res = await withdraw(noPin, { bindingId: id, amount: '20' });
    expect(res.code).toBe(-1001);
    expect(res.msg).toMatch(/withdrawal password/i);
  });

  it('the withdrawal password is wrong', async () => {
    await unchanged(marco, async () => {
      const res = await withdraw(marco, { bindingId, amount: '20', pin: '135790' });
      expect(res.code).toBe(-1001);
      expect(res.msg).toMatch(/withdrawal password/i);
    });
  });

  it('the amount is below the minimum, before the password is tried: no attempt is spent', async () => {
    const failures = async () =>
      (
        await t.db.query<{ failures: number }>(
          `select failures from user_pins where user_id = $1 and kind = 'withdraw'`,
          [marco.id],
        )
      )[0]?.failures;
    const before = await failures();
    const res = await withdraw(marco, { bindingId, amount: '5', pin: '000000' });
    expect(res).toMatchObject({ code: -1001, msg: 'Minimum withdrawal amount 10.00 EUR' });
    expect(await failures()).toBe(before);
  });

  it('the amount is below the minimum', async () => {
    await unchanged(marco, async () => {
      expect(await withdraw(marco, { bindingId, amount: '9.99' })).toMatchObject({
        code: -1001,
        msg: 'Minimum withdrawal amount 10.00 EUR',
      });
    });
  });

  it('amount + fee is over the balance', async () => {
    // 100.00 available; 99.50 + the 1.00 fee is 100.50.
    await unchanged(marco, async () => {
      expect(await withdraw(marco, { bindingId, amount: '99.50' })).toMatchObject({
        code: -1001,
        msg: 'Insufficient balance',
      });
    });
  });

  it('it is outside the hours (Sunday)', async () => {
    clock.ms = Date.UTC(2026, 10, 22, 10, 0);
    try {
      await unchanged(marco, async () => {
        expect(await withdraw(marco, { bindingId, amount: '20' }, 'it-IT')).toMatchObject({
          code: -1001,
          msg: 'Prelievi non possibili in questo momento',
        });
      });
    } finally {
      clock.ms = monday11;
    }
  });

  it("the bank account is someone else's", async () => {
    const other = await newInvestor(t.app);
    await unchanged(marco, async () => {
      expect(await withdraw(other, { bindingId, amount: '20' })).toMatchObject({
        code: -1001,
        msg: 'This bank account or wallet does not exist',
      });
    });
  });
});

describe('a withdrawal', () => {
  it('freezes 50.00 + 1.00 fee, then the operator pays it: 50.00 to the payout bank, 1.00 to fees', async () => {
    const anna = await newInvestor(t.app);
    await depositEur(t.app, anna, '200.00', finance);
    const bindingId = await bindIban(t.app, anna);

    const req = await withdraw(anna, { bindingId, amount: '50.00' });
    expect(req.data).toMatchObject({
      state: 'review',
      amount: '50.00',
      fee: '1.00',
      destination: 'IT60X0542811101000000123456',
    });
    expect(await spot(t.db, anna.id)).toBe(14_900n);
    expect(await frozen(t.db, anna.id)).toBe(5_100n);

    const paid = await call<Withdrawal>(
      t.app,
      'POST',
      '/admin/funding/withdrawal/approve',
      { id: req.data.id, requestId: newRequestId() },
      { token: finance },
    );
    expect(paid.data.state).toBe('success');
    expect(await spot(t.db, anna.id)).toBe(14_900n);
    expect(await frozen(t.db, anna.id)).toBe(0n);
    const platform = await t.db.query<{ purpose: string; balance: bigint }>(
      `select purpose, balance from accounts where owner_type = 'platform' and asset = 'EUR'
         and purpose in ('bank:withdraw-bank', 'fees') order by purpose`,
    );
    expect(platform).toEqual([
      { purpose: 'bank:withdraw-bank', balance: 5_000n },
      { purpose: 'fees', balance: 100n },
    ]);
    const bills = await call<{ list: { billType: string; amount: string; purpose: string }[] }>(
      t.app,
      'GET',
      '/user/tx/record',
      { billTypes: 'withdrawal_freeze,withdrawal,withdrawal_fee' },
      { token: anna.token },
    );
    expect(bills.data.list.map((b) => `${b.billType} ${b.purpose} ${b.amount}`)).toEqual([
      'withdrawal_fee frozen -1.00',
      'withdrawal frozen -50.00',
      'withdrawal_freeze frozen 51.00',
      'withdrawal_freeze spot -51.00',
    ]);
  });

  it('rejected: 51.00 goes back from frozen to spot and the user sees the reason', async () => {
    const luca = await newInvestor(t.app);
    await depositEur(t.app, luca, '60.00', finance);
    const bindingId = await bindIban(t.app, luca);
    const req = await withdraw(luca, { bindingId, amount: '50.00' });
    expect(await spot(t.db, luca.id)).toBe(900n);
    await call(t.app, 'POST', '/admin/funding/withdrawal/process', { id: req.data.id }, { token: finance });
    const rejected = await call<Withdrawal>(
      t.app,
      'POST',
      '/admin/funding/withdrawal/reject',
      { id: req.data.id, reason: 'The IBAN holder does not match', requestId: newRequestId() },
      { token: finance },
    );
    expect(rejected.data.state).toBe('fail');
    expect(await spot(t.db, luca.id)).toBe(6_000n);
    expect(await frozen(t.db, luca.id)).toBe(0n);
    const seen = await call<Withdrawal>(
      t.app,
      'GET',
      '/user/withdraw/status',
      { id: req.data.id },
      { token: luca.token },
    );
    expect(seen.data).toMatchObject({ state: 'fail', reason: 'The IBAN holder does not match' });
    const again = await call(
      t.app,
      'POST',
      '/admin/funding/withdrawal/approve',
      { id: req.data.id, requestId: newRequestId() },
      { token: finance },
    );
    expect(again).toMatchObject({ code: -1001, msg: 'This withdrawal has already been handled' });
  });

  it('with a repeated requestId freezes once and answers the first answer', async () => {
    const sara = await newInvestor(t.app);
    await depositEur(t.app, sara, '100.00', finance);
    const bindingId = await bindIban(t.app, sara);
    const requestId = newRequestId();
    const first = await withdraw(sara, { bindingId, amount: '20.00', requestId });
    const second = await withdraw(sara, { bindingId, amount: '20.00', requestId });
    expect(second.data.id).toBe(first.data.id);
    expect(await spot(t.db, sara.id)).toBe(7_900n);
    expect(await frozen(t.db, sara.id)).toBe(2_100n);
  });

  it('in USDT to a bound TRC-20 address freezes amount + the 1 USDT fee', async () => {
    const teo = await newInvestor(t.app);
    const dep = await call<{ id: number }>(
      t.app,
      'POST',
      '/coin/recharge/add',
      {
        channelId: (
          await call<{ list: { id: number; network: string }[] }>(t.app, 'GET', '/index/recharge/coins')
        ).data.list.find((c) => c.network === 'TRC20')!.id,
        amount: '100',
        utr: 'hash-0001',
        requestId: newRequestId(),
      },
      { token: teo.token },
    );
    await call(
      t.app,
      'POST',
      '/admin/funding/deposit/approve',
      { id: dep.data.id, requestId: newRequestId() },
      { token: finance },
    );
    const address = await call<{ id: number }>(
      t.app,
      'POST',
      '/coin/withdraw/address/generate',
      { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', label: 'cold' },
      { token: teo.token },
    );
    const req = await call<Withdrawal>(
      t.app,
      'POST',
      '/coin/withdraw/add',
      {
        addressId: address.data.id,
        asset: 'USDT',
        amount: '40',
        pin: withdrawPin,
        requestId: newRequestId(),
      },
      { token: teo.token },
    );
    expect(req.data).toMatchObject({
      amount: '40.000000',
      fee: '1.000000',
      destination: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(await spot(t.db, teo.id, 'USDT')).toBe(59_000_000n);
    const list = await call<{ list: Withdrawal[] }>(
      t.app,
      'POST',
      '/coin/withdraw/order',
      {},
      { token: teo.token },
    );
    expect(list.data.list.map((w) => w.id)).toEqual([req.data.id]);
  });

  it('rules show the minimum, fee, hours and what is available', async () => {
    const rules = await call<{
      list: { method: string; asset: string; minAmount: string; feeFixed: string; openNow: boolean }[];
    }>(t.app, 'GET', '/user/withdraw/rules', {}, { token: (await newInvestor(t.app, { pin: false })).token });
    expect(rules.data.list.find((r) => r.method === 'bank')).toMatchObject({
      asset: 'EUR',
      minAmount: '10.00',
      feeFixed: '1.00',
      openNow: true,
    });
  });
});

describe('50 concurrent withdrawals', () => {
  it('that together exceed the balance: exactly those that fit succeed and no balance goes negative', async () => {
    const rich = await newInvestor(t.app);
    // 300.00 available; each request is 10.00 + 1.00 fee, so exactly 27 fit (297.00) and 3.00 stays.
    await depositEur(t.app, rich, '300.00', finance);
    const bindingId = await bindIban(t.app, rich);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(rich, { bindingId, amount: '10.00' })),
    );
    const ok = results.filter((r) => r.code === 0);
    const refused = results.filter((r) => r.code !== 0);
    expect(ok.length).toBe(27);
    expect(new Set(refused.map((r) => r.msg))).toEqual(new Set(['Insufficient balance']));
    expect(await spot(t.db, rich.id)).toBe(300n);
    expect(await frozen(t.db, rich.id)).toBe(29_700n);
    const [negative] = await t.db.query<{ n: bigint }>(
      `select count(*)::int8 as n from accounts where owner_type = 'user' and balance < 0`,
    );
    expect(negative?.n).toBe(0n);
  }, 60_000);

  it('from 30 investors at once all go through: the password check holds no pooled connection', async () => {
    const people = [];
    for (let i = 0; i < 30; i++) {
      const who = await newInvestor(t.app);
      await depositEur(t.app, who, '20.00', finance);
      people.push({ who, bindingId: await bindIban(t.app, who) });
    }
    const results = await Promise.all(
      people.map(({ who, bindingId }) => withdraw(who, { bindingId, amount: '10.00' })),
    );
    expect(results.map((r) => r.code)).toEqual(people.map(() => 0));
    for (const { who } of people) expect(await frozen(t.db, who.id)).toBe(1_100n);
  }, 120_000);

  it('leave a ledger that verifies', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
