import { describe, expect, it } from 'vitest';
import { calendarFor } from '../calendar/calendar-for';
import { dayOfIso } from '../calendar/civil-date';
import type { Candle } from '../feed';
import type { Instrument } from '../instrument';
import { createMarketService } from '../market-service';
import { createSimulator } from './simulator';
import { apple, eni } from './simulator-fixtures';

/*
 * A share listed after start (an IPO): from its first session it trades from its issue price, the same for
 * any two simulators of one seed; before it there is nothing to chart, and a quote stands at the issue price.
 */

const newco: Instrument = {
  ...eni,
  symbol: 'NEWCO.MI',
  name: 'Newco Industrie',
  isin: 'IT0005566770',
  anchorPrice: 10_000n, // 10.000 EUR, the issue price
  firstDay: '2026-12-01',
};

// New York's first session is dated in New York: Tuesday 1 December 2026 opens at 14:30 UTC.
const newcUs: Instrument = {
  ...apple,
  symbol: 'NEWC.US',
  name: 'Newco Inc',
  anchorPrice: 2_500n, // 25.00 USD
  firstDay: '2026-12-01',
};

const firstSession = calendarFor('XMIL').sessionOnDay(dayOfIso('2026-12-01'))!;
const sessionBefore = calendarFor('XMIL').sessionOnDay(dayOfIso('2026-11-30'))!;
const clockAt = (ms: number) => ({ now: () => ms });
const day = 86_400_000;

function aggregate(candles: Candle[], time: number): Candle {
  return {
    time,
    open: candles[0]!.open,
    high: candles.reduce((m, c) => (c.high > m ? c.high : m), candles[0]!.high),
    low: candles.reduce((m, c) => (c.low < m ? c.low : m), candles[0]!.low),
    close: candles.at(-1)!.close,
    volume: candles.reduce((s, c) => s + c.volume, 0n),
  };
}

describe('a listing after start', () => {
  it('is covered only once added, and its first session trades from the issue price', async () => {
    const clock = clockAt(firstSession.open + 90 * 60_000);
    const sim = createSimulator({ seed: 'piazza', instruments: [eni], clock });
    expect(sim.covers('NEWCO.MI')).toBe(false);
    await expect(sim.quote('NEWCO.MI', clock.now())).rejects.toThrow('does not cover NEWCO.MI');
    sim.add?.(newco);
    sim.add?.(newco);
    expect(sim.covers('NEWCO.MI')).toBe(true);

    const quote = await sim.quote('NEWCO.MI', clock.now());
    expect(quote.status).toBe('open');
    expect(quote.prevClose).toBe(10_000n);
    const [firstMinute] = await sim.candles(
      'NEWCO.MI',
      '1m',
      firstSession.open,
      firstSession.open + 60_000,
      1,
    );
    expect(firstMinute?.time).toBe(firstSession.open);
    expect(Math.abs(Number(firstMinute?.open) - 10_000)).toBeLessThan(500);
  });

  it('has no candles, trades or book before its first session, and stands at the issue price', async () => {
    const clock = clockAt(firstSession.open + 5 * day);
    const sim = createSimulator({ seed: 'piazza', instruments: [newco], clock });
    expect(await sim.candles('NEWCO.MI', '1m', sessionBefore.open, sessionBefore.close, 1_000)).toEqual([]);
    const minutes = await sim.candles('NEWCO.MI', '1m', sessionBefore.open, firstSession.open + 600_000, 100);
    expect(minutes.map((c) => c.time)).toEqual(
      Array.from({ length: 10 }, (_, i) => firstSession.open + i * 60_000),
    );
    const daily = await sim.candles('NEWCO.MI', '1d', firstSession.open - 30 * day, clock.now(), 100);
    expect(daily[0]?.time).toBe(firstSession.open);
    const weekly = await sim.candles('NEWCO.MI', '1w', firstSession.open - 30 * day, clock.now(), 100);
    expect(weekly[0]?.time).toBe(firstSession.open);

    // Asked before the listing, the share stands at its issue price, closed, with nothing traded.
    const before = await sim.quote('NEWCO.MI', sessionBefore.open + 60 * 60_000);
    expect(before).toMatchObject({ status: 'closed', last: 10_000n, prevClose: 10_000n, volume: 0n });
    expect(await sim.trades('NEWCO.MI', sessionBefore.open + 60 * 60_000, 10)).toEqual([]);
    const book = await sim.book('NEWCO.MI', sessionBefore.open + 60 * 60_000, 20);
    expect([book.bids, book.asks]).toEqual([[], []]);
  });

  it('has days that are the sums of their minutes, and a first week of its days', async () => {
    const clock = clockAt(firstSession.open + 6 * day + 2 * 3_600_000 + 12_345); // Monday 7, 11:00 in Milan
    const sim = createSimulator({ seed: 'piazza', instruments: [newco], clock });
    const daily = await sim.candles('NEWCO.MI', '1d', firstSession.open, clock.now(), 100);
    expect(daily.length).toBe(5); // Tuesday 1 to Friday 4 December, and Monday 7 in progress
    for (const candle of daily) {
      const session = calendarFor('XMIL').sessionOnDay(
        dayOfIso(new Date(candle.time).toISOString().slice(0, 10)),
      )!;
      const minutes = await sim.candles('NEWCO.MI', '1m', session.open, session.close, 1_000);
      expect(candle).toEqual(aggregate(minutes, session.open));
    }
    const [firstWeek] = await sim.candles('NEWCO.MI', '1w', firstSession.open, clock.now(), 100);
    expect(firstWeek).toEqual(aggregate(daily.slice(0, 4), firstSession.open));
  });

  it('is the same market in any two simulators of one seed, whenever each added it', async () => {
    const clock = clockAt(firstSession.open + 3 * day);
    const early = createSimulator({ seed: 'piazza', instruments: [newco], clock });
    const late = createSimulator({ seed: 'piazza', instruments: [], clock });
    late.add?.(newco);
    const range = [firstSession.open, clock.now(), 500] as const;
    const candles = await early.candles('NEWCO.MI', '15m', ...range);
    expect(candles.length).toBeGreaterThan(0);
    expect(await late.candles('NEWCO.MI', '15m', ...range)).toEqual(candles);
    expect(await late.candles('NEWCO.MI', '1d', ...range)).toEqual(
      await early.candles('NEWCO.MI', '1d', ...range),
    );
  });

  it('dates a New York listing in New York: its first session opens at 14:30 UTC from the issue price', async () => {
    const open = Date.parse('2026-12-01T14:30:00Z');
    const clock = clockAt(open + 30 * 60_000);
    const sim = createSimulator({ seed: 'piazza', instruments: [apple], clock });
    sim.add?.(newcUs);
    expect(await sim.quote('NEWC.US', open - 60_000)).toMatchObject({ status: 'closed', last: 2_500n });
    const quote = await sim.quote('NEWC.US', clock.now());
    expect(quote).toMatchObject({ status: 'open', prevClose: 2_500n });
    const minutes = await sim.candles('NEWC.US', '1m', open - day, clock.now(), 1_000);
    expect(minutes[0]?.time).toBe(open);
    expect(minutes).toHaveLength(30);
  });
});

describe('the market service', () => {
  it('lists an instrument added after start at the end, once, and quotes it through its feed', async () => {
    const clock = clockAt(firstSession.open + 60 * 60_000);
    const sim = createSimulator({ seed: 'piazza', instruments: [eni], clock });
    const market = createMarketService({ instruments: [eni], feeds: [sim], clock });
    const before = market.instruments;
    expect(market.instrument('NEWCO.MI')).toBeUndefined();
    market.add(newco);
    market.add(newco);
    expect(before.map((i) => i.symbol)).toEqual(['ENI.MI']);
    expect(market.instruments.map((i) => i.symbol)).toEqual(['ENI.MI', 'NEWCO.MI']);
    expect(market.instrument('NEWCO.MI')).toBe(newco);
    expect(market.feedFor('NEWCO.MI')).toBe(sim);
    const quote = await market.quote('NEWCO.MI');
    expect(quote).toMatchObject({ status: 'open', prevClose: 10_000n });
    expect(await market.quote('NEWCO.MI', sessionBefore.open + 60_000)).toMatchObject({
      status: 'closed',
      last: 10_000n,
    });
  });

  it('adds to the feeds that can add, and leaves a feed without `add` alone', async () => {
    const clock = clockAt(firstSession.open + 60 * 60_000);
    const sim = createSimulator({ seed: 'piazza', instruments: [eni], clock });
    const fixed = { ...createSimulator({ seed: 'piazza', instruments: [], clock }), name: 'fixed' };
    delete fixed.add;
    const market = createMarketService({ instruments: [eni], feeds: [fixed, sim], clock });
    market.add(newco);
    expect(fixed.covers('NEWCO.MI')).toBe(false);
    expect(market.feedFor('NEWCO.MI')).toBe(sim);
  });
});
