import type { StrategyId } from '@piazza/contract/calls/robot-shapes';
import { type Backtest, backtest } from '@piazza/core/strategies/backtest';
import { breakout } from '@piazza/core/strategies/breakout';
import { meanReversion } from '@piazza/core/strategies/mean-reversion';
import { type BarsBySymbol, onBasket, type Targets } from '@piazza/core/strategies/strategy';
import { trendFollowing } from '@piazza/core/strategies/trend-following';
import { volatilityTarget } from '@piazza/core/strategies/volatility-target';
import type { Services } from '../../services';

/*
 * A product's strategy on the market's daily history (issue 13 item 1): the basket's daily bars, aligned by
 * session, and the target weights the strategy (packages/core/strategies) decides at each close. The same
 * function serves the book's daily trading, the backtest and the simulation, so what the page shows was
 * replayed by the code that trades.
 */

/** Sessions of history before the first decision: the slowest default indicator is a 50-session average. */
export const warmupSessions = 60;
/** The backtest covers a trading year of sessions before launch. */
export const backtestSessions = 252;
const dayMs = 86_400_000;

export interface DailyHistory {
  /** The sessions' opening times (epoch ms), oldest first; bar i of every symbol belongs to times[i]. */
  times: number[];
  bars: BarsBySymbol;
}

/**
 * The last `sessions` daily bars of every symbol of the basket that closed before `beforeMs`, aligned on the
 * sessions they all traded. Prices become plain numbers here: a strategy compares them and takes ratios.
 */
export async function dailyHistory(
  services: Services,
  basket: readonly string[],
  beforeMs: number,
  sessions: number,
): Promise<DailyHistory> {
  // Calendar days enough for the sessions asked, with room for weekends and holidays.
  const fromMs = beforeMs - Math.ceil(sessions * 1.6 + 10) * dayMs;
  const bySymbol = new Map<string, Map<number, { high: number; low: number; close: number }>>();
  for (const symbol of basket) {
    const instrument = services.market.instrument(symbol);
    const scale = 10 ** (instrument?.priceScale ?? 0);
    const candles = await services.market.candles(symbol, '1d', fromMs, beforeMs, sessions + 10);
    const bars = new Map<number, { high: number; low: number; close: number }>();
    for (const c of candles) {
      // A session still under way at `beforeMs` is no bar yet: decisions use closed sessions only.
      if (c.time >= beforeMs) continue;
      bars.set(c.time, {
        high: Number(c.high) / scale,
        low: Number(c.low) / scale,
        close: Number(c.close) / scale,
      });
    }
    bySymbol.set(symbol, bars);
  }
  const first = bySymbol.get(basket[0] ?? '') ?? new Map();
  const times = [...first.keys()]
    .filter((t) => basket.every((s) => bySymbol.get(s)?.has(t)))
    .sort((a, b) => a - b)
    .slice(-sessions);
  const bars: Record<string, { high: number; low: number; close: number }[]> = {};
  for (const s of basket)
    bars[s] = times.map((t) => bySymbol.get(s)?.get(t) ?? { high: 0, low: 0, close: 0 });
  return { times, bars };
}

/** The strategy's target weights at every bar, with its default parameters (packages/core/strategies). */
export function targetsOf(strategy: StrategyId, bars: BarsBySymbol): Targets {
  const symbols = Object.keys(bars);
  switch (strategy) {
    case 'trend':
      return onBasket(trendFollowing(), bars);
    case 'meanReversion':
      return onBasket(meanReversion(), bars);
    case 'breakout':
      return onBasket(breakout(), bars);
    case 'volatilityTarget':
      return volatilityTarget(bars, {
        baseWeights: Object.fromEntries(symbols.map((s) => [s, 1 / symbols.length])),
        targetVolatility: 0.1,
        lookback: 20,
        barsPerYear: 252,
      });
  }
}

export interface Replay {
  /** The sessions replayed (epoch ms of each session's open), oldest first. */
  times: number[];
  result: Backtest;
  /** Changes of an instrument's target weight: the trades the replay made. */
  trades: number;
}

/**
 * The strategy replayed over the last `sessions` sessions closed before `beforeMs`, deciding from the
 * warm-up before them, paying `feeRate` on what it trades.
 */
export async function replay(
  services: Services,
  strategy: StrategyId,
  basket: readonly string[],
  beforeMs: number,
  sessions: number,
  feeRate: number,
): Promise<Replay> {
  const history = await dailyHistory(services, basket, beforeMs, sessions + warmupSessions);
  const targets = targetsOf(strategy, history.bars);
  const start = Math.max(0, history.times.length - sessions);
  const bars: Record<string, { high: number; low: number; close: number }[]> = {};
  for (const s of basket) bars[s] = (history.bars[s] ?? []).slice(start);
  const kept = targets.slice(start);
  let trades = 0;
  kept.forEach((t, i) => {
    const before = i === 0 ? {} : (kept[i - 1] ?? {});
    for (const s of basket) if (Math.abs((t[s] ?? 0) - (before[s] ?? 0)) > 1e-9) trades++;
  });
  return { times: history.times.slice(start), result: backtest(bars, kept, feeRate), trades };
}
