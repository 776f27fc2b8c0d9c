import type { CandleInterval } from '@piazza/contract/enums';
import { describe, expect, it } from 'vitest';
import { calendarFor } from '../calendar/calendar-for';
import { dayOfIso, mondayOf } from '../calendar/civil-date';
import type { Session } from '../calendar/trading-calendar';
import type { Candle } from '../feed';
import type { Instrument } from '../instrument';
import { createSimulator } from './simulator';
import { apple, bitcoin, eni, eurUsd, fixtureInstruments, ftseMib, thinShare } from './simulator-fixtures';

// Friday 20 November 2026, 12:34:56.789 UTC: Milan in session, New York not yet open.
const now = Date.parse('2026-11-20T12:34:56.789Z');
const clock = { now: () => now };
const sim = createSimulator({ seed: 42, instruments: fixtureInstruments, clock });
const all = Number.MAX_SAFE_INTEGER;

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

function sessionOn(instrument: Instrument, iso: string): Session {
  const session = calendarFor(instrument.calendar).sessionOnDay(dayOfIso(iso));
  if (!session) throw new Error(`${instrument.symbol} does not trade on ${iso}`);
  return session;
}

/** Sessions spread over the history: one every ~two months from 2016, plus the recent weeks. */
function sampleSessions(instrument: Instrument): Session[] {
  const calendar = calendarFor(instrument.calendar);
  const sessions = calendar.sessionsBetween(Date.parse('2016-01-01'), now).filter((s) => s.close <= now);
  const picked = sessions.filter((_, i) => i % 47 === 0);
  return [...picked, ...sessions.slice(-10)];
}

const intraday: Array<[CandleInterval, number]> = [
  ['5m', 5],
  ['15m', 15],
  ['30m', 30],
  ['1h', 60],
  ['4h', 240],
];

describe('one price path at every resolution', () => {
  it.each(fixtureInstruments.map((i) => [i.symbol, i] as const))(
    '%s: each 1d candle is the aggregate of its 1m candles, and every interval of the 1m ones',
    async (_symbol, instrument) => {
      for (const session of sampleSessions(instrument)) {
        const minutes = await sim.candles(instrument.symbol, '1m', session.open, session.close, all);
        expect(minutes).toHaveLength((session.close - session.open) / 60_000);
        const [day] = await sim.candles(instrument.symbol, '1d', session.open, session.open + 1, 1);
        expect(day).toEqual(aggregate(minutes, session.open));
        for (const [interval, size] of intraday) {
          const candles = await sim.candles(instrument.symbol, interval, session.open, session.close, all);
          const expected: Candle[] = [];
          for (let i = 0; i < minutes.length; i += size) {
            expected.push(aggregate(minutes.slice(i, i + size), session.open + i * 60_000));
          }
          expect(candles).toEqual(expected);
        }
      }
    },
  );

  it.each(fixtureInstruments.map((i) => [i.symbol, i] as const))(
    '%s: each 1w candle is the aggregate of its 1d candles, opening with the week’s first session',
    async (_symbol, instrument) => {
      const from = Date.parse('2024-06-01');
      const days = await sim.candles(instrument.symbol, '1d', from, now, all);
      const weeks = await sim.candles(instrument.symbol, '1w', from, now, all);
      const calendar = calendarFor(instrument.calendar);
      const byWeek = new Map<number, Candle[]>();
      for (const day of days) {
        const week = mondayOf(calendar.sessionOf(day.time)!.day);
        byWeek.set(week, [...(byWeek.get(week) ?? []), day]);
      }
      const expected = [...byWeek.values()].map((group) => aggregate(group, group[0]!.time));
      // The first week may have begun before `from`: its candle opens before the range and is left out.
      expect(weeks).toEqual(expected[0]!.time === weeks[0]!.time ? expected : expected.slice(1));
    },
  );

  it('aggregates the session in progress up to now: 1d equals its 1m candles so far', async () => {
    const session = sessionOn(eni, '2026-11-20');
    const minutes = await sim.candles(eni.symbol, '1m', session.open, session.close, all);
    expect(minutes.at(-1)!.time).toBe(Date.parse('2026-11-20T12:34:00Z'));
    const [day] = await sim.candles(eni.symbol, '1d', session.open, now + 86_400_000, 5);
    expect(day).toEqual(aggregate(minutes, session.open));
    const hours = await sim.candles(eni.symbol, '1h', session.open, session.close, all);
    expect(hours.map((h) => new Date(h.time).toISOString().slice(11, 16))).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
    ]);
    expect(hours.at(-1)).toEqual(aggregate(minutes.slice(-35), Date.parse('2026-11-20T12:00:00Z')));
  });
});

describe('candles only in session, aligned to the open', () => {
  it('Milan hours: 1h candles at 09:00 … 17:00 Rome, the last one half an hour', async () => {
    const session = sessionOn(eni, '2026-07-15');
    const hours = await sim.candles(
      eni.symbol,
      '1h',
      session.open - 86_400_000,
      session.close + 3_600_000,
      all,
    );
    const today = hours.filter((h) => h.time >= session.open && h.time < session.close);
    expect(today.map((h) => new Date(h.time).toISOString().slice(11, 16))).toEqual([
      '07:00',
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
    ]);
    const lastHalfHour = await sim.candles(eni.symbol, '1m', session.close - 1_800_000, session.close, all);
    expect(today.at(-1)).toEqual(aggregate(lastHalfHour, session.close - 1_800_000));
  });

  it.each([eni, thinShare, apple, bitcoin, eurUsd])(
    '$symbol: every 1m candle of a fortnight lies in a session',
    async (instrument) => {
      const calendar = calendarFor(instrument.calendar);
      const from = Date.parse('2026-10-20T00:00:00Z');
      const minutes = await sim.candles(instrument.symbol, '1m', from, now, all);
      const sessions = calendar.sessionsBetween(from - 86_400_000, now);
      let expected = 0;
      for (const s of sessions)
        expected +=
          Math.max(0, Math.min(s.close, now + 60_000 - (now % 60_000)) - Math.max(s.open, from)) / 60_000;
      expect(minutes).toHaveLength(Math.round(expected));
      for (const m of minutes) {
        const session = calendar.sessionOf(m.time);
        expect(session).not.toBeNull();
        expect((m.time - session!.open) % 60_000).toBe(0);
      }
    },
  );

  it('New York: DST moves the open in UTC, the early close on the day after Thanksgiving has 210 minutes', async () => {
    // Before now: use a simulator whose clock is after the day.
    const later = createSimulator({
      seed: 42,
      instruments: [apple],
      clock: { now: () => Date.parse('2026-12-01') },
    });
    const [winter] = await later.candles(
      apple.symbol,
      '1d',
      Date.parse('2026-11-02'),
      Date.parse('2026-11-03'),
      1,
    );
    const [summer] = await later.candles(
      apple.symbol,
      '1d',
      Date.parse('2026-10-30'),
      Date.parse('2026-10-31'),
      1,
    );
    expect(new Date(winter!.time).toISOString()).toBe('2026-11-02T14:30:00.000Z');
    expect(new Date(summer!.time).toISOString()).toBe('2026-10-30T13:30:00.000Z');
    const halfDay = sessionOn(apple, '2026-11-27');
    const minutes = await later.candles(apple.symbol, '1m', halfDay.open, halfDay.open + 86_400_000, all);
    expect(minutes).toHaveLength(210);
    expect(new Date(minutes.at(-1)!.time).toISOString()).toBe('2026-11-27T17:59:00.000Z');
  });

  it('weekends and holidays have no candles', async () => {
    const easter = await sim.candles(
      eni.symbol,
      '1m',
      Date.parse('2026-04-03'),
      Date.parse('2026-04-07'),
      all,
    );
    expect(easter).toEqual([]);
    const weekend = await sim.candles(
      eurUsd.symbol,
      '1h',
      Date.parse('2026-11-13T22:00:00Z'),
      Date.parse('2026-11-15T22:00:00Z'),
      all,
    );
    expect(weekend).toEqual([]);
  });

  it('crypto days open at midnight UTC on the previous close, with no gap', async () => {
    const days = await sim.candles(
      bitcoin.symbol,
      '1d',
      Date.parse('2026-01-01'),
      Date.parse('2026-03-01'),
      all,
    );
    expect(days).toHaveLength(59);
    for (let i = 1; i < days.length; i++) {
      expect(days[i]!.time - days[i - 1]!.time).toBe(86_400_000);
      expect(days[i]!.open).toBe(days[i - 1]!.close);
    }
  });
});

describe('the daily model', () => {
  it.each(fixtureInstruments.map((i) => [i.symbol, i] as const))(
    '%s closes at its anchor price on 2 January 2026',
    async (_s, instrument) => {
      const [day] = await sim.candles(
        instrument.symbol,
        '1d',
        Date.parse('2026-01-01T21:30:00Z'),
        Date.parse('2026-01-02T21:30:00Z'),
        1,
      );
      expect(day!.close).toBe(instrument.anchorPrice);
    },
  );

  it.each(fixtureInstruments.map((i) => [i.symbol, i] as const))(
    '%s: prices on ticks, highs and lows strictly beyond open and close, volumes in lots',
    async (_s, instrument) => {
      const days = await sim.candles(instrument.symbol, '1d', 0, now, all);
      expect(days.length).toBeGreaterThan(5 * 250);
      for (const d of days) {
        for (const p of [d.open, d.high, d.low, d.close]) expect(p % instrument.tickSize).toBe(0n);
        expect(d.low).toBeGreaterThan(0n);
        expect(d.high).toBeGreaterThan(d.open > d.close ? d.open : d.close);
        expect(d.low).toBeLessThan(d.open < d.close ? d.open : d.close);
        expect(d.volume % instrument.lotSize).toBe(0n);
      }
    },
  );

  it('exchanges open with a gap from the previous close, not always', async () => {
    const days = await sim.candles(eni.symbol, '1d', Date.parse('2025-01-01'), now, all);
    const gaps = days.slice(1).filter((d, i) => d.open !== days[i]!.close).length;
    expect(gaps).toBeGreaterThan(days.length / 2);
  });

  it.each([
    [eni, 0.22],
    [apple, 0.28],
    [bitcoin, 0.55],
    [eurUsd, 0.07],
  ] as const)(
    '$symbol: the yearly volatility comes out near %f, with fat tails',
    async (instrument, volatility) => {
      const days = await sim.candles(instrument.symbol, '1d', 0, now, all);
      const returns = days.slice(1).map((d, i) => Math.log(Number(d.close) / Number(days[i]!.close)));
      const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
      const variance = returns.reduce((s, r) => s + (r - mean) ** 2, 0) / returns.length;
      const kurtosis = returns.reduce((s, r) => s + (r - mean) ** 4, 0) / returns.length / variance ** 2;
      const perYear = calendarFor(instrument.calendar).sessionsPerYear;
      expect(Math.sqrt(variance * perYear)).toBeGreaterThan(volatility * 0.85);
      expect(Math.sqrt(variance * perYear)).toBeLessThan(volatility * 1.15);
      // A normal has kurtosis 3; a Student-t with 4 degrees of freedom far more.
      expect(kurtosis).toBeGreaterThan(4);
    },
  );

  it('volume is busiest at the open and the close', async () => {
    let open = 0n;
    let lunch = 0n;
    for (const session of calendarFor('XMIL').sessionsBetween(
      Date.parse('2026-10-01'),
      Date.parse('2026-11-01'),
    )) {
      const m = await sim.candles(eni.symbol, '1m', session.open, session.close, all);
      open += m.slice(0, 30).reduce((s, c) => s + c.volume, 0n);
      lunch += m.slice(200, 230).reduce((s, c) => s + c.volume, 0n);
    }
    expect(open).toBeGreaterThan(2n * lunch);
  });
});

describe('determinism and ranges', () => {
  it('the same seed gives the same market; another seed another', async () => {
    const again = createSimulator({ seed: 42, instruments: [eni, bitcoin], clock });
    const other = createSimulator({ seed: 43, instruments: [eni, bitcoin], clock });
    const from = Date.parse('2026-11-18');
    for (const symbol of [eni.symbol, bitcoin.symbol]) {
      const mine = await sim.candles(symbol, '1m', from, now, all);
      expect(await again.candles(symbol, '1m', from, now, all)).toEqual(mine);
      const theirs = await other.candles(symbol, '1m', from, now, all);
      expect(theirs.map((c) => c.close)).not.toEqual(mine.map((c) => c.close));
      expect(await again.candles(symbol, '1d', 0, now, all)).toEqual(
        await sim.candles(symbol, '1d', 0, now, all),
      );
    }
  });

  it('a day computed alone equals the same day computed in a long scan', async () => {
    const scanned = await sim.candles(thinShare.symbol, '1m', Date.parse('2025-01-01'), now, all);
    const alone = createSimulator({ seed: 42, instruments: [thinShare], clock });
    const session = sessionOn(thinShare, '2025-06-12');
    const day = await alone.candles(thinShare.symbol, '1m', session.open, session.close, all);
    expect(scanned.filter((c) => c.time >= session.open && c.time < session.close)).toEqual(day);
  });

  it('history does not depend on when it is asked: a clock in 2024 sees the same days so far', async () => {
    const early = Date.parse('2024-06-05T10:00:00Z');
    const then = createSimulator({ seed: 42, instruments: [eni, bitcoin], clock: { now: () => early } });
    for (const symbol of [eni.symbol, bitcoin.symbol]) {
      const seenThen = await then.candles(symbol, '1d', Date.parse('2024-01-01'), now, all);
      expect(seenThen.at(-1)!.time).toBeLessThanOrEqual(early);
      const seenNow = await sim.candles(symbol, '1d', Date.parse('2024-01-01'), early, all);
      // All but the session in progress in 2024, which was only partly known then.
      expect(seenThen.slice(0, -1)).toEqual(seenNow.slice(0, -1));
      expect(seenThen.at(-1)!.open).toBe(seenNow.at(-1)!.open);
    }
  });

  it('limit keeps the newest, oldest first', async () => {
    const all1h = await sim.candles(eni.symbol, '1h', Date.parse('2026-11-01'), now, all);
    const last5 = await sim.candles(eni.symbol, '1h', Date.parse('2026-11-01'), now, 5);
    expect(last5).toEqual(all1h.slice(-5));
    expect(await sim.candles(eni.symbol, '1h', 0, now, 0)).toEqual([]);
  });

  it('asking for the future answers as of now; before the history there is nothing', async () => {
    const ahead = await sim.candles(eni.symbol, '1m', now - 600_000, now + 86_400_000 * 30, all);
    expect(ahead.at(-1)!.time).toBeLessThanOrEqual(now);
    expect(ahead).toHaveLength(10);
    expect(await sim.candles(eni.symbol, '1d', 0, Date.parse('2014-12-31'), all)).toEqual([]);
  });

  it('thirty days of minutes and five years of days answer at once', async () => {
    const minutes = await sim.candles(ftseMib.symbol, '1m', now - 30 * 86_400_000, now, all);
    expect(minutes.length).toBeGreaterThan(20 * 510);
    const days = await sim.candles(ftseMib.symbol, '1d', now - 5 * 365 * 86_400_000, now, all);
    expect(days.length).toBeGreaterThan(5 * 250);
  });
});
