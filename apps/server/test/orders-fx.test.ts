import type { OrderFxView } from '@piazza/contract/calls/trading-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call } from './helper';
import {
  createTradingApp,
  credit,
  newTrader,
  orderCount,
  placeOrder,
  type TradingApp,
  userBalance,
} from './trading-steps';

/*
 * A US share paid from euros (issue 17 item 9, decision 057). Monday 23 November 2026 at 16:00 in Milan
 * (10:00 in New York, in session). EUR/USD at 1.08500 from the market, the exchange's spread 30 bp (the
 * default): €1 buys $1.0850 × 0.997 = $1.081745. AAPL.US asks 100 at $200.00; the US fee is $0.005 a share
 * with a $1.00 minimum.
 */

let t: TradingApp;

beforeAll(async () => {
  t = await createTradingApp(Date.UTC(2026, 10, 23, 15, 0));
  t.books.set('EURUSD.FX', { last: 108_500n, bids: [], asks: [] });
  t.books.set('AAPL.US', {
    last: 20_000n,
    bids: [{ price: 19_990n, quantity: 100n }],
    asks: [{ price: 20_000n, quantity: 100n }],
  });
});
afterAll(async () => {
  await t?.close();
});

const fxEntries = (orderId: number) =>
  t.db.query<{ asset: string; purpose: string; owner: string; amount: bigint }>(
    `select p.asset, a.purpose, a.owner_type as owner, p.amount from journal_entries e
       join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
      where e.idempotency_key = $1 order by p.asset, a.owner_type`,
    [`stock-order:${orderId}:fx`],
  );

describe('the rate the ticket shows before confirming', () => {
  it('is 1.08174500 dollars a euro: the market 1.08500000 less 30 bp', async () => {
    const who = await newTrader(t, 0n);
    const res = await call<OrderFxView>(
      t.app,
      'GET',
      '/stock/order/fx',
      { currency: 'USD' },
      { token: who.token },
    );
    expect(res.data).toEqual({
      from: 'EUR',
      to: 'USD',
      rate: '1.08174500',
      marketRate: '1.08500000',
      spreadBp: 30,
      source: 'market',
    });
  });
});

describe('a market buy of 10 AAPL.US with no dollars and €3,000.00', () => {
  it('is refused without payFrom, as any buy the balance does not pay', async () => {
    const who = await newTrader(t, 300_000n);
    const before = await orderCount(t);
    const res = await placeOrder(t, 'buy', who.token, { symbol: 'AAPL.US', type: 'market', quantity: '10' });
    expect(res.code).toBe(-1001);
    expect(await orderCount(t)).toBe(before);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(300_000n);
  });

  it('paid from EUR exchanges exactly what it costs, $2,001.00, for €1,849.79 in the same transaction', async () => {
    const who = await newTrader(t, 300_000n);
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'AAPL.US',
      type: 'market',
      quantity: '10',
      payFrom: 'EUR',
    });
    expect(res.code, res.msg).toBe(0);
    // 10 × $200.00 = $2,000.00 + the $1.00 minimum fee = $2,001.00; ÷ 1.081745 = €1,849.7789…, rounded up
    // to €1,849.79, which buys $2,001.0031…, rounded down to $2,001.00.
    expect(res.data).toMatchObject({
      state: 'position',
      value: '2000.00',
      fee: '1.00',
      fx: { from: 'EUR', amountIn: '1849.79', amountOut: '2001.00', rate: '1.08174500', spreadBp: 30 },
    });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(300_000n - 184_979n);
    expect(await userBalance(t, who.id, 'spot', 'USD')).toBe(0n);
    expect(await userBalance(t, who.id, 'locked', 'AAPL.US')).toBe(10n);
    // Through the platform's fx account, like the exchange page: balanced in each currency.
    expect((await fxEntries(res.data.id)).map((p) => [p.asset, p.owner, p.purpose, p.amount])).toEqual([
      ['EUR', 'platform', 'fx', 184_979n],
      ['EUR', 'user', 'spot', -184_979n],
      ['USD', 'platform', 'fx', -200_100n],
      ['USD', 'user', 'spot', 200_100n],
    ]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('uses the dollars there are first and exchanges only the shortfall: $1,000.00 held, $1,001.00 bought for €925.36', async () => {
    const who = await newTrader(t, 300_000n);
    await credit(t, who.id, 'USD', 100_000n);
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'AAPL.US',
      type: 'market',
      quantity: '10',
      payFrom: 'EUR',
    });
    expect(res.code, res.msg).toBe(0);
    // $1,001.00 ÷ 1.081745 = €925.356…, rounded up to €925.36.
    expect(res.data.fx).toMatchObject({ amountIn: '925.36', amountOut: '1001.00' });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(300_000n - 92_536n);
    expect(await userBalance(t, who.id, 'spot', 'USD')).toBe(0n);
  });

  it('needs no exchange when the dollars suffice', async () => {
    const who = await newTrader(t, 0n);
    await credit(t, who.id, 'USD', 300_000n);
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'AAPL.US',
      type: 'market',
      quantity: '10',
      payFrom: 'EUR',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.fx).toBeNull();
    expect(await userBalance(t, who.id, 'spot', 'USD')).toBe(300_000n - 200_100n);
  });

  it('is refused when the euros do not cover it either, naming what is needed, and changes nothing', async () => {
    const who = await newTrader(t, 100_000n); // €1,000.00
    const before = await orderCount(t);
    const res = await placeOrder(
      t,
      'buy',
      who.token,
      { symbol: 'AAPL.US', type: 'market', quantity: '10', payFrom: 'EUR' },
      { lang: 'it-IT' },
    );
    expect(res).toMatchObject({
      code: -1001,
      msg: 'USD insufficienti, e gli EUR non bastano per cambiarli: servono 1.849,79 EUR al cambio di 1,08174500.',
    });
    expect(await orderCount(t)).toBe(before);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(100_000n);
    expect(await userBalance(t, who.id, 'spot', 'USD')).toBe(0n);
  });
});

describe('a limit buy of 5 AAPL.US at $190.00 paid from EUR', () => {
  it('exchanges what it freezes, $951.00 (5 × 190.00 + $1.00), and rests', async () => {
    const who = await newTrader(t, 300_000n);
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'AAPL.US',
      type: 'limit',
      quantity: '5',
      price: '190.00',
      payFrom: 'EUR',
    });
    expect(res.code, res.msg).toBe(0);
    // $951.00 × 10⁹ ÷ 1,081,745,000 = 87,913.5… → €879.14.
    expect(res.data).toMatchObject({ state: 'open', frozen: '951.00' });
    expect(res.data.fx).toMatchObject({ amountIn: '879.14', amountOut: '951.00' });
    expect(await userBalance(t, who.id, 'frozen', 'USD')).toBe(95_100n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
