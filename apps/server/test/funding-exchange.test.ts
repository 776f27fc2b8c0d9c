import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { operatorWithRole } from './admin-fixtures';
import {
  adminToken,
  countOf,
  depositEur,
  type Investor,
  newInvestor,
  newRequestId,
  spot,
} from './funding-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { unreachableMarket } from './market-fixtures';

let t: TestApp;
let admin: string;
let finance: string;
let giulia: Investor;
const clock = new TestClock();
// Bills carry the server's clock (decision 043), so periods are read on it, not on this machine's.
const startedAt = clock.ms;

// The feed cannot answer, so EUR/USD is the reference rate 1.0850: every amount below is exact.
beforeAll(async () => {
  t = await createTestApp({ clock, market: unreachableMarket(clock) });
  admin = await adminToken(t.app);
  finance = await operatorWithRole(t.app, admin, 'finance');
  giulia = await newInvestor(t.app, { pin: false });
  await depositEur(t.app, giulia, '500.00', finance);
});
afterAll(() => t.close());

type Quote = {
  quoteId: string;
  amountOut: string;
  rate: string;
  marketRate: string;
  source: string;
  expiresAt: number;
};

const quote = (from: string, to: string, amount: string, lang = 'en-US') =>
  call<Quote>(t.app, 'POST', '/user/exchange/quote', { from, to, amount }, { token: giulia.token, lang });
const confirm = (quoteId: string, requestId = newRequestId()) =>
  call<Quote & { entryId: string }>(
    t.app,
    'POST',
    '/user/exchange',
    { quoteId, requestId },
    { token: giulia.token },
  );

describe('exchange EUR ⇄ USD', () => {
  it('quotes 100.00 EUR at 1.0850 less the 30 bp spread: 108.17 USD, valid 10 s', async () => {
    const q = await quote('EUR', 'USD', '100.00');
    expect(q.data).toMatchObject({
      amountOut: '108.17',
      marketRate: '1.08500000',
      rate: '1.08174500',
      source: 'reference',
      expiresAt: clock.ms + 10_000,
    });
    const done = await confirm(q.data.quoteId);
    expect(done.code, done.msg).toBe(0);
    expect(await spot(t.db, giulia.id, 'EUR')).toBe(40_000n);
    expect(await spot(t.db, giulia.id, 'USD')).toBe(10_817n);
  });

  it('converts back 100.00 USD into 91.88 EUR (rounded down)', async () => {
    const q = await quote('USD', 'EUR', '100.00');
    expect(q.data.amountOut).toBe('91.88');
    await confirm(q.data.quoteId);
    expect(await spot(t.db, giulia.id, 'USD')).toBe(817n);
    expect(await spot(t.db, giulia.id, 'EUR')).toBe(49_188n);
  });

  it('refuses a quote once expired, once used, or not the user’s, and moves nothing', async () => {
    const q = await quote('EUR', 'USD', '10.00');
    const entries = await countOf(t.db, 'journal_entries');
    clock.advance(10_000);
    expect(await confirm(q.data.quoteId)).toMatchObject({
      code: -1001,
      msg: 'The quote has expired, please ask for a new one',
    });
    expect(await countOf(t.db, 'journal_entries')).toBe(entries);

    const fresh = await quote('EUR', 'USD', '10.00');
    const requestId = newRequestId();
    const first = await confirm(fresh.data.quoteId, requestId);
    // The same requestId is the same answer; a new one finds the quote used.
    expect((await confirm(fresh.data.quoteId, requestId)).data.entryId).toBe(first.data.entryId);
    expect(await confirm(fresh.data.quoteId)).toMatchObject({
      code: -1001,
      msg: 'This quote has already been used',
    });

    const other = await newInvestor(t.app, { pin: false, kyc: false });
    const theirs = await call<Quote>(
      t.app,
      'POST',
      '/user/exchange/quote',
      { from: 'EUR', to: 'USD', amount: '1' },
      { token: other.token },
    );
    expect(await confirm(theirs.data.quoteId)).toMatchObject({
      code: -1001,
      msg: 'This quote does not exist',
    });
  });

  it('confirmed five times at once, converts once', async () => {
    const q = await quote('EUR', 'USD', '1.00');
    const usd = await spot(t.db, giulia.id, 'USD');
    const results = await Promise.all(Array.from({ length: 5 }, () => confirm(q.data.quoteId)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(await spot(t.db, giulia.id, 'USD')).toBe(usd + 108n);
  });

  it('refuses more than the balance, a pair it does not convert, and a coin without a price', async () => {
    const big = await quote('EUR', 'USD', '10000.00');
    expect(await confirm(big.data.quoteId)).toMatchObject({ code: -1001, msg: 'Insufficient balance' });
    expect(await quote('EUR', 'BTC', '1')).toMatchObject({
      code: -1001,
      msg: 'This currency pair cannot be exchanged',
    });
    expect(await quote('EUR', 'EUR', '1')).toMatchObject({
      code: -1001,
      msg: 'This currency pair cannot be exchanged',
    });
    expect(await quote('USDT', 'BTC', '100', 'it-IT')).toMatchObject({
      code: -1001,
      msg: 'Nessun tasso per USDT/BTC al momento, riprova più tardi',
    });
  });

  it('applies the spread the admin sets (audited)', async () => {
    const saved = await call(
      t.app,
      'POST',
      '/admin/funding/exchange/save',
      { spreadBp: 0 },
      { token: admin },
    );
    expect(saved.code, saved.msg).toBe(0);
    expect((await quote('EUR', 'USD', '100.00')).data.amountOut).toBe('108.50');
    await call(t.app, 'POST', '/admin/funding/exchange/save', { spreadBp: 30 }, { token: admin });
    const [row] = await t.db.query<{ n: bigint }>(
      `select count(*)::int8 as n from audit_log where action = 'exchange.spread'`,
    );
    expect(row?.n).toBe(2n);
  });
});

describe('transfers between spot and contract', () => {
  it('moves 30.00 EUR to the contract account and back, free', async () => {
    const eur = await spot(t.db, giulia.id, 'EUR');
    const there = await call(
      t.app,
      'GET',
      '/user/transfer',
      { from: 'spot', to: 'contract', asset: 'EUR', amount: '30.00', requestId: newRequestId() },
      { token: giulia.token },
    );
    expect(there.code, there.msg).toBe(0);
    expect(await spot(t.db, giulia.id, 'EUR')).toBe(eur - 3_000n);
    const [contract] = await t.db.query<{ balance: bigint }>(
      `select balance from accounts where owner_type = 'user' and owner_id = $1 and purpose = 'contract' and asset = 'EUR'`,
      [giulia.id],
    );
    expect(contract?.balance).toBe(3_000n);
    await call(
      t.app,
      'GET',
      '/user/transfer',
      { from: 'contract', to: 'spot', asset: 'EUR', amount: '30.00', requestId: newRequestId() },
      { token: giulia.token },
    );
    expect(await spot(t.db, giulia.id, 'EUR')).toBe(eur);
  });

  it('refuses the same account, a coin on the currency path, and more than the balance', async () => {
    const entries = await countOf(t.db, 'journal_entries');
    const send = (path: string, params: Record<string, string>) =>
      call(
        t.app,
        path === '/user/transfer' ? 'GET' : 'POST',
        path,
        { requestId: newRequestId(), ...params },
        { token: giulia.token },
      );
    expect(
      await send('/user/transfer', { from: 'spot', to: 'spot', asset: 'EUR', amount: '1' }),
    ).toMatchObject({
      code: -1001,
      msg: 'Choose two different accounts',
    });
    expect(
      await send('/coin/transfer', { from: 'spot', to: 'contract', asset: 'EUR', amount: '1' }),
    ).toMatchObject({
      code: -1001,
      msg: 'EUR cannot be transferred here',
    });
    expect(
      await send('/user/transfer', { from: 'contract', to: 'spot', asset: 'EUR', amount: '1' }),
    ).toMatchObject({
      code: -1001,
      msg: 'Insufficient balance',
    });
    expect(await countOf(t.db, 'journal_entries')).toBe(entries);
  });
});

describe('funds detail', () => {
  it('lists the bills by type with the balance after each, newest first', async () => {
    const res = await call<{
      list: { billType: string; asset: string; amount: string; balanceAfter: string }[];
      total: number;
    }>(
      t.app,
      'GET',
      '/user/tx/record',
      { billTypes: 'deposit,exchange', purpose: 'spot', asset: 'EUR' },
      { token: giulia.token },
    );
    expect(res.data.list.slice(-3).map((b) => `${b.billType} ${b.amount} ${b.balanceAfter}`)).toEqual([
      'exchange 91.88 491.88',
      'exchange -100.00 400.00',
      'deposit 500.00 500.00',
    ]);
    const transfers = await call<{ list: { billType: string; purpose: string; amount: string }[] }>(
      t.app,
      'GET',
      '/user/tx/record',
      { billTypes: 'transfer' },
      { token: giulia.token },
    );
    expect(transfers.data.list.map((b) => `${b.purpose} ${b.amount}`)).toEqual([
      'spot 30.00',
      'contract -30.00',
      'contract 30.00',
      'spot -30.00',
    ]);
  });

  it('filters by period and pages', async () => {
    const later = await call<{ total: number }>(
      t.app,
      'GET',
      '/user/tx/record',
      { fromMs: clock.ms + 3_600_000 },
      { token: giulia.token },
    );
    expect(later.data.total).toBe(0);
    const all = await call<{ total: number; list: unknown[] }>(
      t.app,
      'GET',
      '/user/tx/record',
      { fromMs: startedAt - 60_000, toMs: clock.ms + 60_000, size: 2, page: 2 },
      { token: giulia.token },
    );
    expect(all.data.total).toBeGreaterThan(4);
    expect(all.data.list).toHaveLength(2);
    expect(
      await call(t.app, 'GET', '/user/tx/record', { billTypes: 'nonsense' }, { token: giulia.token }),
    ).toMatchObject({
      code: -1001,
    });
  });

  it('leaves a ledger that verifies', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('crypto convert at the market price', () => {
  let live: TestApp;
  beforeAll(async () => {
    live = await createTestApp({ clock: new TestClock() });
  });
  afterAll(() => live.close());

  it('quotes USDT → BTC at the simulated BTCUSDT price less the spread and posts it through fx', async () => {
    const who = await newInvestor(live.app, { pin: false });
    const fin = await operatorWithRole(live.app, await adminToken(live.app), 'finance');
    const channels = await call<{ list: { id: number; network: string }[] }>(
      live.app,
      'GET',
      '/index/recharge/coins',
    );
    const dep = await call<{ id: number }>(
      live.app,
      'POST',
      '/coin/recharge/add',
      { channelId: channels.data.list[0]!.id, amount: '1000', utr: 'hash-0002', requestId: newRequestId() },
      { token: who.token },
    );
    await call(
      live.app,
      'POST',
      '/admin/funding/deposit/approve',
      { id: dep.data.id, requestId: newRequestId() },
      { token: fin },
    );
    const q = await call<Quote & { amountIn: string }>(
      live.app,
      'POST',
      '/user/exchange/quote',
      { from: 'USDT', to: 'BTC', amount: '1000' },
      { token: who.token },
    );
    expect(q.code, q.msg).toBe(0);
    expect(q.data.source).toBe('market');
    // amount out = 1000 USDT ÷ price × (1 − 0.30 %), to the satoshi, rounded down.
    const market = live.app.services.market;
    const { last } = await market.quote('BTCUSDT', market.now());
    const unit = 10n ** BigInt(market.instrument('BTCUSDT')!.priceScale);
    const expected = (1_000_000_000n * unit * 9_970n * 10n ** 8n) / (last * 10_000n * 10n ** 6n);
    expect(BigInt(q.data.amountOut.replace('.', ''))).toBe(expected);
    const done = await call(
      live.app,
      'POST',
      '/user/exchange',
      { quoteId: q.data.quoteId, requestId: newRequestId() },
      { token: who.token },
    );
    expect(done.code, done.msg).toBe(0);
    expect(await spot(live.db, who.id, 'USDT')).toBe(0n);
    expect(await spot(live.db, who.id, 'BTC')).toBe(BigInt(q.data.amountOut.replace('.', '')));
    expect(await verifyLedger(live.db)).toEqual([]);
  });
});
