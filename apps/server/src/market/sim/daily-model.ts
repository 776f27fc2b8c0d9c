import { calendarFor } from '../calendar/calendar-for';
import { dayOfIso } from '../calendar/civil-date';
import type { Instrument } from '../instrument';
import { dayStream, exponential, fatTailed, normal, Purpose } from './hash-random';
import { regularSessionMinutes } from './intraday-pattern';
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
  /** Volatility of one session's log return. */
  readonly sessionVolatility: number;
  /** The bar of the session at the table index. */
  bar(index: number): DailyBar;
}

// The overnight gap takes this share of a session's volatility; the rest happens in session.
const gapShare = 0.3;
const volumeNoise = 0.35;

/**
 * Closes are a random walk in log space anchored at `anchorPrice`: each session's log return is drift plus
 * fat-tailed noise, hashed from the session's date so any session can be computed alone. Log closes are
 * the prefix sums of the returns, kept per symbol. Opens gap slightly from the previous close on exchanges
 * (crypto and FX trade through, so their open is the previous close); highs and lows lie strictly beyond
 * the open and close by a hashed extent.
 */
export function createDailyModel(instrument: Instrument, key: number, table: SessionTable): DailyModel {
  const sessions = table.sessions;
  const tick = Number(instrument.tickSize);
  const floor = 2 * tick; // the low must still be a positive tick below the open and close
  const perYear = calendarFor(instrument.calendar).sessionsPerYear;
  const sigma = instrument.volatility / Math.sqrt(perYear);
  // `drift` is the yearly drift of the log price, the median path. Taking it as the mean simple return
  // instead (subtracting σ²/2) sinks a pair at 90% volatility by 40% a year, which walked back from the
  // anchor shows coins worth a hundred times more in 2015.
  const mu = instrument.drift / perYear;
  const continuous = instrument.calendar === 'CRYPTO' || instrument.calendar === 'FX';
  const lotsPerDay = Number(instrument.averageDailyVolume / instrument.lotSize);
  const regularMinutes = regularSessionMinutes[instrument.calendar];

  const noise: number[] = []; // the unit fat-tailed draw of each session's return
  const logClose: number[] = [];
  const bars: DailyBar[] = [];

  const quantise = (price: number) => Math.max(floor, Math.round(price / tick) * tick);
  const drawNoise = (k: number) => fatTailed(dayStream(key, sessions[k]!.day), 0, Purpose.dailyReturn);

  function barOf(k: number, prevLogClose: number): DailyBar {
    const session = sessions[k]!;
    const stream = dayStream(key, session.day);
    const close = quantise(Math.exp(logClose[k]!));
    const open =
      continuous && k > 0
        ? bars[k - 1]!.close
        : quantise(
            Math.exp(
              prevLogClose + (continuous ? 0 : sigma * gapShare * normal(stream, 0, Purpose.overnightGap)),
            ),
          );
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const upExtent = sigma * (0.1 + 0.45 * exponential(stream, 0, Purpose.highExtent));
    const downExtent = sigma * (0.1 + 0.45 * exponential(stream, 0, Purpose.lowExtent));
    const high = Math.max(Math.ceil((top * Math.exp(upExtent)) / tick) * tick, top + tick);
    const low = Math.min(Math.floor((bottom * Math.exp(-downExtent)) / tick) * tick, bottom - tick);
    const minutesShare = (session.close - session.open) / 60_000 / regularMinutes;
    const activity = 0.8 + 0.25 * Math.min(Math.abs(noise[k]!), 4);
    const volumeLots = Math.round(
      lotsPerDay *
        minutesShare *
        activity *
        Math.exp(volumeNoise * normal(stream, 0, Purpose.dailyVolume) - (volumeNoise * volumeNoise) / 2),
    );
    return { open, high, low, close, volumeLots };
  }

  // Sessions up to the anchor, computed once: the walk backwards from the anchor's close.
  // A clock set before the anchor (a test in 2025) still needs the walk to reach it. A new listing anchors
  // on the session before its first, so its first session opens from the issue price.
  const anchorOn = instrument.firstDay === undefined ? anchorDay : dayOfIso(instrument.firstDay);
  table.extendThrough((anchorOn + 7) * 86_400_000);
  const anchor =
    instrument.firstDay === undefined
      ? table.indexOnOrAfterDay(anchorOn)
      : table.indexOnOrAfterDay(anchorOn) - 1;
  if (anchor < 0) throw new Error(`${instrument.symbol}: no session before ${instrument.firstDay}`);
  for (let k = 0; k <= anchor; k++) noise.push(drawNoise(k));
  logClose[anchor] = Math.log(Number(instrument.anchorPrice));
  for (let k = anchor - 1; k >= 0; k--) logClose[k] = logClose[k + 1]! - (mu + sigma * noise[k + 1]!);
  for (let k = 0; k <= anchor; k++) {
    bars.push(barOf(k, k > 0 ? logClose[k - 1]! : logClose[0]! - (mu + sigma * noise[0]!)));
  }

  // Sessions after the anchor, as the table grows.
  function extend(): void {
    for (let k = bars.length; k < sessions.length; k++) {
      noise.push(drawNoise(k));
      logClose.push(logClose[k - 1]! + mu + sigma * noise[k]!);
      bars.push(barOf(k, logClose[k - 1]!));
    }
  }

  return {
    sessionVolatility: sigma,
    bar(index) {
      if (index >= bars.length) extend();
      const bar = bars[index];
      if (!bar) throw new Error(`${instrument.symbol}: no session at index ${index}`);
      return bar;
    },
  };
}
