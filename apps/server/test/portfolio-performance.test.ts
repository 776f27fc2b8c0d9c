import type { CandleInterval } from '@piazza/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { calendarFor } from '../src/market/calendar/calendar-for';
import { catalogue } from '../src/market/catalogue/catalogue';
import type { Candle, MarketFeed, Quote } from '../src/market/feed';
import { createMarketService } from '../src/market/market-service';
import { adminToken, depositEur, type Investor, newInvestor } from './funding-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { credit, placeOrder } from './trading-steps';

/*
 * The home's figures from postings and daily closes (decision 058) and the FX split of a dollar share
 * (decision 059), on a real database with the clock moved over days. The market here is a price path the test
 * writes: each symbol's last price from a given instant on; a day's 1d candle closes at the price of 16:30
 * UTC. Books always offer 100,000 at the last price. Fees: 0.19 %, at least €2.95; $1.00 on a US share.
 */

const hour = 3_600_000;
const day = 24 * hour;
/** Monday 23 November 2026, 00:00 UTC. */
const monday = Date.UTC(2026, 10, 23);
const at = (dayIndex: number, hourUtc: number) => monday + dayIndex * day + hourUtc * hour;

const path = new Map<string, [number, bigint][]>();
function setPrice(symbol: string, fromMs: number, last: bigint) {
  const list = path.get(symbol) ?? [];
  list.push([fromMs, last]);
  list.sort((a, b) => a[0] - b[0]);
  path.set(symbol, list);
}
function priceAt(symbol: string, ms: number): bigint | undefined {
  let found: bigint | undefined;
  for (const [from, last] of path.get(symbol) ?? []) if (from <= ms) found = last;
  return found;
}

const clock = new TestClock(at(0, 9.5));
const bySymbol = new Map(catalogue.map((i) => [i.symbol, i]));
const isOpen = (symbol: string, ms: number) => {
  const i = bySymbol.get(symbol);
  return i !== undefined && calendarFor(i.calendar).isOpen(ms);
};
const feed: MarketFeed = {
  name: 'portfolio-test-path',
  covers: (symbol) => path.has(symbol),
  async candles(symbol: string, interval: CandleInterval, fromMs: number, toMs: number) {
    if (interval !== '1d') return [];
    const out: Candle[] = [];
    for (let d = Math.floor(fromMs / day) * day; d < toMs; d += day) {
      const open = d + 8 * hour;
      if (open < fromMs || open >= toMs || open > clock.now()) continue;
      const close = priceAt(symbol, Math.min(d + 16.5 * hour, clock.now()));
      const first = priceAt(symbol, open);
      if (close === undefined || first === undefined) continue;
      out.push({ time: open, open: first, high: close, low: close, close, volume: 0n });
    }
    return out;
  },
  async quote(symbol, ms): Promise<Quote> {
    const last = priceAt(symbol, ms) ?? 0n;
    const status = isOpen(symbol, ms) ? 'open' : 'closed';
    return { symbol, time: ms, status, last, open: last, high: last, low: last, volume: 0n, prevClose: last };
  },
  async book(symbol, ms) {
    const last = priceAt(symbol, ms) ?? 0n;
    const level = [{ price: last, quantity: 100_000n }];
    return { symbol, time: ms, bids: isOpen(symbol, ms) ? level : [], asks: isOpen(symbol, ms) ? level : [] };
  },
  trades: async () => [],
};

interface Performance {
  value: string;
  today: { pnl: string; fraction: string | null };
  total: { pnl: string; fraction: string | null; netDeposits: string };
  range: string;
  window: { pnl: string; fraction: string | null; points: { t: number; growth: string; pnl: string }[] };
  allocation: { assetClass: string; value: string; fraction: string }[];
  unvalued: string[];
}

let t: TestApp;
let operator: string;
beforeAll(async () => {
  const market = createMarketService({ instruments: catalogue, feeds: [feed], clock });
  t = await createTestApp({ clock, market });
  operator = await adminToken(t.app);
  // ENI at 14.000 from the start; EUR/USD at 1.08000; Apple at $200.00.
  setPrice('ENI.MI', monday - 30 * day, 14_000n);
  setPrice('EURUSD.FX', monday - 30 * day, 108_000n);
  setPrice('AAPL.US', monday - 30 * day, 20_000n);
});
afterAll(async () => {
  await t?.close();
});

async function performance(who: Investor, range = '1M', lang = 'en-US') {
  const res = await call<Performance>(
    t.app,
    'GET',
    '/portfolio/performance',
    { range },
    { token: who.token, lang },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

describe('the home’s figures over four days', () => {
  it('a deposit, a buy, a 2 % rise and a second deposit that is not a gain', async () => {
    // Monday 10:30 Milan: €5,000.00 deposited by bank transfer.
    clock.ms = at(0, 9.5);
    const who = await newInvestor(t.app);
    await depositEur(t.app, who, '5000.00', operator);
    const monday1 = await performance(who);
    expect(monday1.value).toBe('5000.00');
    // Money in on the day is not profit: nothing gained today or in all.
    expect(monday1.today).toEqual({ pnl: '0.00', fraction: '0.000000' });
    expect(monday1.total).toEqual({ pnl: '0.00', fraction: '0.000000', netDeposits: '5000.00' });

    // Tuesday: 100 ENI at 14.000 = €1,400.00 and the €2.95 minimum fee; €3,597.05 of cash left.
    clock.ms = at(1, 9.5);
    const order = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'market',
      quantity: '100',
    });
    expect(order.code, order.msg).toBe(0);
    expect(order.data).toMatchObject({ value: '1400.00', fee: '2.95' });

    // Wednesday: ENI at 14.280, +2 %.
    setPrice('ENI.MI', at(2, 8), 14_280n);
    clock.ms = at(2, 9.5);
    const wednesday = await performance(who, '1W');
    // €3,597.05 + 100 × 14.280 = €5,025.05.
    expect(wednesday.value).toBe('5025.05');
    // Against Tuesday's close €3,597.05 + €1,400.00 = €4,997.05: +€28.00, 28 / 4,997.05 = +0.5603 %.
    expect(wednesday.today).toEqual({ pnl: '28.00', fraction: '0.005603' });
    // €5,025.05 − €5,000.00 deposited = +€25.05 (the fee is a cost); 5,025.05 / 5,000 − 1 = +0.5010 %.
    expect(wednesday.total).toEqual({ pnl: '25.05', fraction: '0.005010', netDeposits: '5000.00' });
    // The week: before Monday (nothing), Monday €5,000.00, Tuesday €4,997.05, Wednesday €5,025.05.
    expect(wednesday.window.points.map((p) => [p.growth, p.pnl])).toEqual([
      ['1.000000', '0.00'],
      ['1.000000', '0.00'],
      ['0.999410', '-2.95'],
      ['1.005010', '25.05'],
    ]);
    expect(wednesday.window).toMatchObject({ pnl: '25.05', fraction: '0.005010' });

    // Thursday: a second €5,000.00 arrives, ENI still 14.280.
    clock.ms = at(3, 9.5);
    await depositEur(t.app, who, '5000.00', operator);
    const thursday = await performance(who, '1W', 'it-IT');
    expect(thursday.value).toBe('10025.05');
    // The deposit shows in the value, not as profit: today +€0.00, all +€25.05 as on Wednesday.
    expect(thursday.today).toEqual({ pnl: '0.00', fraction: '0.000000' });
    expect(thursday.total).toEqual({ pnl: '25.05', fraction: '0.005010', netDeposits: '10000.00' });
    expect(thursday.window.points.at(-1)).toMatchObject({ growth: '1.005010', pnl: '25.05' });
    // €8,597.05 cash and €1,428.00 of shares: 85.7557 % and 14.2443 %.
    expect(thursday.allocation).toEqual([
      { assetClass: 'cash', value: '8597.05', fraction: '0.857557' },
      { assetClass: 'shares', value: '1428.00', fraction: '0.142443' },
    ]);
    expect(thursday.unvalued).toEqual([]);

    // The same value as the assets page's total wealth.
    const assets = await call<{ totals: { EUR: string } }>(
      t.app,
      'POST',
      '/user/assets',
      {},
      { token: who.token },
    );
    expect(assets.data.totals.EUR).toBe('10025.05');

    // 1M and all hold the same four days; 1Y too.
    for (const range of ['1M', '1Y', 'all']) {
      const p = await performance(who, range);
      expect(p.range).toBe(range);
      expect(p.window).toMatchObject({ pnl: '25.05', fraction: '0.005010' });
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a new investor with nothing has no return to show', async () => {
    const who = await newInvestor(t.app);
    const p = await performance(who);
    expect(p).toMatchObject({
      value: '0.00',
      today: { pnl: '0.00', fraction: null },
      total: { pnl: '0.00', fraction: null, netDeposits: '0.00' },
      allocation: [],
    });
  });

  it('refuses an unknown period with -1001 and names it, in both languages', async () => {
    const who = await newInvestor(t.app);
    const en = await call(t.app, 'GET', '/portfolio/performance', { range: '2W' }, { token: who.token });
    expect(en.code).toBe(-1001);
    expect(en.msg).toBe('Choose the period: 1W, 1M, 1Y or all.');
    const it = await call(
      t.app,
      'GET',
      '/portfolio/performance',
      { range: '2W' },
      { token: who.token, lang: 'it-IT' },
    );
    expect(it.msg).toBe('Scegli il periodo: 1S, 1M, 1A o tutto.');
    const guest = await call(t.app, 'GET', '/portfolio/performance', { range: '1W' });
    expect(guest.code).not.toBe(0);
  });
});

describe('the P&L of a dollar share in euros, split', () => {
  it('10 Apple bought at $200.00 with EUR/USD 1.08, now $210.00 at 1.10', async () => {
    // Monday 15:30 UTC, New York in session.
    clock.ms = at(0, 15.5);
    const who = await newInvestor(t.app);
    await credit(t, who.id, 'USD', 300_000n); // $3,000.00
    const order = await placeOrder(t, 'buy', who.token, {
      symbol: 'AAPL.US',
      type: 'market',
      quantity: '10',
    });
    expect(order.code, order.msg).toBe(0);
    // 10 × $200.00 = $2,000.00 and the $1.00 fee: a cost of $2,001.00 at 1.08 = €1,852.78.
    expect(order.data).toMatchObject({ value: '2000.00', fee: '1.00' });

    setPrice('AAPL.US', at(1, 14.5), 21_000n);
    setPrice('EURUSD.FX', at(1, 0), 110_000n);
    clock.ms = at(1, 15.5);
    const res = await call<{ list: Record<string, string>[] }>(
      t.app,
      'GET',
      '/portfolio/fx/split',
      {},
      { token: who.token },
    );
    expect(res.code, res.msg).toBe(0);
    // Worth $2,100.00 = €1,909.09 at 1.10: +€56.31 in all. Apple's move: $2,100.00 − $2,001.00 = $99.00 =
    // +€90.00 at 1.10; the dollar's: $2,001.00 at 1.10 = €1,819.09 less the €1,852.78 paid = −€33.69.
    expect(res.data.list).toEqual([
      {
        symbol: 'AAPL.US',
        quantity: '10',
        costUsd: '2001.00',
        costEur: '1852.78',
        eurUsdAtCost: '1.0800',
        valueUsd: '2100.00',
        valueEur: '1909.09',
        eurUsdNow: '1.1000',
        pnlEur: '56.31',
        instrumentEur: '90.00',
        currencyEur: '-33.69',
      },
    ]);
    setPrice('EURUSD.FX', at(2, 0), 108_000n);
  });

  it('lists nothing for an investor with only euro shares', async () => {
    const who = await newInvestor(t.app);
    const res = await call<{ list: unknown[] }>(
      t.app,
      'GET',
      '/portfolio/fx/split',
      {},
      { token: who.token },
    );
    expect(res.data.list).toEqual([]);
  });
});
