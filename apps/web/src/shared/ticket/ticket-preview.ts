import type { BookWire } from '@piazza/contract/market';
import { parseAmount } from '@piazza/core/money';
import { buyCost, type FeeSchedule, feeScheduleDefaults, saleProceeds } from '@piazza/core/trading/fees';
import { fillMarket, type OrderBook, type Side, tradeValue } from '@piazza/core/trading/fills';

/** The instrument fields the ticket needs, as /stock/info gives them. */
export interface TicketInstrument {
  calendar: string;
  currency: string;
  priceScale: number;
  quantityScale: number;
  lotSize: string;
  tickSize: string;
}

export interface TicketInput {
  side: Side;
  /** A stop goes to the market at its stop price, a stop-limit rests at its limit from then (decision 056). */
  type: 'market' | 'limit' | 'stop' | 'stop_limit';
  lots: number;
  /** The limit price as typed (a plain decimal); ignored for a market order and a stop. */
  limitPrice: string;
  /** The stop price as typed, for a stop or stop-limit; absent or ignored for the others. */
  stopPrice?: string;
}

/** What the ticket shows before a person confirms, in currency minor units. */
export interface TicketPreview {
  quantity: bigint;
  value: bigint;
  fee: bigint;
  /** A buy's cost (value + fee) or a sale's proceeds (value − fee). */
  total: bigint;
  /** A market order the visible book cannot fill whole: the preview covers only what it shows. */
  partial: boolean;
}

/** Decimals of the currencies shares trade in: euro and dollar cents. */
export const currencyScale = 2;

/** The fee schedule of an instrument's market: the defaults the server uses for a fresh install. */
export function scheduleOf(calendar: string): FeeSchedule | null {
  return calendar === 'XMIL' || calendar === 'XNYS' ? feeScheduleDefaults[calendar] : null;
}

/** The fee as /stock/order/rule answers it: decimal strings, the minimum and maximum at the currency's scale. */
export interface RuleFee {
  rateBp: number;
  perShare: string | null;
  minimum: string;
  maximum: string | null;
}

/**
 * The schedule the operator configured (decision 012), as the server will charge it, from the rule's
 * decimal strings: a per-share amount keeps its own decimals ('0.005' is 5 at scale 3). Null when a figure
 * does not parse, so no preview is shown rather than a wrong one.
 */
export function scheduleOfRule(fee: RuleFee, currencyScale: number): FeeSchedule | null {
  const minimum = parseAmount(fee.minimum, currencyScale);
  const maximum = fee.maximum === null ? null : parseAmount(fee.maximum, currencyScale);
  if (minimum === null || (fee.maximum !== null && maximum === null)) return null;
  let perShare: FeeSchedule['perShare'] = null;
  if (fee.perShare !== null) {
    const scale = fee.perShare.split('.')[1]?.length ?? 0;
    const amount = parseAmount(fee.perShare, scale);
    if (amount === null) return null;
    perShare = { amount, scale };
  }
  return { rateBp: fee.rateBp, perShare, minimum, maximum };
}

/** The quantity of `lots` lots in quantity minor units, or null for a lot size that does not parse. */
export function lotQuantity(lots: number, instrument: TicketInstrument): bigint | null {
  const lot = parseAmount(instrument.lotSize, instrument.quantityScale);
  if (lot === null || !Number.isSafeInteger(lots) || lots <= 0) return null;
  return lot * BigInt(lots);
}

/** Whether a typed limit price is positive and a whole number of ticks. */
export function onTick(price: string, instrument: TicketInstrument): boolean {
  const minor = parseAmount(price, instrument.priceScale);
  const tick = parseAmount(instrument.tickSize, instrument.priceScale);
  return minor !== null && tick !== null && tick > 0n && minor > 0n && minor % tick === 0n;
}

/**
 * The cost of a buy or the proceeds of a sale by the same fee rule as the server (core/trading/fees.ts):
 * a limit order valued at its limit (what a resting buy freezes), a market order walked through the book
 * shown, best level first. `schedule` is the market's configured one (scheduleOfRule); null while it loads.
 * Null while the ticket is incomplete or there is nothing to value it against.
 */
export function previewTicket(
  input: TicketInput,
  instrument: TicketInstrument,
  book: BookWire | null,
  schedule: FeeSchedule | null = scheduleOf(instrument.calendar),
): TicketPreview | null {
  const quantity = lotQuantity(input.lots, instrument);
  if (!schedule || quantity === null) return null;
  const scales = {
    priceScale: instrument.priceScale,
    quantityScale: instrument.quantityScale,
    currencyScale,
  };

  let notional: bigint;
  let filled = quantity;
  if (input.type === 'limit' || input.type === 'stop_limit') {
    if (!onTick(input.limitPrice, instrument)) return null;
    notional = (parseAmount(input.limitPrice, instrument.priceScale) ?? 0n) * quantity;
  } else if (input.type === 'stop') {
    // What a buy stop freezes: its cost at the stop price (the server's rule, decision 056).
    const stop = input.stopPrice ?? '';
    if (!onTick(stop, instrument)) return null;
    notional = (parseAmount(stop, instrument.priceScale) ?? 0n) * quantity;
  } else {
    if (!book) return null;
    const execution = fillMarket(input.side, quantity, levelsOf(book, instrument));
    if (execution.filled === 0n) return null;
    notional = execution.notional;
    filled = execution.filled;
  }

  const basis = { value: tradeValue(notional, scales), quantity: filled };
  const fees = { quantityScale: instrument.quantityScale, currencyScale };
  if (input.side === 'buy') {
    const cost = buyCost(schedule, basis, fees);
    return { quantity, value: cost.value, fee: cost.fee, total: cost.total, partial: filled < quantity };
  }
  const sale = saleProceeds(schedule, basis, fees);
  return { quantity, value: sale.value, fee: sale.fee, total: sale.net, partial: filled < quantity };
}

function levelsOf(book: BookWire, instrument: TicketInstrument): OrderBook {
  const level = ([price, quantity]: [string, string]) => ({
    price: parseAmount(price, instrument.priceScale) ?? 0n,
    quantity: parseAmount(quantity, instrument.quantityScale) ?? 0n,
  });
  return { bids: book.bids.map(level), asks: book.asks.map(level) };
}
