import type { ContractAccountView, ContractView } from '@piazza/contract/calls/stock-contract-shapes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import type { ContractEngine } from '../src/modules/stock-contract/contract-engine';
import { closeContract } from '../src/modules/stock-contract/contract-trade';
import { contractEngineOf } from '../src/modules/stock-contract/routes';
import { userTopic } from '../src/realtime/topics';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import {
  createTradingApp,
  eniBook,
  mondayInSession,
  newTrader,
  type TradingApp,
  userBalance,
} from './trading-steps';

/*
 * Leveraged contracts on ENI.MI (prices at 3 decimals, tick 0.002, lot 1), fees as spot (0.19 % between
 * €2.95 and €19.00), margin = entry value ÷ leverage rounded up, close-out at 50 % of the required margin.
 * The book: last 14.240; asks 60 at 14.230, 30 at 14.232, 500 at 14.236; bids 1,000 at 14.220.
 */

let t: TradingApp;
let engine: ContractEngine;
beforeAll(async () => {
  t = await createTradingApp();
  const found = contractEngineOf(t.app.services);
  if (!found) throw new Error('the stock contract module is not mounted');
  engine = found;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.clock.ms = mondayInSession;
  t.books.set('ENI.MI', eniBook);
});

/**
 * Each group of tests starts with no position of an earlier group open, so the engine's steps count only
 * the positions of the group at hand: what is left is closed on Monday's ENI.MI book.
 */
async function closeLeftovers(): Promise<void> {
  await settle();
  t.clock.ms = mondayInSession;
  t.books.set('ENI.MI', eniBook);
  const open = await t.db.query<{ id: bigint }>(`select id from stock_contracts where state = 'open'`);
  for (const { id } of open) {
    await t.db.tx((q) =>
      closeContract(q, t.app.services, id, {
        reason: 'user',
        nowMs: mondayInSession,
        actor: { type: 'job' },
      }),
    );
  }
  await engine.load();
}

/** Waits for the re-arming the calls start once their answer has gone out. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await engine.idle();
}

type Profile = { experience: string; riskPreference: string; objective: string };
const informed: Profile = { experience: 'informed', riskPreference: 'high', objective: 'growth' };

/** A trader with an appropriateness profile and `contractCents` moved from spot into the contract account. */
async function contractTrader(contractCents: bigint, profile: Profile | null = informed, spotCents = 0n) {
  const who = await newTrader(t, contractCents + spotCents);
  if (profile) {
    const res = await call(
      t.app,
      'POST',
      '/user/appropriateness',
      {
        purpose: 'investing',
        fundSource: 'salary',
        incomeRange: '50k_100k',
        assetRange: '50k_250k',
        ...profile,
      },
      { token: who.token },
    );
    expect(res.code, res.msg).toBe(0);
  }
  if (contractCents > 0n) {
    const res = await call(
      t.app,
      'GET',
      '/user/transfer',
      {
        from: 'spot',
        to: 'contract',
        asset: 'EUR',
        amount: (Number(contractCents) / 100).toFixed(2),
        requestId: newRequestId(),
      },
      { token: who.token },
    );
    expect(res.code, res.msg).toBe(0);
  }
  return who;
}

function open(token: string, params: Record<string, string | number>, lang = 'en-US') {
  return call<ContractView>(
    t.app,
    'POST',
    '/stock/contract/open',
    { symbol: 'ENI.MI', side: 'long', leverage: 5, ...params, requestId: newRequestId() },
    { token, lang },
  );
}

function close(token: string, id: number) {
  return call<ContractView>(
    t.app,
    'POST',
    '/stock/contract/close',
    { id, requestId: newRequestId() },
    { token },
  );
}

function info(token: string, id: number) {
  return call<ContractView>(t.app, 'GET', '/stock/contract/info', { id }, { token });
}

function account(token: string) {
  return call<ContractAccountView>(t.app, 'GET', '/stock/contract/account', { currency: 'EUR' }, { token });
}

async function contractCount(): Promise<number> {
  const [row] = await t.db.query<{ n: bigint }>('select count(*) as n from stock_contracts');
  return Number(row?.n ?? 0n);
}

/** Checks a user has `expected` positions and answers the count of every position. */
async function contractCountOf(userId: number, expected: number): Promise<number> {
  const [row] = await t.db.query<{ n: bigint }>(
    'select count(*) as n from stock_contracts where user_id = $1',
    [userId],
  );
  expect(Number(row?.n ?? 0n)).toBe(expected);
  return contractCount();
}

/** The platform's balance of a purpose in EUR. */
async function platformEur(purpose: string): Promise<bigint> {
  const [row] = await t.db.query<{ balance: bigint }>(
    `select balance from accounts where owner_type = 'platform' and purpose = $1 and asset = 'EUR'`,
    [purpose],
  );
  return row?.balance ?? 0n;
}

describe('a 5:1 long of 100 ENI.MI', () => {
  beforeAll(closeLeftovers);
  let who: { token: string; id: number };
  let id: number;

  it('fills across the asks, requires a fifth of the value as margin and pays the minimum fee', async () => {
    who = await contractTrader(100_000n); // €1,000.00 in the contract account
    const res = await open(who.token, { quantity: '100' });
    expect(res.code, res.msg).toBe(0);
    id = res.data.id;
    // 60 × 14.230 + 30 × 14.232 + 10 × 14.236 = 853.80 + 426.96 + 142.36 = 1,423.12; ÷ 5 = 284.624 → 284.63.
    // Fee 0.19 % of 1,423.12 = 2.70, under the €2.95 minimum. P&L at the last 14.240: 1,424.00 − 1,423.12.
    expect(res.data).toMatchObject({
      state: 'open',
      side: 'long',
      leverage: 5,
      quantity: '100',
      entryPrice: '14.231',
      entryNotional: '1423.120',
      entryValue: '1423.12',
      margin: '284.63',
      openFee: '2.95',
      markPrice: '14.240',
      pnl: '0.88',
      closeReason: null,
    });
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(99_705n); // 1,000.00 − 2.95
  });

  it('shows the account: equity with the P&L, margin used and the level', async () => {
    const res = await account(who.token);
    expect(res.code, res.msg).toBe(0);
    // Equity 997.05 + 0.88 = 997.93; free 997.93 − 284.63 = 713.30; level 997.93 ÷ 284.63 = 350.60 %.
    expect(res.data).toEqual({
      currency: 'EUR',
      balance: '997.05',
      equity: '997.93',
      usedMargin: '284.63',
      freeMargin: '713.30',
      marginLevel: '350.60',
      closeOutLevel: '50.00',
      openPositions: 1,
    });
  });

  it('puts its close-out price where equity reaches half the margin, 142.315', async () => {
    // 997.05 + (100 × P − 1,423.12) ≤ 142.315 ⇒ P ≤ 5.68385: at 5.682 equity is 142.13, at 5.684 142.33.
    expect((await info(who.token, id)).data.closeOutPrice).toBe('5.682');
  });

  it('closes at the bid and posts the loss and the fee', async () => {
    const res = await close(who.token, id);
    expect(res.code, res.msg).toBe(0);
    // 100 × 14.220 = 1,422.00: P&L −1.12; fee 0.19 % of 1,422.00 = 2.70 → 2.95; −4.07 in all.
    expect(res.data).toMatchObject({
      state: 'closed',
      markPrice: '14.220',
      pnl: '-1.12',
      closeFee: '2.95',
      closeReason: 'user',
      absorbed: '0.00',
      closeOutPrice: null,
    });
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(99_298n); // 997.05 − 4.07
    const again = await close(who.token, id);
    expect(again.code).toBe(-1001);
    expect(again.msg).toBe('This position is already closed.');
  });

  it('is listed as closed, no longer as open', async () => {
    const closed = await call<{ list: ContractView[]; total: number }>(
      t.app,
      'GET',
      '/stock/contract/list',
      { state: 'closed' },
      { token: who.token },
    );
    expect(closed.data.list.map((c) => c.id)).toEqual([id]);
    const opened = await call<{ total: number }>(
      t.app,
      'GET',
      '/stock/contract/list',
      { state: 'open' },
      { token: who.token },
    );
    expect(opened.data.total).toBe(0);
  });
});

describe('a 5:1 short of 50 ENI.MI', () => {
  beforeAll(closeLeftovers);
  it('sells at the bid, gains when the price falls and pays it at the ask', async () => {
    const who = await contractTrader(50_000n);
    const res = await open(who.token, { side: 'short', quantity: '50' });
    expect(res.code, res.msg).toBe(0);
    // 50 × 14.220 = 711.00; margin 142.20; fee 2.95.
    expect(res.data).toMatchObject({ entryValue: '711.00', margin: '142.20', openFee: '2.95', pnl: '-1.00' });
    t.books.set('ENI.MI', {
      last: 13_500n,
      bids: [{ price: 13_490n, quantity: 1_000n }],
      asks: [{ price: 13_510n, quantity: 1_000n }],
    });
    // Marked at 13.500: 711.00 − 675.00 = 36.00.
    expect((await info(who.token, res.data.id)).data.pnl).toBe('36.00');
    const closed = await close(who.token, res.data.id);
    // Bought back at 13.510: 711.00 − 675.50 = 35.50; fee 0.19 % of 675.50 = 1.28 → 2.95.
    expect(closed.data).toMatchObject({ pnl: '35.50', closeFee: '2.95', markPrice: '13.510' });
    // 500.00 − 2.95 + 35.50 − 2.95, less 26 % of the gain 35.50 − 5.90 = 29.60 withheld: 7.70 (decision 048).
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(52_190n);
  });
});

describe('sizing by margin', () => {
  beforeAll(closeLeftovers);
  it('opens the most whole shares the margin carries at the ask', async () => {
    const who = await contractTrader(50_000n);
    const res = await open(who.token, { margin: '300' });
    expect(res.code, res.msg).toBe(0);
    // 300.00 × 5 ÷ 14.230 = 105.4 → 105 shares: 853.80 + 426.96 + 15 × 14.236 (213.54) = 1,494.30; ÷ 5 = 298.86.
    expect(res.data).toMatchObject({ quantity: '105', entryValue: '1494.30', margin: '298.86' });
  });
});

describe('the FTSE MIB index at 10:1', () => {
  beforeAll(closeLeftovers);

  it('opens a long of 1 at a tenth of its value, with the fee at its €19.00 cap', async () => {
    t.books.set('FTSEMIB.IDX', {
      last: 4_550_000n,
      bids: [{ price: 4_549_000n, quantity: 10n }],
      asks: [{ price: 4_550_000n, quantity: 10n }],
    });
    const who = await contractTrader(500_000n); // €5,000.00
    const res = await open(who.token, { symbol: 'FTSEMIB.IDX', quantity: '1', leverage: 10 });
    expect(res.code, res.msg).toBe(0);
    // 45,500.00 ÷ 10 = 4,550.00; 0.19 % is 86.45, capped at 19.00. Balance 4,981.00: close-out where
    // 4,981.00 + P − 45,500.00 ≤ 2,275.00, P ≤ 42,794.00.
    expect(res.data).toMatchObject({
      entryValue: '45500.00',
      margin: '4550.00',
      openFee: '19.00',
      closeOutPrice: '42794.00',
    });
  });
});

describe('the margin close-out at 50 %', () => {
  beforeAll(closeLeftovers);
  it('leaves the account alone above half the margin and closes it at or below', async () => {
    const who = await contractTrader(30_000n); // €300.00
    const res = await open(who.token, { quantity: '100' });
    expect(res.code, res.msg).toBe(0);
    const id = res.data.id;
    // Balance 297.05; close-out where 297.05 + 100 × P − 1,423.12 ≤ 142.315: P ≤ 12.68385.
    expect(res.data.closeOutPrice).toBe('12.682');
    await settle();

    t.books.set('ENI.MI', {
      last: 12_700n,
      bids: [{ price: 12_690n, quantity: 1_000n }],
      asks: [{ price: 12_710n, quantity: 1_000n }],
    });
    // Equity 297.05 − 153.12 = 143.93, above 142.315.
    expect(await engine.step()).toBe(0);
    expect((await info(who.token, id)).data.state).toBe('open');
    expect((await account(who.token)).data.marginLevel).toBe('50.56'); // 143.93 ÷ 284.63

    t.books.set('ENI.MI', {
      last: 12_680n,
      bids: [{ price: 12_670n, quantity: 1_000n }],
      asks: [{ price: 12_690n, quantity: 1_000n }],
    });
    expect(await engine.step()).toBe(1);
    const after = await info(who.token, id);
    // Closed at 12.670: 1,267.00 − 1,423.12 = −156.12; fee 0.19 % of 1,267.00 = 2.40 → 2.95.
    expect(after.data).toMatchObject({
      state: 'closed',
      closeReason: 'close_out',
      pnl: '-156.12',
      absorbed: '0.00',
    });
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(13_798n); // 297.05 − 159.07
    const [entry] = await t.db.query<{ billType: string }>(
      `select bill_type as "billType" from journal_entries where idempotency_key = $1`,
      [`stock-contract:${id}:close`],
    );
    expect(entry?.billType).toBe('contract_liquidation');
  });

  it('closes the largest loss first and keeps the winner once the level is restored', async () => {
    const who = await contractTrader(60_000n); // €600.00
    t.books.set('LOTS.MI', {
      last: 4_000n,
      bids: [{ price: 4_000n, quantity: 10_000n }],
      asks: [{ price: 4_000n, quantity: 10_000n }],
    });
    // A short of 200 LOTS.MI at 4.000 (800.00, margin 160.00, fee 2.95) and a long of 100 ENI.MI (1,423.12,
    // margin 284.63, fee 2.95): balance 594.10, margin required 444.63.
    const isp = await open(who.token, { symbol: 'LOTS.MI', side: 'short', quantity: '200' });
    expect(isp.code, isp.msg).toBe(0);
    const eni = await open(who.token, { quantity: '100' });
    expect(eni.code, eni.msg).toBe(0);
    await settle();
    // LOTS.MI falls to 3.800 (the short gains 40.00), ENI.MI to 10.000 (the long loses 423.12, closed at 10.000).
    t.books.set('LOTS.MI', {
      last: 3_800n,
      bids: [{ price: 3_800n, quantity: 10_000n }],
      asks: [{ price: 3_800n, quantity: 10_000n }],
    });
    expect(await engine.step()).toBe(0); // 594.10 + 40.00 + 0.88 = 634.98: far above 222.315
    t.books.set('ENI.MI', {
      last: 10_000n,
      bids: [{ price: 10_000n, quantity: 1_000n }],
      asks: [{ price: 10_000n, quantity: 1_000n }],
    });
    // Equity 594.10 + 40.00 − 423.12 = 210.98 ≤ 222.315 (half of 444.63): the ENI.MI long goes first; the
    // short alone needs 160.00, half 80.00, and equity stays 210.98 less the fee: it is kept.
    expect(await engine.step()).toBe(1);
    expect((await info(who.token, eni.data.id)).data).toMatchObject({
      state: 'closed',
      closeReason: 'close_out',
    });
    expect((await info(who.token, isp.data.id)).data.state).toBe('open');
    // 594.10 − 423.12 − 2.95 (fee on 1,000.00: 1.90 → 2.95) = 168.03.
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(16_803n);
  });
});

describe('an engine started on a database with open positions', () => {
  beforeAll(closeLeftovers);

  it('arms their close-out prices and take profits from the rows', async () => {
    const who = await contractTrader(30_000n);
    const res = await open(who.token, { quantity: '100', takeProfit: '16' });
    expect(res.code, res.msg).toBe(0);
    await settle();
    engine.index.load([]);
    expect(engine.index.size).toBe(0);
    await engine.load();
    expect(engine.index.get(`${res.data.id}:close_out`)).toMatchObject({
      level: 12_682n,
      fires: 'at-or-below',
    });
    expect(engine.index.get(`${res.data.id}:take_profit`)).toMatchObject({
      level: 16_000n,
      fires: 'at-or-above',
    });
  });
});

describe('negative-balance protection', () => {
  beforeAll(closeLeftovers);
  it('takes what the account holds and posts the rest as absorbed by the platform', async () => {
    const who = await contractTrader(30_000n);
    const res = await open(who.token, { quantity: '100' });
    expect(res.code, res.msg).toBe(0);
    await settle();
    const absorbedBefore = await platformEur('negative-balance-protection');
    // The price gaps from 14.240 to 1.000.
    t.books.set('ENI.MI', {
      last: 1_000n,
      bids: [{ price: 1_000n, quantity: 1_000n }],
      asks: [{ price: 1_010n, quantity: 1_000n }],
    });
    expect(await engine.step()).toBe(1);
    // 100.00 − 1,423.12 = −1,323.12, fee 2.95 (0.19 % of 100.00 is 0.19): 1,326.07 owed, 297.05 held,
    // 1,029.02 absorbed.
    expect((await info(who.token, res.data.id)).data).toMatchObject({
      state: 'closed',
      pnl: '-1323.12',
      absorbed: '1029.02',
      closeReason: 'close_out',
    });
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(0n);
    expect(await platformEur('negative-balance-protection')).toBe(absorbedBefore - 102_902n);
    const [entry] = await t.db.query<{ billType: string }>(
      `select bill_type as "billType" from journal_entries where idempotency_key = $1`,
      [`stock-contract:${res.data.id}:nbp`],
    );
    expect(entry?.billType).toBe('negative_balance_protection');
  });
});

describe('take profit and stop loss', () => {
  beforeAll(closeLeftovers);
  it('closes a long at its take profit and tells the owner over the socket bus', async () => {
    const who = await contractTrader(50_000n);
    const events: unknown[] = [];
    const unsubscribe = await t.app.services.bus.subscribe(userTopic(who.id), (e) => events.push(e));
    const res = await open(who.token, { quantity: '100', takeProfit: '15', stopLoss: '13' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ takeProfit: '15.000', stopLoss: '13.000' });
    await settle();
    t.books.set('ENI.MI', {
      last: 14_998n,
      bids: [{ price: 14_990n, quantity: 1_000n }],
      asks: [{ price: 15_000n, quantity: 1_000n }],
    });
    expect(await engine.step()).toBe(0);
    t.books.set('ENI.MI', {
      last: 15_000n,
      bids: [{ price: 14_990n, quantity: 1_000n }],
      asks: [{ price: 15_010n, quantity: 1_000n }],
    });
    expect(await engine.step()).toBe(1);
    // 1,499.00 − 1,423.12 = 75.88; fee 0.19 % of 1,499.00 = 2.84 → 2.95.
    expect((await info(who.token, res.data.id)).data).toMatchObject({
      state: 'closed',
      closeReason: 'take_profit',
      pnl: '75.88',
    });
    // 500.00 − 2.95 + 75.88 − 2.95, less 26 % of the gain 75.88 − 5.90 = 69.98 withheld: 18.19 (decision 048).
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(55_179n);
    await expect
      .poll(() =>
        events.find((e) => (e as { kind?: string; data?: { state?: string } }).data?.state === 'closed'),
      )
      .toMatchObject({ data: { id: res.data.id, state: 'closed', closeReason: 'take_profit' } });
    await unsubscribe();
  });

  it('sets a stop loss on an open short and closes it there', async () => {
    const who = await contractTrader(50_000n);
    const res = await open(who.token, { side: 'short', quantity: '50' });
    const set = await call<ContractView>(
      t.app,
      'POST',
      '/stock/contract/set/loss',
      { id: res.data.id, price: '14.5' },
      { token: who.token },
    );
    expect(set.code, set.msg).toBe(0);
    expect(set.data.stopLoss).toBe('14.500');
    await settle();
    t.books.set('ENI.MI', {
      last: 14_500n,
      bids: [{ price: 14_490n, quantity: 1_000n }],
      asks: [{ price: 14_510n, quantity: 1_000n }],
    });
    expect(await engine.step()).toBe(1);
    // Bought back at 14.510: 711.00 − 725.50 = −14.50.
    expect((await info(who.token, res.data.id)).data).toMatchObject({
      closeReason: 'stop_loss',
      pnl: '-14.50',
    });
  });
});

describe('adding margin', () => {
  beforeAll(closeLeftovers);
  it('moves money from spot into the contract account and lowers the close-out price', async () => {
    const who = await contractTrader(30_000n, informed, 10_000n);
    const res = await open(who.token, { quantity: '100' });
    expect(res.data.closeOutPrice).toBe('12.682');
    const added = await call<ContractView>(
      t.app,
      'POST',
      '/stock/contract/add/mgn',
      { id: res.data.id, amount: '50', requestId: newRequestId() },
      { token: who.token },
    );
    expect(added.code, added.msg).toBe(0);
    // Balance 347.05: P ≤ (142.315 − 347.05 + 1,423.12) ÷ 100 = 12.18385.
    expect(added.data).toMatchObject({ addedMargin: '50.00', closeOutPrice: '12.182' });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(5_000n);
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(34_705n);

    const tooMuch = await call(
      t.app,
      'POST',
      '/stock/contract/add/mgn',
      { id: res.data.id, amount: '50.01', requestId: newRequestId() },
      { token: who.token },
    );
    expect(tooMuch.code).toBe(-1001);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(5_000n);
    expect((await info(who.token, res.data.id)).data.addedMargin).toBe('50.00');
  });
});

describe('the margin an account holds', () => {
  beforeAll(closeLeftovers);

  it('cannot be moved out to spot, while what is free can, and the close-out price follows', async () => {
    const who = await contractTrader(50_000n); // €500.00
    const res = await open(who.token, { quantity: '100' });
    expect(res.code, res.msg).toBe(0);
    const id = res.data.id;
    await settle();
    // Balance 497.05, equity 497.93 at 14.240, margin 284.63: 213.30 free.
    const transfer = (amount: string, lang = 'en-US') =>
      call(
        t.app,
        'GET',
        '/user/transfer',
        { from: 'contract', to: 'spot', asset: 'EUR', amount, requestId: newRequestId() },
        { token: who.token, lang },
      );
    const refused = await transfer('213.31');
    expect(refused.code).toBe(-1001);
    expect(refused.msg).toBe(
      'Your open contracts hold this margin: at most 213.30 can be moved out of the contract account.',
    );
    const refusedIt = await transfer('300', 'it-IT');
    expect(refusedIt.msg).toBe(
      'Le posizioni aperte impegnano questo margine: dal conto contratti puoi trasferire al massimo 213,30.',
    );
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(49_705n);
    expect(engine.index.get(`${id}:close_out`)?.level).toBe(10_682n); // 497.05 + 100 P − 1,423.12 ≤ 142.315: P ≤ 10.68385

    const moved = await transfer('100');
    expect(moved.code, moved.msg).toBe(0);
    await settle();
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(39_705n);
    // 397.05 + 100 P − 1,423.12 ≤ 142.315 ⇒ P ≤ 11.68385.
    expect(engine.index.get(`${id}:close_out`)?.level).toBe(11_682n);
  });

  it('settles a close racing another close and an opening once each', async () => {
    const who = await contractTrader(100_000n);
    const first = await open(who.token, { quantity: '100' });
    expect(first.code, first.msg).toBe(0);
    const [closeA, closeB, opened] = await Promise.all([
      close(who.token, first.data.id),
      close(who.token, first.data.id),
      open(who.token, { quantity: '10' }),
    ]);
    expect([closeA.code, closeB.code].sort()).toEqual([-1001, 0]);
    expect(opened.code, opened.msg).toBe(0);
    // 1,000.00 − 2.95 (open) − 4.07 (close: −1.12 and 2.95) − 2.95 (the second opening).
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(99_003n);
  });

  it('is spent once when two openings race for it', async () => {
    const who = await contractTrader(40_000n); // €400.00: one long of 100 needs 287.58, then 397.93 − 284.63 is free
    const results = await Promise.all([
      open(who.token, { quantity: '100' }),
      open(who.token, { quantity: '100' }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([-1001, 0]);
    expect(results.find((r) => r.code === -1001)?.msg).toBe(
      'Not enough free margin in the contract account: 287.58 needed, 113.30 available.',
    );
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(39_705n);
  });
});

describe('refusals change nothing', () => {
  beforeAll(closeLeftovers);
  async function refused(
    who: { token: string; id: number },
    params: Record<string, string | number>,
    expected: { en: string; it: string },
  ) {
    const before = [await contractCount(), await userBalance(t, who.id, 'contract', 'EUR')];
    for (const [lang, msg] of [
      ['en-US', expected.en],
      ['it-IT', expected.it],
    ] as const) {
      const res = await open(who.token, params, lang);
      expect(res.code).toBe(-1001);
      expect(res.msg).toBe(msg);
    }
    expect([await contractCount(), await userBalance(t, who.id, 'contract', 'EUR')]).toEqual(before);
  }

  it('leverage above the cap of a share (5:1) and of the FTSE MIB (10:1, not an ESMA major index)', async () => {
    const who = await contractTrader(100_000n);
    await refused(
      who,
      { quantity: '100', leverage: 6 },
      { en: 'Leverage cannot exceed 5:1.', it: 'La leva non può superare 5:1.' },
    );
    await refused(
      who,
      { symbol: 'FTSEMIB.IDX', quantity: '1', leverage: 11 },
      { en: 'Leverage cannot exceed 10:1.', it: 'La leva non può superare 10:1.' },
    );
    const choices = await call<{ leverageMax: number; choices: number[]; verdict: string }>(
      t.app,
      'GET',
      '/stock/contract/leverage',
      { symbol: 'FTSEMIB.IDX' },
      { token: who.token },
    );
    expect(choices.data).toMatchObject({ leverageMax: 10, choices: [1, 2, 3, 5, 10], verdict: 'fit' });
  });

  it('margin beyond the free margin of the contract account', async () => {
    const who = await contractTrader(10_000n);
    await refused(
      who,
      { quantity: '100' },
      {
        en: 'Not enough free margin in the contract account: 287.58 needed, 100.00 available.',
        it: 'Margine libero insufficiente nel conto contratti: servono 287,58, disponibili 100,00.',
      },
    );
  });

  it('take profit and stop loss on the wrong side of the price', async () => {
    const who = await contractTrader(100_000n);
    await refused(
      who,
      { quantity: '10', takeProfit: '14' },
      {
        en: 'The take profit must be above the current price for a long, below it for a short.',
        it: 'Il take profit deve essere sopra il prezzo attuale per un long, sotto per uno short.',
      },
    );
    await refused(
      who,
      { quantity: '10', side: 'short', stopLoss: '14' },
      {
        en: 'The stop loss must be below the current price for a long, above it for a short.',
        it: 'Lo stop loss deve essere sotto il prezzo attuale per un long, sopra per uno short.',
      },
    );
  });

  it('a closed market', async () => {
    const who = await contractTrader(100_000n);
    t.clock.ms = Date.UTC(2026, 10, 28, 10, 0); // Saturday
    await refused(who, { quantity: '10' }, { en: 'Market closed.', it: 'Mercato chiuso.' });
  });

  it('an investor the questionnaire finds leveraged products inappropriate for, or none taken', async () => {
    const refusedOne = await contractTrader(100_000n, {
      experience: 'none',
      riskPreference: 'high',
      objective: 'growth',
    });
    await refused(
      refusedOne,
      { quantity: '10' },
      {
        en: 'According to your questionnaire, leveraged contracts are not appropriate for you.',
        it: 'In base al tuo questionario, i contratti con leva non sono adeguati per te.',
      },
    );
    const noProfile = await contractTrader(100_000n, null);
    await refused(
      noProfile,
      { quantity: '10' },
      {
        en: 'Complete the appropriateness questionnaire before trading leveraged contracts.',
        it: 'Completa il questionario di adeguatezza prima di negoziare contratti con leva.',
      },
    );
  });

  it('a warning verdict without the acknowledgement, and accepted with it', async () => {
    const who = await contractTrader(100_000n, {
      experience: 'basic',
      riskPreference: 'medium',
      objective: 'growth',
    });
    await refused(
      who,
      { quantity: '10' },
      {
        en: 'Leveraged contracts may not be appropriate for you: confirm you have read the warning to go on.',
        it: 'I contratti con leva potrebbero non essere adeguati per te: conferma di aver letto l’avvertenza per proseguire.',
      },
    );
    const res = await open(who.token, { quantity: '10', acknowledgeRisk: '1' });
    expect(res.code, res.msg).toBe(0);
  });

  it('both a quantity and a margin, and a margin too small for one share', async () => {
    const who = await contractTrader(100_000n);
    await refused(
      who,
      { quantity: '10', margin: '100' },
      {
        en: 'Give either a quantity or a margin, not both.',
        it: 'Indica la quantità oppure il margine, non entrambi.',
      },
    );
    await refused(
      who,
      { margin: '2' },
      {
        en: 'This margin does not open one lot: at least 2.85 is needed.',
        it: 'Questo margine non apre un lotto: servono almeno 2,85.',
      },
    );
  });
});

describe('refusals on an open position change nothing', () => {
  beforeAll(closeLeftovers);

  it('a close on a closed market, a take profit on the wrong side, another investor, a closed position', async () => {
    const who = await contractTrader(50_000n);
    const res = await open(who.token, { quantity: '100' });
    expect(res.code, res.msg).toBe(0);
    const id = res.data.id;
    const balance = await userBalance(t, who.id, 'contract', 'EUR');

    t.clock.ms = Date.UTC(2026, 10, 28, 10, 0); // Saturday
    const closedMarket = await close(who.token, id);
    expect([closedMarket.code, closedMarket.msg]).toEqual([-1001, 'Market closed.']);
    expect((await info(who.token, id)).data.state).toBe('open');
    t.clock.ms = mondayInSession;

    const wrongSide = await call(
      t.app,
      'POST',
      '/stock/contract/set/profit',
      { id, price: '14.000' },
      { token: who.token, lang: 'it-IT' },
    );
    expect(wrongSide.msg).toBe(
      'Il take profit deve essere sopra il prezzo attuale per un long, sotto per uno short.',
    );
    expect((await info(who.token, id)).data.takeProfit).toBeNull();

    const other = await contractTrader(10_000n);
    const notMine = await close(other.token, id);
    expect([notMine.code, notMine.msg]).toEqual([-1001, 'Position not found.']);
    expect(await userBalance(t, who.id, 'contract', 'EUR')).toBe(balance);

    expect((await close(who.token, id)).code).toBe(0);
    const late = await call(
      t.app,
      'POST',
      '/stock/contract/add/mgn',
      { id, amount: '10', requestId: newRequestId() },
      { token: who.token },
    );
    expect([late.code, late.msg]).toEqual([-1001, 'This position is already closed.']);
  });
});

describe('the transaction password', () => {
  beforeAll(closeLeftovers);

  it('is asked for an opening once set, and a wrong one opens nothing', async () => {
    const who = await contractTrader(50_000n);
    const set = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'trade', password: 'segreta1', pin: '135790', confirmPin: '135790' },
      { token: who.token },
    );
    expect(set.code, set.msg).toBe(0);
    const missing = await open(who.token, { quantity: '10' });
    expect([missing.code, missing.msg]).toEqual([-1001, 'Enter your transaction password.']);
    const wrong = await open(who.token, { quantity: '10', tradePassword: '000000' });
    expect(wrong.code).toBe(-1001);
    expect(await contractCount()).toBe(await contractCountOf(who.id, 0));
    const right = await open(who.token, { quantity: '10', tradePassword: '135790' });
    expect(right.code, right.msg).toBe(0);
  });
});

describe('the ledger', () => {
  beforeAll(closeLeftovers);
  it('passes every check after all of the above', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
