import type { BookWire } from '@piazza/contract/market';
import { parseAmount } from '@piazza/core/money';
import { type FeeSchedule, orderFee } from '@piazza/core/trading/fees';
import { fillMarket, tradeValue } from '@piazza/core/trading/fills';
import {
  type ContractSide,
  initialMarginMinor,
  maxQuantityForMargin,
  type OpeningCloseOut,
  openingCloseOut,
} from '@piazza/core/trading/margin';
import { currencyScale, lotQuantity, type TicketInstrument } from '../../shared/ticket/ticket-preview';

/** What the contract ticket shows before a person confirms, in minor units. */
export interface ContractPreview {
  quantity: bigint;
  /** The exposure: the book walked for the quantity, in the currency. */
  value: bigint;
  /** Value ÷ leverage, rounded up, as the server requires it. */
  margin: bigint;
  fee: bigint;
  /** Margin and fee: what the free margin of the contract account must cover. */
  needed: bigint;
  /**
   * Where the account would reach close-out through this position alone, or why there is no such price (the
   * free margin does not open it; no fall reaches it); null without an account read.
   */
  closeOut: OpeningCloseOut | null;
  /** The visible book cannot fill the quantity whole. */
  partial: boolean;
}

/** The contract account as /stock/contract/account answers it: decimal strings. */
export interface AccountFigures {
  equity: string;
  usedMargin: string;
}

/**
 * The margin, fee and close-out price of a ticket by the server's own rules (core margin.ts, fees.ts): the
 * book walked best level first (a long takes the asks, a short the bids), the initial margin at the
 * leverage, the fee of the market's schedule, and the price at which the account, with this position
 * added and the rest held, would reach 50% of the margin it then requires. Null while incomplete.
 */
export function previewContract(
  input: { side: ContractSide; lots: number; leverage: number },
  instrument: TicketInstrument,
  book: BookWire | null,
  schedule: FeeSchedule | null,
  account: AccountFigures | null,
): ContractPreview | null {
  const quantity = lotQuantity(input.lots, instrument);
  if (!schedule || !book || quantity === null || input.leverage < 1) return null;
  const scales = {
    priceScale: instrument.priceScale,
    quantityScale: instrument.quantityScale,
    currencyScale,
  };
  const level = ([price, size]: [string, string]) => ({
    price: parseAmount(price, instrument.priceScale) ?? 0n,
    quantity: parseAmount(size, instrument.quantityScale) ?? 0n,
  });
  const execution = fillMarket(input.side === 'long' ? 'buy' : 'sell', quantity, {
    bids: book.bids.map(level),
    asks: book.asks.map(level),
  });
  if (execution.filled === 0n) return null;
  const value = tradeValue(execution.notional, scales);
  const margin = initialMarginMinor(execution.notional, input.leverage, scales);
  const fee = orderFee(schedule, { value, quantity: execution.filled }, scales);
  let closeOut: OpeningCloseOut | null = null;
  const equity = account ? parseSigned(account.equity) : null;
  const used = account ? parseAmount(account.usedMargin, currencyScale) : null;
  const tick = parseAmount(instrument.tickSize, instrument.priceScale);
  if (equity !== null && used !== null && tick !== null && tick > 0n) {
    // The engine's function (core margin.ts), asked as the server opens: no price when it would not open.
    closeOut = openingCloseOut(
      { side: input.side, quantity: execution.filled, entryNotional: execution.notional },
      { equityMinor: equity, usedMarginMinor: used },
      { marginMinor: margin, feeMinor: fee },
      scales,
      tick,
    );
  }
  return {
    quantity: execution.filled,
    value,
    margin,
    fee,
    needed: margin + fee,
    closeOut,
    partial: execution.filled < quantity,
  };
}

/** A signed decimal of the currency ('-12.50') in minor units; null when it is not one. */
function parseSigned(text: string): bigint | null {
  const minor = parseAmount(text.replace('-', ''), currencyScale);
  return minor === null ? null : text.startsWith('-') ? -minor : minor;
}

/**
 * The lots a margin opens at a leverage, as the server sizes an opening given by margin: the most whole lots
 * whose initial margin at the touch (the best ask for a long, the best bid for a short) the margin covers.
 * Zero when not one lot fits; null while the amount or the book is missing.
 */
export function lotsForMargin(
  marginText: string,
  leverage: number,
  side: ContractSide,
  instrument: TicketInstrument,
  book: BookWire | null,
): number | null {
  const margin = parseAmount(marginText, currencyScale);
  const lot = parseAmount(instrument.lotSize, instrument.quantityScale);
  const touchText = (side === 'long' ? book?.asks[0] : book?.bids[0])?.[0];
  const touch = touchText === undefined ? null : parseAmount(touchText, instrument.priceScale);
  if (margin === null || margin <= 0n || lot === null || lot <= 0n || touch === null || touch <= 0n)
    return null;
  const scales = {
    priceScale: instrument.priceScale,
    quantityScale: instrument.quantityScale,
    currencyScale,
  };
  return Number(maxQuantityForMargin(margin, leverage, touch, lot, scales) / lot);
}
