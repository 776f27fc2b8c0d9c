import type { CalendarId, CandleInterval } from '@piazza/contract/enums';
import type { Clock } from '../../services';
import { calendarFor } from '../calendar/calendar-for';
import { dayOfIso, mondayOf } from '../calendar/civil-date';
import type { Session } from '../calendar/trading-calendar';
import { loadingsFor } from '../catalogue/factor-loadings';
import { type Book, type Candle, intervalMs, type MarketFeed, type Quote, type Trade } from '../feed';
import type { Instrument } from '../instrument';
import { type BasketMember, createBasketModel } from './basket-model';
import { createDailyModel, type DailyBar, type DailyModel } from './daily-model';
import { buildDayPath, type DayPath } from './day-path';
import { dayStream, symbolKey } from './hash-random';
import { intradayWeights } from './intraday-pattern';
import { LruCache } from './lru-cache';
import {
  createMarketFactors,
  type ResolvedLoadings,
  resolveLoadings,
  sessionMinuteShocks,
} from './market-factors';
import { buildMinuteTape, type MinuteTape } from './minute-tape';
import { bookLevelsMax, buildBook } from './order-book';
import { createSessionTable, type SessionTable } from './session-table';

/** The seed of the market everyone sees unless configured otherwise: change it and history changes. */
export const simulatorSeedDefault = 'piazza';

export interface SimulatorOptions {
  /** Same seed, same market: every price, volume, trade and book is a function of it. */
  seed: number | string;
  instruments: readonly Instrument[];
  /** Where "now" comes from: the current session's candles and quotes stop there. */
  clock?: Clock;
}

/** One instrument's simulated market. */
interface Track {
  instrument: Instrument;
  /** The table index of the first session with prices: 0, or a new listing's first session. */
  first: number;
  key: number;
  tick: number;
  table: SessionTable;
  loadings: ResolvedLoadings;
  /** Built on first use, so a server starts without walking every instrument's history. */
  readonly daily: DailyModel;
}

/** Prices in price minor units and volume in lots, before conversion to the port's bigints. */
interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  lots: number;
}

/** Where the present cuts a session: the minute in progress and the second within it. */
interface Cut {
  minute: number;
  second: number;
  tape: MinuteTape;
}

const minuteMs = 60_000;
// Scans longer than this many sessions (a year of 1m for a chart) do not fill the day cache, so they do
// not evict the days the live publisher reads every second.
const scanCachedSessionsMax = 8;
// The trades tape looks back at most this many sessions for an instrument that rarely trades.
const tradesLookBackSessions = 3;

/**
 * The default market feed (DESIGN.md §6): a simulated market whose every number is a deterministic
 * function of (seed, symbol, time), computed on demand at any resolution with nothing stored.
 *
 * - Market (market-factors.ts, decision 034): factors that move every instrument that loads on them, and
 *   a volatility state that scales them all, so the market moves together and calm and stress alternate.
 * - Daily model (daily-model.ts): a fat-tailed random walk of session closes anchored at each
 *   instrument's `anchorPrice` on 2026-01-02, with opens, highs, lows and volumes; an index whose members
 *   are all here is their free-float-weighted sum instead (basket-model.ts).
 * - Minutes (day-path.ts): a path from each session's open to its close that touches its high and low,
 *   its steps sharing the factors' minute shocks; 1-minute candles aggregate exactly to every longer
 *   interval and to the daily model's candle.
 * - Seconds (minute-tape.ts): live prices, trades and volume inside the minute in progress.
 * - Book (order-book.ts): 20 levels each side around the last price while in session.
 *
 * Out of session the last price holds (status 'closed'), the tape keeps the last session's trades, and
 * the book is empty: there is nobody to trade with, and an empty book tells the app and any order
 * matching that nothing fills until the next open. Indices have candles and quotes but no book or tape.
 */
export function createSimulator(options: SimulatorOptions): MarketFeed {
  const clock = options.clock ?? { now: () => Date.now() };
  const tables = new Map<CalendarId, SessionTable>();
  const tracks = new Map<string, Track>();
  const factors = createMarketFactors(options.seed);

  /** An index's members, when every one is simulated here on its calendar with a free float; else null. */
  function basketOf(instrument: Instrument): BasketMember[] | null {
    const symbols = instrument.constituents;
    if (!symbols || symbols.length === 0) return null;
    const members: BasketMember[] = [];
    for (const symbol of symbols) {
      const member = tracks.get(symbol);
      const share = member?.instrument;
      if (!member || !share?.freeFloatShares || share.calendar !== instrument.calendar || share.firstDay) {
        return null;
      }
      members.push({ instrument: share, loadings: member.loadings, daily: () => member.daily });
    }
    return members;
  }

  function addTrack(instrument: Instrument): void {
    if (tracks.has(instrument.symbol)) return;
    let table = tables.get(instrument.calendar);
    if (!table) {
      table = createSessionTable(calendarFor(instrument.calendar), clock.now());
      tables.set(instrument.calendar, table);
    }
    const key = symbolKey(options.seed, instrument.symbol);
    const sessions = table;
    const first = instrument.firstDay === undefined ? 0 : firstSessionOn(table, instrument.firstDay);
    const loadings = resolveLoadings(instrument.factors ?? loadingsFor(instrument), instrument.symbol);
    let daily: DailyModel | undefined;
    tracks.set(instrument.symbol, {
      instrument,
      first,
      key,
      tick: Number(instrument.tickSize),
      table,
      loadings,
      get daily() {
        if (!daily) {
          const members = basketOf(instrument);
          daily = members
            ? createBasketModel(instrument, key, sessions, factors, members)
            : createDailyModel(instrument, key, sessions, factors, loadings);
        }
        return daily;
      },
    });
  }
  for (const instrument of options.instruments) addTrack(instrument);
  const paths = new LruCache<string, DayPath>(Math.max(128, 3 * tracks.size));
  const tapes = new LruCache<string, MinuteTape>(Math.max(128, 3 * tracks.size));

  function trackOf(symbol: string): Track {
    const track = tracks.get(symbol);
    if (!track) throw new Error(`the simulator does not cover ${symbol}`);
    return track;
  }

  function pathOf(track: Track, index: number, cache = true): DayPath {
    const id = `${track.instrument.symbol}|${index}`;
    const cached = paths.get(id);
    if (cached) return cached;
    const session = track.table.sessions[index]!;
    const weights = intradayWeights(track.instrument.calendar, session);
    const path = buildDayPath({
      bar: track.daily.bar(index),
      weights,
      sessionVolatility: track.daily.volatilityAt(index),
      tick: track.tick,
      stream: dayStream(track.key, session.day),
      ...sessionMinuteShocks(factors, track.daily.loadings, session.open, weights.length),
    });
    if (cache) paths.set(id, path);
    return path;
  }

  function tapeOf(track: Track, index: number, path: DayPath, minute: number): MinuteTape {
    const id = `${track.instrument.symbol}|${index}|${minute}`;
    let tape = tapes.get(id);
    if (!tape) {
      const stream = dayStream(track.key, track.table.sessions[index]!.day);
      tape = buildMinuteTape(path, minute, track.tick, stream);
      tapes.set(id, tape);
    }
    return tape;
  }

  /** The minute and second in progress at ms, when ms falls inside the session. */
  function cutAt(track: Track, index: number, path: DayPath, ms: number): Cut | null {
    const session = track.table.sessions[index]!;
    if (ms < session.open || ms >= session.close) return null;
    const minute = Math.floor((ms - session.open) / minuteMs);
    const second = Math.floor((ms - session.open - minute * minuteMs) / 1000);
    return { minute, second, tape: tapeOf(track, index, path, minute) };
  }

  /** Minutes [first, end) of a session as one bar, stopping at the cut; null when all lie after it. */
  function aggregate(path: DayPath, time: number, first: number, end: number, cut: Cut | null): Bar | null {
    if (cut && first > cut.minute) return null;
    const last = cut ? Math.min(end, cut.minute) : end; // whole minutes are [first, last)
    let high = -Infinity;
    let low = Infinity;
    let lots = 0;
    for (let i = first; i < last; i++) {
      if (path.high[i]! > high) high = path.high[i]!;
      if (path.low[i]! < low) low = path.low[i]!;
      lots += path.volumeLots[i]!;
    }
    let close = path.points[last]!;
    if (cut && cut.minute < end) {
      const { prices, lots: secondLots } = cut.tape;
      for (let s = 0; s <= cut.second; s++) {
        if (prices[s]! > high) high = prices[s]!;
        if (prices[s]! < low) low = prices[s]!;
        lots += secondLots[s]!;
      }
      close = prices[cut.second]!;
    }
    return { time, open: path.points[first]!, high, low, close, lots };
  }

  /** A whole session as one bar: from the daily model when it is over, from its minutes while it runs. */
  function sessionBar(track: Track, index: number, now: number, cache: boolean): Bar {
    const session = track.table.sessions[index]!;
    if (now >= session.close) return { time: session.open, ...lotsBar(track.daily.bar(index)) };
    const path = pathOf(track, index, cache);
    return aggregate(path, session.open, 0, path.minutes, cutAt(track, index, path, now))!;
  }

  function toCandle(track: Track, bar: Bar): Candle {
    return {
      time: bar.time,
      open: BigInt(bar.open),
      high: BigInt(bar.high),
      low: BigInt(bar.low),
      close: BigInt(bar.close),
      volume: BigInt(bar.lots) * track.instrument.lotSize,
    };
  }

  function intradayBars(
    track: Track,
    minutes: number,
    fromMs: number,
    endMs: number,
    limit: number,
    now: number,
  ) {
    const { sessions } = track.table;
    const bars: Bar[] = [];
    let scanned = 0;
    for (let k = track.table.indexAtOrBefore(endMs - 1); k >= track.first && bars.length < limit; k--) {
      const session = sessions[k]!;
      if (session.close <= fromMs) break;
      const path = pathOf(track, k, scanned++ < scanCachedSessionsMax);
      const cut = cutAt(track, k, path, now);
      for (let b = Math.ceil(path.minutes / minutes) - 1; b >= 0 && bars.length < limit; b--) {
        const time = session.open + b * minutes * minuteMs;
        if (time >= endMs) continue;
        if (time < fromMs) break;
        const bar = aggregate(path, time, b * minutes, Math.min((b + 1) * minutes, path.minutes), cut);
        if (bar) bars.push(bar);
      }
    }
    return bars;
  }

  function dailyBars(track: Track, fromMs: number, endMs: number, limit: number, now: number) {
    const bars: Bar[] = [];
    for (let k = track.table.indexAtOrBefore(endMs - 1); k >= track.first && bars.length < limit; k--) {
      if (track.table.sessions[k]!.open < fromMs) break;
      bars.push(sessionBar(track, k, now, true));
    }
    return bars;
  }

  // A week's candle opens with its first session and runs through the sessions of its ISO week.
  function weeklyBars(track: Track, fromMs: number, endMs: number, limit: number, now: number) {
    const { sessions } = track.table;
    const bars: Bar[] = [];
    const lastStarted = track.table.indexAtOrBefore(now);
    let k = track.table.indexAtOrBefore(endMs - 1);
    while (k >= track.first && bars.length < limit) {
      const week = mondayOf(sessions[k]!.day);
      let first = k;
      while (first > track.first && mondayOf(sessions[first - 1]!.day) === week) first--;
      let last = k;
      while (last < lastStarted && mondayOf(sessions[last + 1]!.day) === week) last++;
      const time = sessions[first]!.open;
      if (time < fromMs) break;
      if (time < endMs) {
        let bar = sessionBar(track, first, now, true);
        for (let j = first + 1; j <= last; j++) bar = merge(bar, sessionBar(track, j, now, true));
        bars.push(bar);
      }
      k = first - 1;
    }
    return bars;
  }

  function inSession(track: Track, ms: number): { index: number; session: Session } | null {
    const index = track.table.indexAtOrBefore(ms);
    if (index < track.first) return null;
    const session = track.table.sessions[index];
    return session && ms < session.close ? { index, session } : null;
  }

  return {
    name: 'simulator',

    covers: (symbol) => tracks.has(symbol),

    add: addTrack,

    async candles(symbol, interval: CandleInterval, fromMs, toMs, limit) {
      const track = trackOf(symbol);
      const now = clock.now();
      const endMs = Math.min(toMs, now + 1);
      if (limit <= 0 || endMs <= fromMs) return [];
      const bars =
        interval === '1d'
          ? dailyBars(track, fromMs, endMs, limit, now)
          : interval === '1w'
            ? weeklyBars(track, fromMs, endMs, limit, now)
            : intradayBars(track, intervalMs[interval] / minuteMs, fromMs, endMs, limit, now);
      return bars.reverse().map((bar) => toCandle(track, bar));
    },

    async quote(symbol, atMs): Promise<Quote> {
      const track = trackOf(symbol);
      const at = Math.min(atMs, clock.now());
      const index = track.table.indexAtOrBefore(at);
      if (index < 0) throw new Error(`${symbol}: no simulated history before ${new Date(at).toISOString()}`);
      if (index < track.first) return beforeFirstSession(track.instrument, at);
      // A new listing's first session moves from its issue price, the anchor, even one off the tick.
      const prevClose =
        track.instrument.firstDay !== undefined && index === track.first
          ? track.instrument.anchorPrice
          : BigInt(index > 0 ? track.daily.bar(index - 1).close : track.daily.bar(0).open);
      const bar = sessionBar(track, index, at, true);
      const session = track.table.sessions[index]!;
      const volume = BigInt(bar.lots) * track.instrument.lotSize;
      return {
        symbol,
        time: at,
        status: at < session.close ? 'open' : 'closed',
        last: BigInt(bar.close),
        open: BigInt(bar.open),
        high: BigInt(bar.high),
        low: BigInt(bar.low),
        volume,
        prevClose,
      };
    },

    async book(symbol, atMs, depth): Promise<Book> {
      const track = trackOf(symbol);
      const at = Math.min(atMs, clock.now());
      const live = inSession(track, at);
      const { instrument } = track;
      const empty: Book = { symbol, time: at, bids: [], asks: [] };
      if (!live || !tradesOf(instrument)) return empty;
      const path = pathOf(track, live.index);
      const cut = cutAt(track, live.index, path, at)!;
      const last = cut.tape.prices[cut.second]!;
      const lotsPerMinute = track.daily.bar(live.index).volumeLots / path.minutes;
      const lotValue = Number(instrument.lotSize) / 10 ** instrument.quantityScale;
      const book = buildBook({
        kind: instrument.kind,
        last,
        tick: track.tick,
        lotsPerMinute,
        notionalPerMinute: (lotsPerMinute * lotValue * last) / 10 ** instrument.priceScale,
        sessionVolatility: track.daily.sessionVolatility,
        levels: Math.max(0, Math.min(depth, bookLevelsMax)),
        stream: dayStream(track.key, live.session.day),
        slot: cut.minute * 60 + cut.second,
      });
      const level = ({ price, lots }: { price: number; lots: number }) => ({
        price: BigInt(price),
        quantity: BigInt(lots) * instrument.lotSize,
      });
      return { symbol, time: at, bids: book.bids.map(level), asks: book.asks.map(level) };
    },

    async trades(symbol, atMs, limit): Promise<Trade[]> {
      const track = trackOf(symbol);
      const at = Math.min(atMs, clock.now());
      const trades: Trade[] = [];
      if (limit <= 0 || !tradesOf(track.instrument)) return trades;
      const newest = track.table.indexAtOrBefore(at);
      for (
        let k = newest;
        k >= track.first && k > newest - tradesLookBackSessions && trades.length < limit;
        k--
      ) {
        const session = track.table.sessions[k]!;
        const path = pathOf(track, k);
        const cut = cutAt(track, k, path, at);
        for (
          let minute = cut ? cut.minute : path.minutes - 1;
          minute >= 0 && trades.length < limit;
          minute--
        ) {
          const tape = cut && minute === cut.minute ? cut.tape : tapeOf(track, k, path, minute);
          const startMs = session.open + minute * minuteMs;
          for (let s = cut && minute === cut.minute ? cut.second : 59; s >= 0 && trades.length < limit; s--) {
            const lots = tape.lots[s]!;
            if (lots === 0) continue;
            const time = startMs + s * 1000;
            trades.push({
              id: String(time / 1000),
              symbol,
              time,
              price: BigInt(tape.prices[s]!),
              quantity: BigInt(lots) * track.instrument.lotSize,
              side: tape.buys[s] ? 'buy' : 'sell',
            });
          }
        }
      }
      return trades;
    },
  };
}

/** The table index of the first session on or after an ISO day. */
function firstSessionOn(table: SessionTable, isoDay: string): number {
  const day = dayOfIso(isoDay);
  table.extendThrough((day + 7) * 86_400_000);
  return table.indexOnOrAfterDay(day);
}

/** Before its first session a new listing stands at its issue price, closed, with nothing traded. */
function beforeFirstSession(instrument: Instrument, at: number): Quote {
  const price = instrument.anchorPrice;
  return {
    symbol: instrument.symbol,
    time: at,
    status: 'closed',
    last: price,
    open: price,
    high: price,
    low: price,
    volume: 0n,
    prevClose: price,
  };
}

/** Indices are computed, not traded: their volume is their members', and they have no book or tape. */
function tradesOf(instrument: Instrument): boolean {
  return instrument.kind !== 'index' && instrument.averageDailyVolume > 0n;
}

function lotsBar(bar: DailyBar): Omit<Bar, 'time'> {
  return { open: bar.open, high: bar.high, low: bar.low, close: bar.close, lots: bar.volumeLots };
}

function merge(a: Bar, b: Bar): Bar {
  return {
    time: a.time,
    open: a.open,
    high: Math.max(a.high, b.high),
    low: Math.min(a.low, b.low),
    close: b.close,
    lots: a.lots + b.lots,
  };
}
