import type { coinAssetsView } from '@piazza/contract/calls/coin-shapes';
import type { FillView, OrderView } from '@piazza/contract/calls/trading-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { verifyLedger } from '../src/ledger/verify';
import { quotedRates } from '../src/platform/fx';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import { createTradingApp, credit, newTrader, type TradingApp, userBalance } from './trading-steps';

/*
 * Crypto spot on the stock engine (decision 016). BTCUSDT: prices at 2 decimals (tick 0.01), quantities at 5
 * (0.00001 BTC), BTC kept in the ledger at 8 decimals, USDT at 6; fee 0.10 % of the value, no minimum;
 * coins bought land in spot at once. The clock is a Saturday: crypto trades when Borsa Italiana is shut.
 */

const saturday = Date.UTC(2026, 10, 28, 12, 0);

let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp(saturday);
  t.books.set('BTCUSDT', {
    last: 9_500_000n, // 95,000.00
    bids: [{ price: 9_499_000n, quantity: 5_000n }], // 0.05000 at 94,990.00
    asks: [
      { price: 9_500_000n, quantity: 1_000n }, // 0.01000 at 95,000.00
      { price: 9_501_000n, quantity: 2_000n }, // 0.02000 at 95,010.00
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

type Assets = z.output<typeof coinAssetsView>;

/** A trader with `usdt` (USDT minor units, 6 decimals) in spot. */
async function usdtTrader(usdt: bigint) {
  const who = await newTrader(t, 0n);
  if (usdt > 0n) await credit(t, who.id, 'USDT', usdt);
  return who;
}

function addOrder(token: string, params: Record<string, string>, lang = 'en-US') {
  return call<OrderView>(
    t.app,
    'POST',
    '/coin/order/add',
    { ...params, requestId: newRequestId() },
    { token, lang },
  );
}

async function coinOrderRows(userId: number): Promise<number> {
  const [row] = await t.db.query<{ n: bigint }>('select count(*) as n from stock_orders where user_id = $1', [
    userId,
  ]);
  return Number(row?.n ?? 0n);
}

describe('a market buy of 0.025 BTC', () => {
  let who: { token: string; id: number };
  let orderId: number;

  it('takes both ask levels and pays 0.10 % on the value, the coins spendable at once', async () => {
    who = await usdtTrader(5_000_000_000n); // 5,000.000000 USDT
    const res = await addOrder(who.token, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'market',
      quantity: '0.025',
    });
    expect(res.code, res.msg).toBe(0);
    orderId = res.data.id;
    // 0.01 × 95,000.00 + 0.015 × 95,010.00 = 950.00 + 1,425.15 = 2,375.15 USDT; 0.10 % of it is 2.37515.
    expect(res.data).toMatchObject({
      symbol: 'BTCUSDT',
      name: 'Bitcoin',
      currency: 'USDT',
      side: 'buy',
      state: 'position',
      quantity: '0.02500',
      filledQuantity: '0.02500',
      averagePrice: '95006.00',
      value: '2375.150000',
      fee: '2.375150',
      frozen: '0.000000',
    });
    // 5,000 − 2,375.15 − 2.37515 = 2,622.47485 USDT; 0.025 BTC at the ledger's 8 decimals, none locked.
    expect(await userBalance(t, who.id, 'spot', 'USDT')).toBe(2_622_474_850n);
    expect(await userBalance(t, who.id, 'spot', 'BTC')).toBe(2_500_000n);
    expect(await userBalance(t, who.id, 'locked', 'BTC')).toBe(0n);
    const [lots] = await t.db.query<{ n: bigint }>(
      'select count(*) as n from stock_lots where user_id = $1',
      [who.id],
    );
    expect(lots?.n).toBe(0n);
  });

  it('answers the order with its two fills, the fee split so they add up to the order fee', async () => {
    const res = await call<OrderView & { fills: FillView[] }>(
      t.app,
      'POST',
      '/coin/order/query',
      { id: orderId },
      { token: who.token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data.fills.map((f) => [f.price, f.quantity, f.value, f.fee])).toEqual([
      ['95000.00', '0.01000', '950.000000', '0.950000'],
      ['95010.00', '0.01500', '1425.150000', '1.425150'],
    ]);
  });

  it('lists it among coin orders and not among stock orders; a stock call cannot see it', async () => {
    const coins = await call<{ list: OrderView[]; total: number }>(
      t.app,
      'POST',
      '/coin/order/list',
      {},
      { token: who.token },
    );
    expect(coins.data.total).toBe(1);
    expect(coins.data.list[0]?.id).toBe(orderId);
    const stocks = await call<{ total: number }>(t.app, 'GET', '/stock/order/list', {}, { token: who.token });
    expect(stocks.data.total).toBe(0);
    const info = await call(t.app, 'GET', '/stock/order/info', { id: orderId }, { token: who.token });
    expect(info.msg).toBe('Order not found.');
  });

  it('values the coins in USDT at the last price and in EUR at EUR/USD', async () => {
    t.books.set('EURUSD.FX', { last: 125_000n, bids: [], asks: [] }); // 1.25000 USD per EUR
    const res = await call<Assets>(t.app, 'POST', '/coin/assets', {}, { token: who.token });
    expect(res.code, res.msg).toBe(0);
    // 0.025 BTC × 95,000.00 = 2,375.00 USDT; with 2,622.47485 USDT, 4,997.47485 USDT = €3,997.97 (down).
    expect(res.data.list).toEqual([
      {
        coin: 'USDT',
        symbol: null,
        name: 'Tether USD',
        scale: 6,
        spot: '2622.474850',
        contract: '0.000000',
        frozen: '0.000000',
        total: '2622.474850',
        price: '1',
        valueUsdt: '2622.474850',
      },
      {
        coin: 'BTC',
        symbol: 'BTCUSDT',
        name: 'Bitcoin',
        scale: 8,
        spot: '0.02500000',
        contract: '0.00000000',
        frozen: '0.00000000',
        total: '0.02500000',
        price: '95000.00',
        valueUsdt: '2375.000000',
      },
    ]);
    expect(res.data.totalUsdt).toBe('4997.474850');
    expect(res.data.totalEur).toBe('3997.97');
    expect(res.data.unvalued).toEqual([]);
  });

  it('counts the coins in the /user/assets totals at the pair price, USDT as one dollar', async () => {
    const res = await call<{
      totals: { EUR: string; USD: string };
      unvalued: string[];
      rates: { pair: string; rate: string; source: string }[];
    }>(t.app, 'POST', '/user/assets', {}, { token: who.token });
    expect(res.code, res.msg).toBe(0);
    // USD: 2,622.47485 + 0.025 × 95,000.00 = 4,997.47485, down to 4,997.47.
    // EUR: 2,622.47485 ÷ 1.25 = 2,097.97988 (down 2,097.97) + 2,375 ÷ 1.25 = 1,900.00: 3,997.97.
    expect(res.data.totals).toEqual({ EUR: '3997.97', USD: '4997.47' });
    expect(res.data.unvalued).toEqual([]);
    expect(res.data.rates).toContainEqual({ pair: 'BTCUSDT', rate: '95000.00', source: 'market' });
  });

  it('sells 0.01 BTC at market to the bid, the fee taken from the proceeds', async () => {
    const res = await addOrder(who.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'market',
      quantity: '0.01',
    });
    expect(res.code, res.msg).toBe(0);
    // 0.01 × 94,990.00 = 949.90 USDT, fee 0.9499: 948.9501 more USDT, 0.015 BTC left.
    expect(res.data).toMatchObject({ state: 'closed', value: '949.900000', fee: '0.949900' });
    expect(await userBalance(t, who.id, 'spot', 'USDT')).toBe(3_571_424_950n);
    expect(await userBalance(t, who.id, 'spot', 'BTC')).toBe(1_500_000n);
  });
});

describe('limit orders on BTCUSDT', () => {
  let who: { token: string; id: number };
  let buyId: number;

  it('a limit buy under the market freezes its cost at the limit with the fee and rests', async () => {
    who = await usdtTrader(1_000_000_000n); // 1,000 USDT
    const res = await addOrder(who.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      quantity: '0.01',
      price: '94000',
    });
    expect(res.code, res.msg).toBe(0);
    buyId = res.data.id;
    // 0.01 × 94,000.00 = 940.00, fee 0.94: 940.94 USDT frozen.
    expect(res.data).toMatchObject({ state: 'open', limitPrice: '94000.00', frozen: '940.940000' });
    expect(await userBalance(t, who.id, 'spot', 'USDT')).toBe(59_060_000n);
    expect(await userBalance(t, who.id, 'frozen', 'USDT')).toBe(940_940_000n);
  });

  it('the engine fills half when an ask reaches the limit, at the limit, from what was frozen', async () => {
    const before = t.books.get('BTCUSDT');
    t.books.set('BTCUSDT', {
      last: 9_390_000n,
      bids: [{ price: 9_380_000n, quantity: 5_000n }],
      asks: [{ price: 9_390_000n, quantity: 500n }], // 0.00500 at 93,900.00
    });
    expect(await t.engine.step(saturday)).toBe(1);
    if (before) t.books.set('BTCUSDT', before);
    const res = await call<OrderView>(
      t.app,
      'POST',
      '/coin/order/query',
      { id: buyId },
      { token: who.token },
    );
    // 0.005 × 94,000.00 = 470.00, fee 0.47: 470.47 of the 940.94 spent, 470.47 still frozen.
    expect(res.data).toMatchObject({
      state: 'partial',
      filledQuantity: '0.00500',
      value: '470.000000',
      fee: '0.470000',
      frozen: '470.470000',
    });
    expect(await userBalance(t, who.id, 'spot', 'BTC')).toBe(500_000n);
    expect(await userBalance(t, who.id, 'frozen', 'USDT')).toBe(470_470_000n);
  });

  it('cancelling the rest gives back the 470.47 USDT still frozen', async () => {
    const res = await call<OrderView>(
      t.app,
      'POST',
      '/coin/order/close',
      { id: buyId },
      { token: who.token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ state: 'cancelled', frozen: '0.000000' });
    expect(await userBalance(t, who.id, 'frozen', 'USDT')).toBe(0n);
    expect(await userBalance(t, who.id, 'spot', 'USDT')).toBe(529_530_000n); // 1,000 − 470.47
    const again = await call(t.app, 'POST', '/coin/order/close', { id: buyId }, { token: who.token });
    expect(again.msg).toBe('Only an open or partially filled order can be cancelled.');
  });

  it('a limit sell above the market freezes the coins in ledger units and a cancel returns them', async () => {
    const res = await addOrder(who.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      quantity: '0.003',
      price: '99000.5',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ state: 'open', frozen: '0.00300000' });
    expect(await userBalance(t, who.id, 'spot', 'BTC')).toBe(200_000n);
    expect(await userBalance(t, who.id, 'frozen', 'BTC')).toBe(300_000n);
    const assets = await call<Assets>(t.app, 'POST', '/coin/assets', {}, { token: who.token });
    expect(assets.data.list.find((c) => c.coin === 'BTC')).toMatchObject({
      spot: '0.00200000',
      frozen: '0.00300000',
      total: '0.00500000',
    });
    const closed = await call<OrderView>(
      t.app,
      'POST',
      '/coin/order/close',
      { id: res.data.id },
      { token: who.token },
    );
    expect(closed.data.state).toBe('cancelled');
    expect(await userBalance(t, who.id, 'spot', 'BTC')).toBe(500_000n);
    expect(await userBalance(t, who.id, 'frozen', 'BTC')).toBe(0n);
  });

  it('another user cannot see or cancel the order', async () => {
    const other = await usdtTrader(0n);
    const res = await call(t.app, 'POST', '/coin/order/close', { id: buyId }, { token: other.token });
    expect(res.msg).toBe('Order not found.');
  });
});

describe('refusals change nothing', () => {
  let who: { token: string; id: number };
  beforeAll(async () => {
    who = await usdtTrader(100_000_000n); // 100 USDT
    await credit(t, who.id, 'BTC', 100_000n); // 0.001 BTC
  });

  const cases: [string, Record<string, string>, string, string][] = [
    [
      'quantity 0',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0' },
      'The quantity must be more than 0.',
      'La quantità deve essere maggiore di 0.',
    ],
    [
      'a quantity finer than the coin scale',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.000001' },
      'The quantity of BTC has at most 5 decimals.',
      'La quantità di BTC ha al massimo 5 decimali.',
    ],
    [
      'a buy beyond the USDT balance',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.002' },
      'Insufficient balance',
      'Saldo insufficiente',
    ],
    [
      'a limit buy whose frozen cost exceeds the balance',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.002', price: '50000' },
      'Insufficient balance',
      'Saldo insufficiente',
    ],
    [
      'a sell beyond the coins held',
      { symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '0.002' },
      'Not enough quantity: 0.00100 available.',
      'Quantità insufficiente: disponibili 0,00100.',
    ],
    [
      'limit price 0',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.001', price: '0' },
      'The limit price cannot be 0.',
      'Il prezzo limite non può essere 0.',
    ],
    [
      'an unknown pair',
      { symbol: 'FOOUSDT', side: 'buy', type: 'market', quantity: '1' },
      'Unknown pair: FOOUSDT. Coins trade against USDT, e.g. BTCUSDT.',
      'Coppia sconosciuta: FOOUSDT. Le cripto si negoziano contro USDT, es. BTCUSDT.',
    ],
    [
      'a share through the coin call',
      { symbol: 'ENI.MI', side: 'buy', type: 'market', quantity: '1' },
      'Unknown pair: ENI.MI. Coins trade against USDT, e.g. BTCUSDT.',
      'Coppia sconosciuta: ENI.MI. Le cripto si negoziano contro USDT, es. BTCUSDT.',
    ],
  ];

  for (const [what, params, en, it_] of cases) {
    it(`${what}: "${en}"`, async () => {
      for (const [lang, text] of [
        ['en-US', en],
        ['it-IT', it_],
      ] as const) {
        const res = await addOrder(who.token, params, lang);
        expect(res.code).toBe(-1001);
        expect(res.msg).toBe(text);
      }
      expect(await coinOrderRows(who.id)).toBe(0);
      expect(await userBalance(t, who.id, 'spot', 'USDT')).toBe(100_000_000n);
      expect(await userBalance(t, who.id, 'frozen', 'USDT')).toBe(0n);
      expect(await userBalance(t, who.id, 'spot', 'BTC')).toBe(100_000n);
    });
  }

  it('once a transaction password is set, an order without it or with a wrong one places nothing', async () => {
    const me = await usdtTrader(100_000_000n);
    const set = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'trade', password: 'segreta1', pin: '135790', confirmPin: '135790' },
      { token: me.token },
    );
    expect(set.code, set.msg).toBe(0);
    const ticket = { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.0001' };
    expect(await addOrder(me.token, ticket)).toMatchObject({
      code: -1001,
      msg: 'Enter your transaction password.',
    });
    const wrong = await addOrder(me.token, { ...ticket, tradePassword: '000000' });
    expect(wrong.msg).toMatch(/^Wrong transaction password/);
    expect(await coinOrderRows(me.id)).toBe(0);
    expect(await userBalance(t, me.id, 'spot', 'USDT')).toBe(100_000_000n);
    const right = await addOrder(me.token, { ...ticket, tradePassword: '135790' });
    expect(right.code, right.msg).toBe(0);
    // 0.0001 × 95,000.00 = 9.50 USDT, fee 0.0095.
    expect(await userBalance(t, me.id, 'spot', 'USDT')).toBe(90_490_500n);
  });

  it('a coin on the stock call is an unknown stock', async () => {
    const res = await call(
      t.app,
      'POST',
      '/stock/order/buy',
      { symbol: 'BTCUSDT', type: 'market', quantity: '0.001', requestId: newRequestId() },
      { token: who.token },
    );
    expect(res.msg).toBe('Unknown stock: BTCUSDT.');
    expect(await coinOrderRows(who.id)).toBe(0);
  });
});

describe('two buys at once', () => {
  it('spend the USDT once: one fills, the other is refused for the balance', async () => {
    const me = await usdtTrader(1_000_000_000n); // 1,000 USDT: one buy of 0.01 BTC (950.95), not two
    const ticket = { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' };
    const answers = await Promise.all([addOrder(me.token, ticket), addOrder(me.token, ticket)]);
    expect(answers.map((a) => a.code).sort()).toEqual([-1001, 0]);
    expect(answers.find((a) => a.code === -1001)?.msg).toBe('Insufficient balance');
    expect(await userBalance(t, me.id, 'spot', 'USDT')).toBe(49_050_000n); // 1,000 − 950.00 − 0.95
    expect(await userBalance(t, me.id, 'spot', 'BTC')).toBe(1_000_000n);
    expect(await coinOrderRows(me.id)).toBe(1);
  });
});

describe('other pairs keep their own scales', () => {
  it('DOGE trades in whole coins, kept at 8 decimals in the ledger', async () => {
    t.books.set('DOGEUSDT', {
      last: 14_000n,
      bids: [],
      asks: [{ price: 14_000n, quantity: 1_000n }], // 1,000 DOGE at 0.14000
    });
    const who = await usdtTrader(100_000_000n);
    const res = await addOrder(who.token, {
      symbol: 'DOGEUSDT',
      side: 'buy',
      type: 'market',
      quantity: '250',
    });
    expect(res.code, res.msg).toBe(0);
    // 250 × 0.14 = 35.00 USDT, fee 0.035.
    expect(res.data).toMatchObject({ quantity: '250', value: '35.000000', fee: '0.035000' });
    expect(await userBalance(t, who.id, 'spot', 'DOGE')).toBe(25_000_000_000n);
    expect(await userBalance(t, who.id, 'spot', 'USDT')).toBe(64_965_000n);
    const half = await addOrder(who.token, {
      symbol: 'DOGEUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.5',
    });
    expect(half.msg).toBe('The quantity of DOGE has at most 0 decimals.');
  });

  it('a coin reaches EUR through two quotes, BTC/USDT and USDT/USD, exactly', () => {
    const rates = quotedRates([
      { base: 'EUR', quote: 'USD', rate: '1.25', source: 'market' },
      { base: 'USDT', quote: 'USD', rate: '1', source: 'reference' },
      { base: 'BTC', quote: 'USDT', rate: '95000.00', source: 'market' },
    ]);
    expect(rates.rate('BTC', 'EUR')).toEqual({ num: 76_000n, den: 1n });
    expect(rates.rate('EUR', 'BTC')).toEqual({ num: 1n, den: 76_000n });
    expect(rates.rate('ETH', 'EUR')).toBeUndefined();
  });

  it('leaves the ledger clean: every coin fill posted in ledger units', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
