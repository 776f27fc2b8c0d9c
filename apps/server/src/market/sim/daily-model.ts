import { calendarFor } from '../calendar/calendar-for';
import { dayOfIso } from '../calendar/civil-date';
import type { Instrument } from '../instrument';
import { dayStream, exponential, fatTailed, normal, Purpose } from './hash-random';
import { regularSessionMinutes } from './intraday-pattern';
import type { MarketFactors, ResolvedLoadings } from './market-factors';
import type { SessionTable } from './session-table';

/** The date whose close is the instrument's `anchorPrice`: the walk runs forwards and backwards from it. */
export const anchorDay = dayOfIso('2026-01-02');

/** One session's candle from the daily model, prices in price minor units, volume in lots. */
export interface DailyBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volumeLots: number;
}

export interface DailyModel {
  /** Volatility of one session's log return, before the market's volatility state scales it. */
  readonly sessionVolatility: number;
  /** How its moves load on the market's factors (an index of members: what their weights add up to). */
  readonly loadings: ResolvedLoadings;
  /** The bar of the session at the table index. */
  bar(index: number): DailyBar;
  /** Volatility of the session's log return: the base scaled by that day's market volatility state. */
  volatilityAt(index: number): number;
}

// A currency's volatility follows the market's state for this share of its variance only: EUR/USD has
// calm and stressed periods of its own, and clusters less than shares (0.05–0.2, not 0.1–0.4).
const fxStateShare = 0.25;

/** How much of an instrument's variance the market's volatility state scales: its square averages 1. */
function stateScaleOf(instrument: Instrument): (state: number) => number {
  if (instrument.kind !== 'fx') return (state) => state;
  return (state) => Math.sqrt(1 - fxStateShare + fxStateShare * state * state);
}

// The overnight gap takes this share of a session's volatility; the rest happens in session.
const gapShare = 0.3;
const volumeNoise = 0.35;

/** The session's high, low and volume around its open and close: shared by every daily model. */
export type BarDresser = (k: number, open: number, close: number, sigma: number, shock: number) => DailyBar;

export function createBarDresser(instrument: Instrument, key: number, table: SessionTable): BarDresser {
  const tick = Number(instrument.tickSize);
  const lotsPerDay = Number(instrument.averageDailyVolume / instrument.lotSize);
  const regularMinutes = regularSessionMinutes[instrument.calendar];
  return (k, open, close, sigma, shock) => {
    const session = table.sessions[k]!;
    const stream = dayStream(key, session.day);
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const upExtent = sigma * (0.1 + 0.45 * exponential(stream, 0, Purpose.highExtent));
    const downExtent = sigma * (0.1 + 0.45 * exponential(stream, 0, Purpose.lowExtent));
    const high = Math.max(Math.ceil((top * Math.exp(upExtent)) / tick) * tick, top + tick);
    const low = Math.min(Math.floor((bottom * Math.exp(-downExtent)) / tick) * tick, bottom - tick);
    const minutesShare = (session.close - session.open) / 60_000 / regularMinutes;
    const activity = 0.8 + 0.25 * Math.min(Math.abs(shock), 4);
    const volumeLots = Math.round(
      lotsPerDay *
        minutesShare *
        activity *
        Math.exp(volumeNoise * normal(stream, 0, Purpose.dailyVolume) - (volumeNoise * volumeNoise) / 2),
    );
    return { open, high, low, close, volumeLots };
  };
}

/** The table index of the session whose close is the anchor: 2 January 2026, or a new listing's issue. */
export function anchorIndex(instrument: Instrument, table: SessionTable): number {
  // A clock set before the anchor (a test in 2025) still needs the walk to reach it. A new listing anchors
  // on the session before its first, so its first session opens from the issue price.
  const anchorOn = instrument.firstDay === undefined ? anchorDay : dayOfIso(instrument.firstDay);
  table.extendThrough((anchorOn + 7) * 86_400_000);
  const anchor =
    instrument.firstDay === undefined
      ? table.indexOnOrAfterDay(anchorOn)
      : table.indexOnOrAfterDay(anchorOn) - 1;
  if (anchor < 0) throw new Error(`${instrument.symbol}: no session before ${instrument.firstDay}`);
  return anchor;
}

/**
 * Closes are a random walk in log space anchored at `anchorPrice`: each session's log return is drift plus
 * σ·v·z, where v is the market's volatility state on the session's date and z a unit shock made of the
 * factors it loads on (summed over the calendar days since the previous session) and its own fat-tailed
 * noise, hashed from the session's date (decision 034). Log closes are the prefix sums of the returns, kept
 * per symbol. Opens gap slightly from the previous close on exchanges (crypto and FX trade through, so
 * their open is the previous close); highs and lows lie strictly beyond the open and close by a hashed
 * extent.
 */
export function createDailyModel(
  instrument: Instrument,
  key: number,
  table: SessionTable,
  factors: MarketFactors,
  loadings: ResolvedLoadings,
): DailyModel {
  const sessions = table.sessions;
  const perYear = calendarFor(instrument.calendar).sessionsPerYear;
  const sigma = instrument.volatility / Math.sqrt(perYear);
  // `drift` is the yearly drift of the log price, the median path. Taking it as the mean simple return
  // instead (subtracting σ²/2) sinks a pair at 90% volatility by 40% a year, which walked back from the
  // anchor shows coins worth a hundred times more in 2015.
  const mu = instrument.drift / perYear;
  const continuous = instrument.calendar === 'CRYPTO' || instrument.calendar === 'FX';
  const tick = Number(instrument.tickSize);
  const floor = 2 * tick; // the low must still be a positive tick below the open and close
  const quantise = (price: number) => Math.max(floor, Math.round(price / tick) * tick);
  const dress = createBarDresser(instrument, key, table);
  const stateScale = stateScaleOf(instrument);

  const shock: number[] = []; // the unit shock of each session's return
  const sigmas: number[] = []; // σ·v of each session
  const logClose: number[] = [];
  const bars: DailyBar[] = [];

  function drawShock(k: number): number {
    const day = sessions[k]!.day;
    const since = k > 0 ? sessions[k - 1]!.day : day - 1;
    let common = 0;
    let active = 0;
    for (let f = 0; f < loadings.factors.length; f++) {
      const factor = loadings.factors[f]!;
      const beta = loadings.betas[f]!;
      // A session after a holiday catches up on the days the market missed.
      for (let d = since + 1; d <= day; d++) common += beta * factors.dayDraw(factor, d);
      if (factors.moves(factor, day)) active += beta * beta;
    }
    const own = fatTailed(dayStream(key, day), 0, Purpose.dailyReturn);
    sigmas[k] = sigma * stateScale(factors.volatility(day));
    return common + Math.sqrt(Math.max(0, 1 - active)) * own;
  }

  function barOf(k: number, prevLogClose: number): DailyBar {
    const stream = dayStream(key, sessions[k]!.day);
    const close = quantise(Math.exp(logClose[k]!));
    const open =
      continuous && k > 0
        ? bars[k - 1]!.close
        : quantise(
            Math.exp(
              prevLogClose +
                (continuous ? 0 : sigmas[k]! * gapShare * normal(stream, 0, Purpose.overnightGap)),
            ),
          );
    return dress(k, open, close, sigmas[k]!, shock[k]!);
  }

  // Sessions up to the anchor, computed once: the walk backwards from the anchor's close.
  const anchor = anchorIndex(instrument, table);
  for (let k = 0; k <= anchor; k++) shock.push(drawShock(k));
  const step = (k: number) => mu + sigmas[k]! * shock[k]!;
  logClose[anchor] = Math.log(Number(instrument.anchorPrice));
  for (let k = anchor - 1; k >= 0; k--) logClose[k] = logClose[k + 1]! - step(k + 1);
  for (let k = 0; k <= anchor; k++) {
    bars.push(barOf(k, k > 0 ? logClose[k - 1]! : logClose[0]! - step(0)));
  }

  // Sessions after the anchor, as the table grows.
  function extend(): void {
    for (let k = bars.length; k < sessions.length; k++) {
      shock.push(drawShock(k));
      logClose.push(logClose[k - 1]! + step(k));
      bars.push(barOf(k, logClose[k - 1]!));
    }
  }

  return {
    sessionVolatility: sigma,
    loadings,
    bar(index) {
      if (index >= bars.length) extend();
      const bar = bars[index];
      if (!bar) throw new Error(`${instrument.symbol}: no session at index ${index}`);
      return bar;
    },
    volatilityAt(index) {
      if (index >= bars.length) extend();
      return sigmas[index]!;
    },
  };
}
