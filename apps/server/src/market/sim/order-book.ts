import type { InstrumentKind } from '@piazza/contract/enums';
import { normal, Purpose, uniform } from './hash-random';

/** Levels the simulator shows on each side while in session. */
export const bookLevelsMax = 20;

export interface BookInput {
  kind: InstrumentKind;
  /** Last price, price minor units. */
  last: number;
  tick: number;
  /** Typical lots traded in a minute of this session: depth scales with it. */
  lotsPerMinute: number;
  /** The same turnover in the quote currency, for the spread. */
  notionalPerMinute: number;
  sessionVolatility: number;
  levels: number;
  stream: number;
  /** The second of the session: the book changes every second and is the same when asked again. */
  slot: number;
}

export interface SimBook {
  bids: Array<{ price: number; lots: number }>;
  asks: Array<{ price: number; lots: number }>;
}

// Calibrated so a FTSE MIB blue chip (about €400k a minute, 1.4% a day) quotes about 2 bp wide and a
// small cap (€4k a minute) about 25 bp, as on Borsa Italiana. Crypto venues quote far tighter for their
// volatility (round-the-clock market makers), and EUR/USD tighter still.
const spreadFactor: Record<InstrumentKind, number> = { stock: 8, index: 8, crypto: 1.5, fx: 2 };
const spreadRelativeMin = 0.00002;
const spreadRelativeMax = 0.02;

/**
 * A book around the last price: the spread widens with volatility and narrows with turnover (square-root
 * of the money traded a minute), at least one tick; the last price lies between the best bid and the best
 * ask; levels are ticks apart (more where the tick is small against the spread); quantities grow away
 * from the touch, in whole lots, from about a tenth of a minute's volume.
 */
export function buildBook(input: BookInput): SimBook {
  const { last, tick, stream, slot } = input;
  const relative = Math.min(
    spreadRelativeMax,
    Math.max(
      spreadRelativeMin,
      (spreadFactor[input.kind] * input.sessionVolatility) / Math.sqrt(Math.max(1, input.notionalPerMinute)),
    ),
  );
  const baseTicks = Math.max(1, Math.round((relative * last) / tick));
  const spreadTicks = baseTicks + (uniform(stream, slot, Purpose.bookSpread, 0) < 0.3 ? 1 : 0);
  const bidBelowLast = Math.floor(uniform(stream, slot, Purpose.bookSpread, 1) * (spreadTicks + 1));
  const bestBid = last - bidBelowLast * tick;
  const bestAsk = bestBid + spreadTicks * tick;
  const stepTicks = Math.max(1, Math.ceil(spreadTicks / 3));

  const levelLots = (side: number, level: number) => {
    const lane = (side * bookLevelsMax + level) * 2;
    const base = input.lotsPerMinute * 0.1 * (1 + 0.15 * level);
    return Math.max(
      1,
      Math.round(base * Math.exp(0.6 * normal(stream, slot, Purpose.bookLevel, lane) - 0.18)),
    );
  };
  const gap = (side: number, level: number) =>
    level === 0
      ? 0
      : stepTicks * (uniform(stream, slot, Purpose.bookLevel, 200 + side * 20 + level) < 0.8 ? 1 : 2);

  const bids: SimBook['bids'] = [];
  const asks: SimBook['asks'] = [];
  let bid = bestBid;
  let ask = bestAsk;
  for (let level = 0; level < input.levels; level++) {
    bid -= gap(0, level) * tick;
    ask += gap(1, level) * tick;
    if (bid > 0) bids.push({ price: bid, lots: levelLots(0, level) });
    asks.push({ price: ask, lots: levelLots(1, level) });
  }
  return { bids, asks };
}
