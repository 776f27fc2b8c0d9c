import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eth3300, fundContract, openLong, setAppropriateness, setEth } from './coin-contract-steps';
import { contractTrader } from './contract-steps';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import { buyOption, newOptionTrader } from './options-steps';
import {
  createTradingApp,
  eniBook,
  mondayInSession,
  newTrader,
  placeOrder,
  type TradingApp,
} from './trading-steps';

/*
 * Total wealth (issue 17): shares at their last price, a contract account's open P&L and held options at the
 * mark and perpetuals' open P&L count in /user/assets beside the cash, converted at EUR/USD 1.08500 from the feed. ENI.MI's book:
 * last 14.240, asks 60 at 14.230, 30 at 14.232, 500 at 14.236; fees 0.19%, at least €2.95.
 */

interface Assets {
  totals: { EUR: string; USD: string };
  positions: { kind: string; asset: string; value: string }[];
  unvalued: string[];
  rates: { pair: string; rate: string; source: string }[];
}

const tuesday = Date.UTC(2026, 10, 24, 9, 30);
const december = Date.UTC(2026, 11, 18, 16, 30);

let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp();
});
afterAll(async () => {
  await t?.close();
});

/** Monday in session, ENI.MI at its book, EUR/USD at 1.08500. */
function marketAt(ms: number, eniLast = eniBook.last) {
  t.clock.ms = ms;
  t.books.set('ENI.MI', { ...eniBook, last: eniLast });
  t.books.set('EURUSD.FX', { last: 108_500n, bids: [], asks: [] });
}

async function assets(token: string, lang = 'en-US') {
  const res = await call<Assets>(t.app, 'POST', '/user/assets', {}, { token, lang });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

describe('total wealth', () => {
  it('counts 10 ENI bought at their last price: €854.75 + 10 × 14.240 = €997.15', async () => {
    marketAt(mondayInSession);
    const who = await newTrader(t, 100_000n); // €1,000.00
    const order = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '10' });
    expect(order.code, order.msg).toBe(0);
    // 10 × 14.230 = 142.30, and the €2.95 minimum fee: 1,000.00 − 145.25 = 854.75 of cash.
    expect(order.data).toMatchObject({ value: '142.30', fee: '2.95' });

    const view = await assets(who.token);
    // EUR: 854.75 + 142.40. USD: 854.75 × 1.085 = 927.403… → 927.40, 10 × 14.240 × 1.085 = 154.504 → 154.50.
    expect(view.totals).toEqual({ EUR: '997.15', USD: '1081.90' });
    expect(view.unvalued).toEqual([]);
    expect(view.positions).toEqual([]);
    expect(view.rates).toContainEqual({ pair: 'ENI.MIEUR', rate: '14.240', source: 'market' });

    // A share with no price now is the only thing left out, and named.
    marketAt(mondayInSession, 0n);
    const unpriced = await assets(who.token);
    expect(unpriced.totals.EUR).toBe('854.75');
    expect(unpriced.unvalued).toEqual(['ENI.MI']);
  });

  it("counts a contract account's open P&L: €997.05 of cash + €76.88 at 15.000 = €1,073.93", async () => {
    marketAt(mondayInSession);
    const who = await contractTrader(t, 100_000n); // €1,000.00 in the contract account
    const opened = await call(
      t.app,
      'POST',
      '/stock/contract/open',
      { symbol: 'ENI.MI', side: 'long', leverage: 5, quantity: '100', requestId: newRequestId() },
      { token: who.token },
    );
    expect(opened.code, opened.msg).toBe(0);
    // Entry 1,423.12 (the asks walked), fee €2.95 from the contract account: 997.05 of cash.
    marketAt(mondayInSession, 15_000n);
    const view = await assets(who.token);
    // P&L 100 × 15.000 − 1,423.12 = 76.88.
    expect(view.positions).toEqual([{ kind: 'contracts', asset: 'EUR', value: '76.88' }]);
    expect(view.totals.EUR).toBe('1073.93');
    expect(view.unvalued).toEqual([]);
  });

  it('counts a held option at the mark: €905.61 of cash + €212.22 = €1,117.83', async () => {
    marketAt(mondayInSession);
    const who = await newOptionTrader(t, 100_000n);
    const bought = await buyOption(t, who.token, {
      symbol: 'ENI.MI',
      right: 'call',
      strike: '14.000',
      expiresAt: december,
      contracts: 2,
    });
    expect(bought.code, bought.msg).toBe(0);
    expect(bought.data.premium).toBe('94.39');
    // A day later at 15.000 the two contracts close for 212.22 (options.test.ts).
    marketAt(tuesday, 15_000n);
    const view = await assets(who.token);
    expect(view.positions).toEqual([{ kind: 'options', asset: 'EUR', value: '212.22' }]);
    expect(view.totals.EUR).toBe('1117.83');
  });
  it("counts a perpetual's open P&L, never more loss than its margin", async () => {
    marketAt(mondayInSession);
    eth3300(t);
    const who = await newTrader(t, 0n);
    await setAppropriateness(t, who.id, 'fit');
    await fundContract(t, who, 2_000_000_000n); // 2,000 USDT
    // 1,000 USDT at 2:1 buys 0.6060 ETH at 3,300.00 for a fee of 0.9999 USDT: 1,999.0001 USDT left in all.
    const opened = await openLong(t, who.token);
    expect(opened.code, opened.msg).toBe(0);
    setEth(t, 340_000n);
    const up = await assets(who.token);
    // 0.6060 × (3,400.00 − 3,300.00) = 60.60 USDT; 1,999.0001 + 60.60 = 2,059.6001 USDT = $2,059.60.
    expect(up.positions).toEqual([{ kind: 'perpetuals', asset: 'USDT', value: '60.600000' }]);
    expect(up.totals.USD).toBe('2059.60');
    // At 1,000.00 the loss would be 1,393.80: the position can lose its 1,000 USDT margin and no more.
    setEth(t, 100_000n);
    const down = await assets(who.token);
    expect(down.positions).toEqual([{ kind: 'perpetuals', asset: 'USDT', value: '-1000.000000' }]);
    expect(down.totals.USD).toBe('999.00');
  });
});
