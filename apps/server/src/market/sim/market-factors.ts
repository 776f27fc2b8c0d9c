import { dayOf, isWeekend } from '../calendar/civil-date';
import { type FactorLoadings, type MarketFactor, marketFactors } from '../instrument';
import { dayStream, fatTailed, normal, Purpose, symbolKey } from './hash-random';
import { LruCache } from './lru-cache';

/*
 * The common part of the simulated market (decision 034): factors that move once per calendar day, the same
 * for every instrument, and a market volatility state that scales every instrument's moves. All of it is a
 * pure function of the seed and the date, computed on demand with a bounded look-back: any day can be
 * asked alone and comes out the same.
 */

/** An instrument's loadings as parallel arrays of factor indices (into `marketFactors`) and betas. */
export interface ResolvedLoadings {
  readonly factors: readonly number[];
  readonly betas: readonly number[];
}

export function resolveLoadings(loadings: FactorLoadings, symbol: string): ResolvedLoadings {
  const factors: number[] = [];
  const betas: number[] = [];
  let sumSquares = 0;
  for (const [name, beta] of Object.entries(loadings)) {
    if (!beta) continue;
    factors.push(marketFactors.indexOf(name as MarketFactor));
    betas.push(beta);
    sumSquares += beta * beta;
  }
  if (sumSquares > 1 + 1e-9) throw new Error(`${symbol}: loadings explain more than all its variance`);
  return { factors, betas };
}

export interface MarketFactors {
  /** Whether a factor moves on a calendar day: crypto every day, the others on weekdays. */
  moves(factor: number, day: number): boolean;
  /** The factor's move on a calendar day, unit variance (0 when it does not move that day). */
  dayDraw(factor: number, day: number): number;
  /** The market's volatility multiplier on a calendar day; its square averages 1 over the history. */
  volatility(day: number): number;
  /** The factor's unit shocks in the minutes (UTC) of a calendar day: [from, to) of its 1440 are filled. */
  minuteShocks(factor: number, day: number, from: number, to: number): Float64Array;
}

const crypto = marketFactors.indexOf('crypto');
const fx = marketFactors.indexOf('fx');

// The volatility state: log-volatility h is an AR(1) on weeks with this persistence, summed over a bounded
// look-back (φ^60 ≈ 0.002 of a shock is left out), so a day's state needs only the weeks before it. The
// multiplier is exp(a·h − c): a sets how much calm and stress differ (a stressed week at +2 sd trades at
// about e^(2a) ≈ 2.7 times a middle one's volatility), c makes its square average 1 over the history.
const persistence = 0.9;
const lookBackWeeks = 60;
const stateScale = 0.55;
// The normalisation window: the history the catalogue's volatilities are measured over.
const normalisedFrom = dayOf(2015, 1, 1);
const normalisedTo = dayOf(2027, 1, 1);
const cachedFrom = dayOf(2014, 1, 1);

export function createMarketFactors(seed: number | string): MarketFactors {
  const keys = marketFactors.map((name) => symbolKey(seed, `factor:${name}`));
  const stateKey = symbolKey(seed, 'factor:volatility');
  // Dense per-day caches from a base day, grown on demand (NaN: not computed yet); days before it (none
  // the history asks for) are computed without caching.
  const draws = marketFactors.map(() => new Float64Array(0));
  let states = new Float64Array(0);
  const weekStates = new Map<number, number>();
  const minutes = new LruCache<number, Float64Array>(256);

  const moves = (factor: number, day: number) => factor === crypto || !isWeekend(day);

  function grown(array: Float64Array<ArrayBuffer>, offset: number): Float64Array<ArrayBuffer> {
    if (offset < array.length) return array;
    const bigger = new Float64Array(Math.max(offset + 1, 2 * array.length, 4096)).fill(Number.NaN);
    bigger.set(array);
    return bigger;
  }

  function drawOf(factor: number, day: number): number {
    if (!moves(factor, day)) return 0;
    // Factors are normal: the volatility state makes their mixture fat-tailed. The currency factor is
    // most of EUR/USD's move, and its jumps (central-bank days) are its own: fat-tailed like a share's.
    const stream = dayStream(keys[factor]!, day);
    return factor === fx ? fatTailed(stream, 0, Purpose.factorDay) : normal(stream, 0, Purpose.factorDay);
  }

  function dayDraw(factor: number, day: number): number {
    const offset = day - cachedFrom;
    if (offset < 0) return drawOf(factor, day);
    let cache = draws[factor]!;
    if (offset >= cache.length) cache = draws[factor] = grown(cache, offset);
    let draw = cache[offset]!;
    if (Number.isNaN(draw)) draw = cache[offset] = drawOf(factor, day);
    return draw;
  }

  const innovationScale = Math.sqrt(1 - persistence * persistence);
  function weekState(week: number): number {
    let h = weekStates.get(week);
    if (h === undefined) {
      h = 0;
      let weight = innovationScale;
      for (let j = 0; j < lookBackWeeks; j++) {
        h += weight * normal(dayStream(stateKey, week - j), 0, Purpose.volatilityState);
        weight *= persistence;
      }
      weekStates.set(week, h);
    }
    return h;
  }

  // Weeks start on Mondays (day 4 was the first Monday after the epoch); within a week the state moves
  // linearly to the next week's, so volatility drifts from day to day rather than jumping on Mondays.
  function logState(day: number): number {
    const shifted = day + 3;
    const week = Math.floor(shifted / 7);
    const t = (shifted - week * 7) / 7;
    return (1 - t) * weekState(week) + t * weekState(week + 1);
  }

  let sumSquares = 0;
  for (let day = normalisedFrom; day < normalisedTo; day++)
    sumSquares += Math.exp(2 * stateScale * logState(day));
  const offset = Math.log(sumSquares / (normalisedTo - normalisedFrom)) / 2;

  function volatility(day: number): number {
    const at = day - cachedFrom;
    if (at < 0) return Math.exp(stateScale * logState(day) - offset);
    if (at >= states.length) states = grown(states, at);
    let state = states[at]!;
    if (Number.isNaN(state)) state = states[at] = Math.exp(stateScale * logState(day) - offset);
    return state;
  }

  // Only the minutes asked for are drawn: an exchange's session uses a third of the day's.
  function minuteShocks(factor: number, day: number, from: number, to: number): Float64Array {
    const id = day * 32 + factor;
    let shocks = minutes.get(id);
    if (!shocks) {
      shocks = new Float64Array(1440).fill(Number.NaN);
      minutes.set(id, shocks);
    }
    if (Number.isNaN(shocks[from]!) || Number.isNaN(shocks[to - 1]!)) {
      const still = moves(factor, day);
      const stream = dayStream(keys[factor]!, day);
      for (let i = from; i < to; i++) {
        if (Number.isNaN(shocks[i]!)) shocks[i] = still ? normal(stream, i, Purpose.factorMinute) : 0;
      }
    }
    return shocks;
  }

  return { moves, dayDraw, volatility, minuteShocks };
}

/**
 * The common shock and the weight of the instrument's own shock in each minute of a session: the factor
 * shocks of the minute's UTC clock time, so a Milan bank and the S&P 500 share them while both trade.
 */
export function sessionMinuteShocks(
  factors: MarketFactors,
  loadings: ResolvedLoadings,
  openMs: number,
  minuteCount: number,
): { common: Float64Array; own: Float64Array } {
  const common = new Float64Array(minuteCount);
  const own = new Float64Array(minuteCount);
  const firstMinute = Math.floor(openMs / 60_000);
  let i = 0;
  while (i < minuteCount) {
    const day = Math.floor((firstMinute + i) / 1440);
    const dayStart = day * 1440 - firstMinute; // session index of the day's minute 0
    const end = Math.min(minuteCount, dayStart + 1440);
    let active = 0;
    for (let f = 0; f < loadings.factors.length; f++) {
      const factor = loadings.factors[f]!;
      if (!factors.moves(factor, day)) continue;
      const beta = loadings.betas[f]!;
      active += beta * beta;
      const shocks = factors.minuteShocks(factor, day, i - dayStart, end - dayStart);
      for (let j = i; j < end; j++) common[j]! += beta * shocks[j - dayStart]!;
    }
    own.fill(Math.sqrt(Math.max(0, 1 - active)), i, end);
    i = end;
  }
  return { common, own };
}
