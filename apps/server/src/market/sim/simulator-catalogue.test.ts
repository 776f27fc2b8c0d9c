import { describe, expect, it } from 'vitest';
import { calendarFor } from '../calendar/calendar-for';
import { catalogue } from '../catalogue/catalogue';
import type { Candle } from '../feed';
import { createSimulator } from './simulator';

// Wednesday 18 November 2026, 15:00:30 UTC: Milan, New York, crypto and FX all in session.
const now = Date.parse('2026-11-18T15:00:30Z');
const sim = createSimulator({ seed: 'catalogue', instruments: catalogue, clock: { now: () => now } });

describe('the simulator on the real catalogue', () => {
  it.each(catalogue.map((i) => [i.symbol, i] as const))('%s', async (symbol, instrument) => {
    const calendar = calendarFor(instrument.calendar);
    const yesterday = calendar.previousSession(calendar.sessionOf(now)!.open);
    const minutes = await sim.candles(symbol, '1m', yesterday.open, yesterday.close, 10_000);
    const [day] = await sim.candles(symbol, '1d', yesterday.open, yesterday.open + 1, 1);
    const high = minutes.reduce((m, c) => (c.high > m ? c.high : m), 0n);
    const low = minutes.reduce((m, c) => (c.low < m ? c.low : m), minutes[0]!.low);
    expect(day).toEqual<Candle>({
      time: yesterday.open,
      open: minutes[0]!.open,
      high,
      low,
      close: minutes.at(-1)!.close,
      volume: minutes.reduce((s, c) => s + c.volume, 0n),
    });
    for (const c of minutes) {
      for (const p of [c.open, c.high, c.low, c.close])
        expect(p > 0n && p % instrument.tickSize === 0n).toBe(true);
      expect(c.volume % instrument.lotSize).toBe(0n);
    }

    const quote = await sim.quote(symbol, now);
    expect(quote.status).toBe('open');
    expect(quote.prevClose).toBe(day!.close);

    const book = await sim.book(symbol, now, 20);
    if (instrument.kind === 'index') {
      expect(book.bids).toEqual([]);
    } else {
      expect(book.bids).toHaveLength(20);
      expect(book.asks).toHaveLength(20);
      expect(book.bids[0]!.price <= quote.last && quote.last <= book.asks[0]!.price).toBe(true);
      expect(book.bids[0]!.price < book.asks[0]!.price).toBe(true);
      expect((await sim.trades(symbol, now, 10)).length).toBeGreaterThan(0);
    }
  });
});
