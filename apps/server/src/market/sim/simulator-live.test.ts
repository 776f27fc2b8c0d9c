import { describe, expect, it } from 'vitest';
import { calendarFor } from '../calendar/calendar-for';
import { dayOfIso } from '../calendar/civil-date';
import type { Instrument } from '../instrument';
import { createSimulator } from './simulator';
import { apple, bitcoin, eni, eurUsd, fixtureInstruments, ftseMib, thinShare } from './simulator-fixtures';

/** A clock the test moves, as the live publisher's would. */
function movingClock(iso: string) {
  let now = Date.parse(iso);
  return {
    now: () => now,
    set: (ms: number) => {
      now = ms;
    },
  };
}

const traded = [eni, thinShare, apple, bitcoin, eurUsd];

function minuteStartIn(instrument: Instrument, iso: string, minuteOfSession: number): number {
  const session = calendarFor(instrument.calendar).sessionOnDay(dayOfIso(iso))!;
  return session.open + minuteOfSession * 60_000;
}

describe('live ticks follow the same path', () => {
  it.each(fixtureInstruments.map((i) => [i.symbol, i] as const))(
    '%s: every second of a minute stays inside that minute’s candle and touches its high and low',
    async (_s, instrument) => {
      const start = minuteStartIn(instrument, '2026-11-18', 137);
      const clock = movingClock('2026-11-18T00:00:00Z');
      const sim = createSimulator({ seed: 7, instruments: [instrument], clock });
      const prices: bigint[] = [];
      for (let s = 0; s < 60; s++) {
        clock.set(start + s * 1000 + 500);
        const quote = await sim.quote(instrument.symbol, clock.now());
        expect(quote.status).toBe('open');
        prices.push(quote.last);
        // The candle in progress agrees with the quote.
        const [partial] = await sim.candles(instrument.symbol, '1m', start, start + 60_000, 1);
        expect(partial!.close).toBe(quote.last);
      }
      clock.set(start + 60_000);
      const [minute] = await sim.candles(instrument.symbol, '1m', start, start + 60_000, 1);
      const max = prices.reduce((m, p) => (p > m ? p : m));
      const min = prices.reduce((m, p) => (p < m ? p : m));
      expect(prices[0]).toBe(minute!.open);
      expect(max).toBe(minute!.high);
      expect(min).toBe(minute!.low);
      for (const p of prices) expect(p % instrument.tickSize).toBe(0n);
      // The minute ends at its close: the next minute's first tick.
      expect((await sim.quote(instrument.symbol, start + 60_000)).last).toBe(minute!.close);
    },
  );

  it('the quote in session: open, high, low and volume so far equal the day’s candle so far', async () => {
    const clock = movingClock('2026-11-18T13:21:07.250Z');
    const sim = createSimulator({ seed: 7, instruments: [eni], clock });
    const quote = await sim.quote(eni.symbol, clock.now());
    const [day] = await sim.candles(eni.symbol, '1d', Date.parse('2026-11-18'), Date.parse('2026-11-19'), 1);
    const [yesterday] = await sim.candles(
      eni.symbol,
      '1d',
      Date.parse('2026-11-17'),
      Date.parse('2026-11-18'),
      1,
    );
    expect(quote).toEqual({
      symbol: eni.symbol,
      time: clock.now(),
      status: 'open',
      last: day!.close,
      open: day!.open,
      high: day!.high,
      low: day!.low,
      volume: day!.volume,
      prevClose: yesterday!.close,
    });
  });

  it('out of session the last price holds and the status is closed', async () => {
    // Friday's close through the weekend to Monday's open in Milan.
    const clock = movingClock('2026-11-23T12:00:00Z');
    const sim = createSimulator({ seed: 7, instruments: [eni], clock });
    const [friday] = await sim.candles(
      eni.symbol,
      '1d',
      Date.parse('2026-11-20'),
      Date.parse('2026-11-21'),
      1,
    );
    const [thursday] = await sim.candles(
      eni.symbol,
      '1d',
      Date.parse('2026-11-19'),
      Date.parse('2026-11-20'),
      1,
    );
    for (const iso of [
      '2026-11-20T16:30:00Z',
      '2026-11-21T10:00:00Z',
      '2026-11-22T23:00:00Z',
      '2026-11-23T07:59:59Z',
    ]) {
      const quote = await sim.quote(eni.symbol, Date.parse(iso));
      expect(quote.status).toBe('closed');
      expect(quote.last).toBe(friday!.close);
      expect([quote.open, quote.high, quote.low, quote.volume]).toEqual([
        friday!.open,
        friday!.high,
        friday!.low,
        friday!.volume,
      ]);
      expect(quote.prevClose).toBe(thursday!.close);
    }
    const monday = await sim.quote(eni.symbol, Date.parse('2026-11-23T08:00:00Z'));
    expect(monday.status).toBe('open');
    expect(monday.prevClose).toBe(friday!.close);
  });

  it('crypto is always open; a quote about the future answers as of now', async () => {
    const clock = movingClock('2026-11-21T10:00:00Z');
    const sim = createSimulator({ seed: 7, instruments: [bitcoin], clock });
    expect((await sim.quote(bitcoin.symbol, clock.now())).status).toBe('open');
    const later = await sim.quote(bitcoin.symbol, clock.now() + 3_600_000);
    expect(later).toEqual(await sim.quote(bitcoin.symbol, clock.now()));
  });
});

describe('the trades tape', () => {
  it.each(traded.map((i) => [i.symbol, i] as const))(
    '%s: one minute’s trades sum to its volume at prices inside it',
    async (_s, instrument) => {
      const start = minuteStartIn(instrument, '2026-11-18', 201);
      const clock = movingClock('2026-11-19T00:00:00Z');
      const sim = createSimulator({ seed: 7, instruments: [instrument], clock });
      const [minute] = await sim.candles(instrument.symbol, '1m', start, start + 1, 1);
      const trades = (await sim.trades(instrument.symbol, start + 59_999, 60)).filter((t) => t.time >= start);
      expect(trades.reduce((s, t) => s + t.quantity, 0n)).toBe(minute!.volume);
      for (const t of trades) {
        expect(t.price >= minute!.low && t.price <= minute!.high).toBe(true);
        expect(t.quantity > 0n && t.quantity % instrument.lotSize === 0n).toBe(true);
        expect(t.symbol).toBe(instrument.symbol);
      }
    },
  );

  it('newest first, up to the instant asked, each at the price the quote showed then, ids stable', async () => {
    const clock = movingClock('2026-11-18T13:21:07.250Z');
    const sim = createSimulator({ seed: 7, instruments: [eni], clock });
    const trades = await sim.trades(eni.symbol, clock.now(), 50);
    expect(trades).toHaveLength(50);
    for (let i = 1; i < trades.length; i++) expect(trades[i]!.time).toBeLessThan(trades[i - 1]!.time);
    expect(trades[0]!.time).toBeLessThanOrEqual(clock.now());
    for (const t of trades.slice(0, 5)) expect((await sim.quote(eni.symbol, t.time)).last).toBe(t.price);
    const again = createSimulator({ seed: 7, instruments: [eni], clock });
    expect((await again.trades(eni.symbol, clock.now(), 50)).map((t) => t.id)).toEqual(
      trades.map((t) => t.id),
    );
    expect(new Set(trades.map((t) => t.id)).size).toBe(50);
  });

  it('out of session the tape ends at the close; an index has no tape', async () => {
    const clock = movingClock('2026-11-21T10:00:00Z');
    const sim = createSimulator({ seed: 7, instruments: [eni, ftseMib], clock });
    const trades = await sim.trades(eni.symbol, clock.now(), 20);
    expect(trades).toHaveLength(20);
    const friday = calendarFor('XMIL').sessionOnDay(dayOfIso('2026-11-20'))!;
    for (const t of trades) expect(t.time >= friday.close - 60_000 && t.time < friday.close).toBe(true);
    expect(await sim.trades(ftseMib.symbol, Date.parse('2026-11-20T10:00:00Z'), 20)).toEqual([]);
  });

  it('a thin share still prints its trades, fewer of them', async () => {
    const clock = movingClock('2026-11-18T15:00:00Z');
    const sim = createSimulator({ seed: 7, instruments: [thinShare], clock });
    const trades = await sim.trades(thinShare.symbol, clock.now(), 30);
    expect(trades).toHaveLength(30);
    expect(trades[0]!.time - trades.at(-1)!.time).toBeGreaterThan(60_000);
  });
});

describe('the book', () => {
  it.each(traded.map((i) => [i.symbol, i] as const))(
    '%s: 20 ordered levels each side on ticks around the last price',
    async (_s, instrument) => {
      const start = minuteStartIn(instrument, '2026-11-18', 300);
      const clock = movingClock('2026-11-19T00:00:00Z');
      const sim = createSimulator({ seed: 7, instruments: [instrument], clock });
      for (let s = 0; s < 60; s += 7) {
        const at = start + s * 1000 + 123;
        const book = await sim.book(instrument.symbol, at, 20);
        const { last } = await sim.quote(instrument.symbol, at);
        expect(book.bids).toHaveLength(20);
        expect(book.asks).toHaveLength(20);
        expect(book.bids[0]!.price <= last && last <= book.asks[0]!.price).toBe(true);
        expect(book.bids[0]!.price).toBeLessThan(book.asks[0]!.price);
        for (let i = 1; i < 20; i++) {
          expect(book.bids[i]!.price).toBeLessThan(book.bids[i - 1]!.price);
          expect(book.asks[i]!.price).toBeGreaterThan(book.asks[i - 1]!.price);
        }
        for (const level of [...book.bids, ...book.asks]) {
          expect(level.price % instrument.tickSize).toBe(0n);
          expect(level.price > 0n).toBe(true);
          expect(level.quantity > 0n && level.quantity % instrument.lotSize === 0n).toBe(true);
        }
        expect(await sim.book(instrument.symbol, at, 20)).toEqual(book);
      }
    },
  );

  it('the spread fits the liquidity: a blue chip a tick or two, a thin share wider', async () => {
    const clock = movingClock('2026-11-19T00:00:00Z');
    const sim = createSimulator({ seed: 7, instruments: [eni, thinShare], clock });
    const at = Date.parse('2026-11-18T11:00:00Z');
    const relativeSpread = async (instrument: Instrument) => {
      const book = await sim.book(instrument.symbol, at, 5);
      return Number(book.asks[0]!.price - book.bids[0]!.price) / Number(book.bids[0]!.price);
    };
    const blueChip = await relativeSpread(eni);
    expect(blueChip).toBeLessThan(0.0015);
    expect(await relativeSpread(thinShare)).toBeGreaterThan(3 * blueChip);
  });

  it('fewer levels when asked; empty out of session and for an index', async () => {
    const clock = movingClock('2026-11-21T10:00:00Z');
    const sim = createSimulator({ seed: 7, instruments: [eni, ftseMib], clock });
    const inSession = await sim.book(eni.symbol, Date.parse('2026-11-20T10:00:00Z'), 5);
    expect([inSession.bids.length, inSession.asks.length]).toEqual([5, 5]);
    expect(await sim.book(eni.symbol, clock.now(), 20)).toEqual({
      symbol: eni.symbol,
      time: clock.now(),
      bids: [],
      asks: [],
    });
    expect((await sim.book(ftseMib.symbol, Date.parse('2026-11-20T10:00:00Z'), 20)).bids).toEqual([]);
  });
});

describe('what the simulator covers', () => {
  it('covers its instruments and refuses others', async () => {
    const sim = createSimulator({ seed: 7, instruments: [eni] });
    expect(sim.covers(eni.symbol)).toBe(true);
    expect(sim.covers('NOPE.MI')).toBe(false);
    await expect(sim.quote('NOPE.MI', Date.now())).rejects.toThrow(/NOPE\.MI/);
  });
});
