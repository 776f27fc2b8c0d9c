import type { DailyBar } from './daily-model';
import { exponential, fatTailed, normal, Purpose } from './hash-random';
import { allocateLargestRemainder } from './largest-remainder';

/**
 * One session's minutes. Point i is the price at the start of minute i (point 0 the open, the last point
 * the close); minute i opens at point i and closes at point i + 1. Prices in price minor units, volumes in
 * lots; all integers held in doubles, which are exact far beyond any price we quote.
 */
export interface DayPath {
  readonly minutes: number;
  readonly points: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly volumeLots: Float64Array;
}

export interface DayPathInput {
  bar: DailyBar;
  /** Share of the session's activity in each minute (sums to 1). */
  weights: Float64Array;
  sessionVolatility: number;
  tick: number;
  /** The symbol's random stream for this session's date. */
  stream: number;
  /** Each minute's common shock: the factors' minute shocks weighted by the instrument's loadings. */
  common: Float64Array;
  /** Each minute's weight of the instrument's own shock, so that a minute's shock has unit variance. */
  own: Float64Array;
}

const volumeNoise = 0.5;
// Share of a minute's volatility that its wick may add beyond the open and close.
const wickShare = 0.4;

/**
 * The session's minute path from its open to its close, reaching its high and low exactly.
 *
 * A Brownian bridge in log space from log(open) to log(close), with each minute's variance following the
 * intraday pattern; a step is the market's common shock of that minute plus the instrument's own
 * fat-tailed one, so instruments that share factors move together within the day too. The interior minutes where the raw bridge peaks and troughs are
 * made its strict maximum and minimum; then a monotone piecewise-linear map sends (raw min, min(O, C),
 * max(O, C), raw max) to (low, min(O, C), max(O, C), high), so the path keeps its shape and touches the
 * daily extremes at those minutes. We take the raw peak and trough, not hashed minutes as first designed:
 * forcing an arbitrary minute to the day's high would draw a lone one-minute spike far from where the
 * path actually is; the bridge's own extremes are already random.
 */
export function buildDayPath(input: DayPathInput): DayPath {
  const { bar, weights, sessionVolatility, tick, stream, common, own } = input;
  const minutes = weights.length;
  if (minutes < 3) throw new Error(`a session of ${minutes} minutes is too short to have interior extremes`);

  const raw = new Float64Array(minutes + 1);
  const cumVariance = new Float64Array(minutes + 1);
  const stepSd = new Float64Array(minutes);
  for (let i = 0; i < minutes; i++) {
    const sd = sessionVolatility * Math.sqrt(weights[i]!);
    stepSd[i] = sd;
    raw[i + 1] = raw[i]! + sd * (common[i]! + own[i]! * fatTailed(stream, i, Purpose.minuteStep));
    cumVariance[i + 1] = cumVariance[i]! + sd * sd;
  }
  const logOpen = Math.log(bar.open);
  const logClose = Math.log(bar.close);
  const end = raw[minutes]!;
  const totalVariance = cumVariance[minutes]!;
  for (let j = 0; j <= minutes; j++) {
    const share = cumVariance[j]! / totalVariance;
    raw[j] = logOpen + raw[j]! - share * end + share * (logClose - logOpen);
  }
  raw[0] = logOpen;
  raw[minutes] = logClose;

  let maxAt = 1;
  let minAt = 1;
  for (let j = 2; j < minutes; j++) {
    if (raw[j]! > raw[maxAt]!) maxAt = j;
    if (raw[j]! < raw[minAt]!) minAt = j;
  }
  const top = Math.max(logOpen, logClose);
  const bottom = Math.min(logOpen, logClose);
  // The interior peak must lie strictly above everything else, the open and close included (a day that
  // trends to its close may peak at the close); lift it by half a typical minute's move when it does not.
  const nudge = 0.5 * (sessionVolatility / Math.sqrt(minutes));
  if (raw[maxAt]! <= top) raw[maxAt] = top + nudge;
  if (raw[minAt]! >= bottom) raw[minAt] = bottom - nudge;
  const rawMax = raw[maxAt]!;
  const rawMin = raw[minAt]!;
  const logHigh = Math.log(bar.high);
  const logLow = Math.log(bar.low);
  const upScale = (logHigh - top) / (rawMax - top);
  const downScale = (bottom - logLow) / (bottom - rawMin);

  const points = new Float64Array(minutes + 1);
  for (let j = 1; j < minutes; j++) {
    const y = raw[j]!;
    const mapped = y > top ? top + (y - top) * upScale : y < bottom ? bottom - (bottom - y) * downScale : y;
    const price = Math.round(Math.exp(mapped) / tick) * tick;
    points[j] = Math.min(bar.high, Math.max(bar.low, price));
  }
  points[0] = bar.open;
  points[minutes] = bar.close;
  points[maxAt] = bar.high;
  points[minAt] = bar.low;

  // Wicks: each minute's high and low reach a little beyond its open and close, never beyond the day's.
  const high = new Float64Array(minutes);
  const low = new Float64Array(minutes);
  const volumeWeights = new Float64Array(minutes);
  for (let i = 0; i < minutes; i++) {
    const open = points[i]!;
    const close = points[i + 1]!;
    const wickTicks = (wickShare * stepSd[i]! * open) / tick;
    const up = Math.floor(wickTicks * exponential(stream, i, Purpose.minuteHigh)) * tick;
    const down = Math.floor(wickTicks * exponential(stream, i, Purpose.minuteLow)) * tick;
    high[i] = Math.min(bar.high, Math.max(open, close) + up);
    low[i] = Math.max(bar.low, Math.min(open, close) - down);
    volumeWeights[i] =
      weights[i]! *
      Math.exp(volumeNoise * normal(stream, i, Purpose.minuteVolume) - (volumeNoise * volumeNoise) / 2);
  }
  const volumeLots = allocateLargestRemainder(bar.volumeLots, volumeWeights);
  return { minutes, points, high, low, volumeLots };
}
