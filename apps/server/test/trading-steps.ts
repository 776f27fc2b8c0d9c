import type { OrderView } from '@piazza/contract/calls/trading-shapes';
import type { CandleInterval } from '@piazza/contract/enums';
import { type AccountRef, balanceOf, postEntry } from '../src/ledger/post';
import { calendarFor } from '../src/market/calendar/calendar-for';
import { catalogue } from '../src/market/catalogue/catalogue';
import type { BookLevel, MarketFeed, Quote } from '../src/market/feed';
import type { Instrument } from '../src/market/instrument';
import { createMarketService, type MarketService } from '../src/market/market-service';
import { spotEngineOf } from '../src/modules/trading/routes';
import type { SpotEngine } from '../src/modules/trading/spot-engine';
import { newRequestId } from './funding-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { registerInvestor } from './identity-steps';

/*
 * A market the trading tests set by hand: per symbol a last price and a book, open only when the
 * instrument's trading calendar is in session (the book is empty outside it), so each test writes its
 * numbers out. Two instruments beside the catalogue: an unlisted one and one traded in lots of 10.
 */

export interface ScriptedBook {
  last: bigint;
  bids: BookLevel[];
  asks: BookLevel[];
}

const eni = catalogue.find((i) => i.symbol === 'ENI.MI') as Instrument;
export const tradingInstruments: Instrument[] = [
  ...catalogue,
  { ...eni, symbol: 'NEWCO.MI', name: 'Newco', isin: null, listed: false },
  { ...eni, symbol: 'LOTS.MI', name: 'Lots', isin: null, lotSize: 10n },
];

export function scriptedMarket(clock: TestClock): {
  market: MarketService;
  books: Map<string, ScriptedBook>;
} {
  const books = new Map<string, ScriptedBook>();
  const bySymbol = new Map(tradingInstruments.map((i) => [i.symbol, i]));
  const open = (symbol: string, atMs: number) => {
    const instrument = bySymbol.get(symbol);
    return instrument !== undefined && calendarFor(instrument.calendar).isOpen(atMs);
  };
  // A symbol the test did not script trades at 100.00; EUR/USD, which the taxes and the valuation read (at 5
  // decimals), at the reference 1.08500 rather than at 0.10000, which made a dollar worth ten euros.
  const unscripted = (symbol: string): ScriptedBook =>
    symbol === 'EURUSD.FX' ? { last: 108_500n, bids: [], asks: [] } : { last: 10_000n, bids: [], asks: [] };
  const bookOf = (symbol: string): ScriptedBook => books.get(symbol) ?? unscripted(symbol);
  const feed: MarketFeed = {
    name: 'scripted-test-feed',
    covers: () => true,
    candles: async (_symbol: string, _interval: CandleInterval) => [],
    trades: async () => [],
    async quote(symbol, atMs): Promise<Quote> {
      const { last } = bookOf(symbol);
      return {
        symbol,
        time: atMs,
        status: open(symbol, atMs) ? 'open' : 'closed',
        last,
        open: last,
        high: last,
        low: last,
        volume: 0n,
        prevClose: last,
      };
    },
    async book(symbol, atMs) {
      const b = bookOf(symbol);
      const inSession = open(symbol, atMs);
      return {
        symbol,
        time: atMs,
        bids: inSession ? b.bids.map((l) => ({ ...l })) : [],
        asks: inSession ? b.asks.map((l) => ({ ...l })) : [],
      };
    },
  };
  return { market: createMarketService({ instruments: tradingInstruments, feeds: [feed], clock }), books };
}

export interface TradingApp extends TestApp {
  engine: SpotEngine;
  clock: TestClock;
  books: Map<string, ScriptedBook>;
}

/** Monday 23 November 2026, 10:30 in Milan: Borsa Italiana is in session. */
export const mondayInSession = Date.UTC(2026, 10, 23, 9, 30);

export async function createTradingApp(startMs = mondayInSession): Promise<TradingApp> {
  const clock = new TestClock(startMs);
  const { market, books } = scriptedMarket(clock);
  const t = await createTestApp({ clock, market });
  // app.ts mounts the module; an app driven by inject never starts the loop, so tests step the engine by hand.
  const engine = spotEngineOf(t.app.services);
  if (!engine) throw new Error('the trading module is not mounted');
  return { ...t, engine, clock, books };
}

let serial = 0;

/** Credits a user's spot account as a platform reward would (the ledger needs a source). */
export async function credit(t: TestApp, userId: number, asset: string, amount: bigint): Promise<void> {
  const rewards: AccountRef = { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset };
  await t.db.tx((q) =>
    postEntry(q, {
      billType: 'platform_reward',
      actor: { type: 'system' },
      idempotencyKey: `trading-test:${Date.now()}:${++serial}`,
      postings: [
        { account: rewards, amount: -amount },
        { account: { ownerType: 'user', ownerId: userId, purpose: 'spot', asset }, amount },
      ],
    }),
  );
}

export function userBalance(t: TestApp, userId: number, purpose: string, asset: string): Promise<bigint> {
  return balanceOf(t.db, { ownerType: 'user', ownerId: userId, purpose, asset });
}

export async function orderCount(t: TestApp): Promise<number> {
  const [row] = await t.db.query<{ n: bigint }>('select count(*) as n from stock_orders');
  return Number(row?.n ?? 0n);
}

/**
 * ENI.MI's book in the trading tests (prices at 3 decimals, tick 0.002): last 14.240; asks 60 at 14.230,
 * 30 at 14.232 and 500 at 14.236; bids 1,000 at 14.220.
 */
export const eniBook: ScriptedBook = {
  last: 14_240n,
  bids: [{ price: 14_220n, quantity: 1_000n }],
  asks: [
    { price: 14_230n, quantity: 60n },
    { price: 14_232n, quantity: 30n },
    { price: 14_236n, quantity: 500n },
  ],
};

/** A new investor, signed in, with `euros` (minor units) credited to spot. */
export async function newTrader(t: TestApp, euros: bigint): Promise<{ token: string; id: number }> {
  const { token, user } = await registerInvestor(t.app, `trader-${newRequestId()}@piazza.test`);
  if (euros > 0n) await credit(t, user.id, 'EUR', euros);
  return { token, id: user.id };
}

/** Places a buy or a sell through the API, with a fresh requestId unless one is given. */
export function placeOrder(
  t: TestApp,
  side: 'buy' | 'sell',
  token: string,
  params: Record<string, string>,
  opts: { requestId?: string; lang?: string } = {},
) {
  const requestId = opts.requestId ?? newRequestId();
  return call<OrderView>(
    t.app,
    'POST',
    `/stock/order/${side}`,
    { ...params, requestId },
    { token, lang: opts.lang },
  );
}
