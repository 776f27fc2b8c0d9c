import { calendarFor } from '../calendar/calendar-for';
import type { MarketFeed } from '../feed';
import type { Instrument } from '../instrument';
import {
  alignedReturns,
  autocorrelation,
  correlation,
  kurtosis,
  logReturns,
  median,
  variance,
  volatilityClustering,
} from './return-statistics';

/** A figure real markets show, as a band [low, high] (2015–2025 daily data, issue 22). */
export interface RealBand {
  low: number;
  high: number;
}

export interface PairTarget {
  a: string;
  b: string;
  label: string;
  real: RealBand;
}

/** The pairs whose daily-return correlation the simulator must match (issue 22's table). */
export const pairTargets: readonly PairTarget[] = [
  { a: 'ENI.MI', b: 'FTSEMIB.IDX', label: 'ENI vs FTSE MIB', real: { low: 0.6, high: 0.85 } },
  { a: 'ISP.MI', b: 'FTSEMIB.IDX', label: 'Intesa Sanpaolo vs FTSE MIB', real: { low: 0.8, high: 0.9 } },
  { a: 'ISP.MI', b: 'UCG.MI', label: 'Intesa Sanpaolo vs UniCredit', real: { low: 0.78, high: 0.92 } },
  { a: 'FTSEMIB.IDX', b: 'SX5E.IDX', label: 'FTSE MIB vs Euro Stoxx 50', real: { low: 0.83, high: 0.95 } },
  { a: 'SX5E.IDX', b: 'SPX.IDX', label: 'Euro Stoxx 50 vs S&P 500', real: { low: 0.5, high: 0.6 } },
  { a: 'SPX.IDX', b: 'NDX.IDX', label: 'S&P 500 vs Nasdaq 100', real: { low: 0.83, high: 0.95 } },
  { a: 'BTCUSDT', b: 'ETHUSDT', label: 'BTC vs ETH', real: { low: 0.72, high: 0.88 } },
];

/** Lag-1 autocorrelation of the FTSE MIB's squared daily returns. */
export const clusteringTarget = { symbol: 'FTSEMIB.IDX', real: { low: 0.1, high: 0.4 } } as const;

export interface ClassTarget {
  label: string;
  of: (i: Instrument) => boolean;
  volatility: RealBand;
  kurtosis: RealBand;
  autocorrelation: RealBand;
  clustering: RealBand;
}

/** Per class of instrument: medians over its members, against the ranges real members show. */
export const classTargets: readonly ClassTarget[] = [
  {
    label: 'Italian shares',
    of: (i) => i.kind === 'stock' && i.country === 'IT' && !i.assetClass,
    volatility: { low: 0.18, high: 0.45 },
    kurtosis: { low: 4, high: 15 },
    autocorrelation: { low: -0.08, high: 0.08 },
    clustering: { low: 0.05, high: 0.4 },
  },
  {
    label: 'US shares',
    of: (i) => i.kind === 'stock' && i.country === 'US',
    volatility: { low: 0.18, high: 0.5 },
    kurtosis: { low: 4, high: 15 },
    autocorrelation: { low: -0.08, high: 0.08 },
    clustering: { low: 0.05, high: 0.4 },
  },
  {
    label: 'indices',
    of: (i) => i.kind === 'index',
    volatility: { low: 0.13, high: 0.27 },
    kurtosis: { low: 5, high: 15 },
    autocorrelation: { low: -0.08, high: 0.08 },
    clustering: { low: 0.1, high: 0.4 },
  },
  {
    label: 'crypto',
    of: (i) => i.kind === 'crypto',
    volatility: { low: 0.45, high: 1.1 },
    kurtosis: { low: 4, high: 15 },
    autocorrelation: { low: -0.08, high: 0.08 },
    clustering: { low: 0.05, high: 0.4 },
  },
  {
    label: 'FX',
    of: (i) => i.kind === 'fx',
    volatility: { low: 0.05, high: 0.1 },
    kurtosis: { low: 3.5, high: 8 },
    autocorrelation: { low: -0.08, high: 0.08 },
    clustering: { low: 0.02, high: 0.3 },
  },
];

export interface Measured {
  value: number;
  real: RealBand;
  inBand: boolean;
}

export interface ClassFigures {
  label: string;
  members: number;
  volatility: Measured;
  kurtosis: Measured;
  autocorrelation: Measured;
  clustering: Measured;
}

export interface ReportCard {
  sessions: number;
  classes: ClassFigures[];
  pairs: (PairTarget & Measured)[];
  clustering: Measured;
}

function measured(value: number, real: RealBand): Measured {
  return { value, real, inBand: value >= real.low && value <= real.high };
}

/** Daily closes of one instrument in [fromMs, toMs), keyed by the UTC date of the session's open. */
export async function dailyCloses(
  feed: MarketFeed,
  symbol: string,
  fromMs: number,
  toMs: number,
): Promise<Map<string, number>> {
  const candles = await feed.candles(symbol, '1d', fromMs, toMs, Number.MAX_SAFE_INTEGER);
  return new Map(candles.map((c) => [new Date(c.time).toISOString().slice(0, 10), Number(c.close)]));
}

/** The simulator's report card over [fromMs, toMs): what `npm run market:stats` prints and tests check. */
export async function measureReportCard(
  feed: MarketFeed,
  instruments: readonly Instrument[],
  fromMs: number,
  toMs: number,
): Promise<ReportCard> {
  const closes = new Map<string, Map<string, number>>();
  const closesOf = async (symbol: string) => {
    let c = closes.get(symbol);
    if (!c) {
      c = await dailyCloses(feed, symbol, fromMs, toMs);
      closes.set(symbol, c);
    }
    return c;
  };
  const classes: ClassFigures[] = [];
  for (const target of classTargets) {
    const members = instruments.filter(target.of);
    if (members.length === 0) continue;
    const vols: number[] = [];
    const kurts: number[] = [];
    const acs: number[] = [];
    const clusters: number[] = [];
    for (const i of members) {
      const returns = logReturns([...(await closesOf(i.symbol)).values()]);
      if (returns.length < 20) continue;
      vols.push(Math.sqrt(variance(returns) * calendarFor(i.calendar).sessionsPerYear));
      kurts.push(kurtosis(returns));
      acs.push(autocorrelation(returns));
      clusters.push(volatilityClustering(returns));
    }
    classes.push({
      label: target.label,
      members: vols.length,
      volatility: measured(median(vols), target.volatility),
      kurtosis: measured(median(kurts), target.kurtosis),
      autocorrelation: measured(median(acs), target.autocorrelation),
      clustering: measured(median(clusters), target.clustering),
    });
  }
  const pairs: (PairTarget & Measured)[] = [];
  for (const pair of pairTargets) {
    const [a, b] = alignedReturns(await closesOf(pair.a), await closesOf(pair.b));
    pairs.push({ ...pair, ...measured(correlation(a, b), pair.real) });
  }
  const index = logReturns([...(await closesOf(clusteringTarget.symbol)).values()]);
  return {
    sessions: index.length + 1,
    classes,
    pairs,
    clustering: measured(volatilityClustering(index), clusteringTarget.real),
  };
}
