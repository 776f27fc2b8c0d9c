import { describe, expect, it } from 'vitest';
import { calendarFor } from '../calendar/calendar-for';
import { dayOfIso } from '../calendar/civil-date';
import { catalogue } from '../catalogue/catalogue';
import { createMarketFactors, resolveLoadings } from './market-factors';
import { clusteringTarget, measureReportCard, pairTargets } from './report-card';
import { correlation, logReturns } from './return-statistics';
import { createSimulator, simulatorSeedDefault } from './simulator';

// The production seed over the four years before the anchor: about 1,000 sessions.
const from = Date.parse('2022-01-01');
const to = Date.parse('2026-01-01');
const sim = createSimulator({
  seed: simulatorSeedDefault,
  instruments: catalogue,
  clock: { now: () => Date.parse('2026-11-18T15:00:30Z') },
});
const bySymbol = new Map(catalogue.map((i) => [i.symbol, i]));

describe('a market that moves together (issue 22)', () => {
  it('every pair of the table and the FTSE MIB’s volatility clustering lie in their real bands', async () => {
    const card = await measureReportCard(sim, catalogue, from, to);
    expect(card.sessions).toBeGreaterThan(1000);
    expect(card.pairs.map((p) => p.label)).toEqual(pairTargets.map((p) => p.label));
    for (const pair of card.pairs) {
      expect(pair.value, pair.label).toBeGreaterThanOrEqual(pair.real.low);
      expect(pair.value, pair.label).toBeLessThanOrEqual(pair.real.high);
    }
    expect(card.clustering.value).toBeGreaterThanOrEqual(clusteringTarget.real.low);
    expect(card.clustering.value).toBeLessThanOrEqual(clusteringTarget.real.high);
    // Tails stay fat, and returns stay unpredictable from the day before.
    for (const c of card.classes) {
      expect(c.kurtosis.value, c.label).toBeGreaterThan(3.5);
      expect(Math.abs(c.autocorrelation.value), c.label).toBeLessThan(0.08);
    }
  });

  it.each(['FTSEMIB.IDX', 'FTSEITALIASHARE.IDX'])(
    '%s closes at its members’ free-float capitalisation over the divisor, within 0.1%, every day of five years',
    async (symbol) => {
      const index = bySymbol.get(symbol)!;
      const members = index.constituents!.map((s) => bySymbol.get(s)!);
      const euros = (i: (typeof members)[number], minor: bigint) => Number(minor) / 10 ** i.priceScale;
      const divisor =
        members.reduce((s, m) => s + m.freeFloatShares! * euros(m, m.anchorPrice), 0) /
        euros(index, index.anchorPrice);
      const start = Date.parse('2021-01-01');
      const end = Date.parse('2026-01-01');
      const closes = await Promise.all(
        members.map((m) => sim.candles(m.symbol, '1d', start, end, Number.MAX_SAFE_INTEGER)),
      );
      const levels = await sim.candles(symbol, '1d', start, end, Number.MAX_SAFE_INTEGER);
      expect(levels.length).toBeGreaterThan(5 * 250);
      let worst = 0;
      levels.forEach((day, k) => {
        let cap = 0;
        members.forEach((m, i) => {
          expect(closes[i]![k]!.time).toBe(day.time);
          cap += m.freeFloatShares! * euros(m, closes[i]![k]!.close);
        });
        worst = Math.max(worst, Math.abs(euros(index, day.close) / (cap / divisor) - 1));
      });
      expect(worst).toBeLessThan(0.001);
    },
  );

  it('holds the published level on the anchor day', async () => {
    const [day] = await sim.candles(
      'FTSEMIB.IDX',
      '1d',
      Date.parse('2026-01-02'),
      Date.parse('2026-01-03'),
      1,
    );
    expect(day!.close).toBe(bySymbol.get('FTSEMIB.IDX')!.anchorPrice);
  });

  it('moves together within the day: 5-minute returns of a bank and the FTSE MIB correlate at 0.4 or more', async () => {
    const sessions = calendarFor('XMIL').sessionsBetween(Date.parse('2025-10-01'), Date.parse('2025-11-01'));
    const bank: number[] = [];
    const index: number[] = [];
    for (const s of sessions) {
      const a = await sim.candles('ISP.MI', '5m', s.open, s.close, 1000);
      const b = await sim.candles('FTSEMIB.IDX', '5m', s.open, s.close, 1000);
      bank.push(...logReturns(a.map((c) => Number(c.close))));
      index.push(...logReturns(b.map((c) => Number(c.close))));
    }
    expect(bank.length).toBeGreaterThan(1500);
    expect(correlation(bank, index)).toBeGreaterThanOrEqual(0.4);
  });
});

describe('the market factors', () => {
  it('are a function of the seed and the date alone, asked in any order', () => {
    const days = [dayOfIso('2019-03-14'), dayOfIso('2016-07-01'), dayOfIso('2026-11-18')];
    const forwards = createMarketFactors('piazza');
    const backwards = createMarketFactors('piazza');
    const a = days.map((d) => [
      forwards.dayDraw(0, d),
      forwards.volatility(d),
      forwards.minuteShocks(3, d, 0, 1440)[600],
    ]);
    const b = [...days]
      .reverse()
      .map((d) => [
        backwards.dayDraw(0, d),
        backwards.volatility(d),
        backwards.minuteShocks(3, d, 590, 610)[600],
      ])
      .reverse();
    expect(b).toEqual(a);
    expect(createMarketFactors('other').dayDraw(0, days[0]!)).not.toBe(a[0]![0]);
  });

  it('move on weekdays, crypto every day', () => {
    const factors = createMarketFactors('piazza');
    const saturday = dayOfIso('2026-11-21');
    expect(factors.dayDraw(0, saturday)).toBe(0);
    expect(factors.dayDraw(15, saturday)).not.toBe(0);
  });

  it('scale volatility by a state whose square averages 1 and that alternates calm and stress', () => {
    const factors = createMarketFactors('piazza');
    const states: number[] = [];
    for (let d = dayOfIso('2015-01-01'); d < dayOfIso('2027-01-01'); d++) states.push(factors.volatility(d));
    const meanSquare = states.reduce((s, v) => s + v * v, 0) / states.length;
    expect(meanSquare).toBeCloseTo(1, 6);
    expect(Math.min(...states)).toBeLessThan(0.6);
    expect(Math.max(...states)).toBeGreaterThan(1.8);
  });

  it('refuse loadings that explain more than all the variance', () => {
    expect(() => resolveLoadings({ world: 0.8, eurozone: 0.7 }, 'X')).toThrow(/more than all/);
    expect(resolveLoadings({ world: 0.6, banks: 0.5 }, 'X')).toEqual({ factors: [0, 4], betas: [0.6, 0.5] });
  });
});
