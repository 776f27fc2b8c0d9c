import type { BookWire } from '@piazza/contract/market';
import { parseAmount } from '@piazza/core/money';
import { buyCost, type FeeSchedule, saleProceeds } from '@piazza/core/trading/fees';
import { fillMarket, type OrderBook, type Side, tradeValue } from '@piazza/core/trading/fills';

/** The pair fields the coin ticket needs, as /coin/infos and /coin/ticker give them. */
export interface CoinPair {
  priceScale: number;
  quantityScale: number;
  tickSize: string;
  lotSize: string;
}

export interface CoinTicketInput {
  side: Side;
  /** A stop goes to the market at its stop price, a stop-limit rests at its limit from then (decision 056). */
  type: 'market' | 'limit' | 'stop' | 'stop_limit';
  /** Coins as typed (a plain decimal with at most the pair's quantity decimals). */
  quantity: string;
  /** The limit price as typed; ignored for a market order and a stop. */
  limitPrice: string;
  /** The stop price as typed, for a stop or stop-limit. */
  stopPrice?: string;
}

export interface CoinPreview {
  quantity: bigint;
  value: bigint;
  fee: bigint;
  /** A buy's cost (value + fee) or a sale's proceeds (value − fee), in USDT minor units. */
  total: bigint;
  /** A market order the visible book cannot fill whole. */
  partial: boolean;
}

/** USDT's decimals in the ledger. */
export const usdtScale = 6;

/** A typed decimal with a comma read as the decimal point, spaces dropped. */
export const typedDecimal = (text: string) => text.replace(',', '.').replace(/\s/g, '');

/** The typed quantity in quantity minor units, when it is positive, fits the pair's decimals and its lot. */
export function coinQuantity(text: string, pair: CoinPair): bigint | null {
  const quantity = parseAmount(typedDecimal(text), pair.quantityScale);
  const lot = parseAmount(pair.lotSize, pair.quantityScale);
  if (quantity === null || lot === null || quantity <= 0n || quantity % lot !== 0n) return null;
  return quantity;
}

/** The typed limit price in price minor units, when it is positive and on the tick grid. */
export function coinLimitPrice(text: string, pair: CoinPair): bigint | null {
  const price = parseAmount(typedDecimal(text), pair.priceScale);
  const tick = parseAmount(pair.tickSize, pair.priceScale);
  if (price === null || tick === null || tick <= 0n || price <= 0n || price % tick !== 0n) return null;
  return price;
}

/**
 * The cost of a buy or the proceeds of a sale by the fee schedule the operator configured for CRYPTO (as
 * /stock/order/rule?symbol=<pair> answers it; core fees.ts computes it as the server does): a limit order
 * valued at its limit (what a resting buy freezes), a market order walked through the book shown. Null while
 * the ticket is incomplete, the book is empty or the schedule has not arrived: no figure rather than a wrong one.
 */
export function previewCoinTicket(
  input: CoinTicketInput,
  pair: CoinPair,
  book: BookWire | null,
  schedule: FeeSchedule | null,
): CoinPreview | null {
  const quantity = coinQuantity(input.quantity, pair);
  if (quantity === null || schedule === null) return null;
  const scales = { priceScale: pair.priceScale, quantityScale: pair.quantityScale, currencyScale: usdtScale };
  let notional: bigint;
  let filled = quantity;
  if (input.type !== 'market') {
    // A stop is valued at its stop price, what a buy stop freezes (decision 056).
    const price = coinLimitPrice(input.type === 'stop' ? (input.stopPrice ?? '') : input.limitPrice, pair);
    if (price === null) return null;
    notional = price * quantity;
  } else {
    if (!book) return null;
    const level = ([price, qty]: [string, string]) => ({
      price: parseAmount(price, pair.priceScale) ?? 0n,
      quantity: parseAmount(qty, pair.quantityScale) ?? 0n,
    });
    const levels: OrderBook = { bids: book.bids.map(level), asks: book.asks.map(level) };
    const execution = fillMarket(input.side, quantity, levels);
    if (execution.filled === 0n) return null;
    notional = execution.notional;
    filled = execution.filled;
  }
  const basis = { value: tradeValue(notional, scales), quantity: filled };
  const fees = { quantityScale: pair.quantityScale, currencyScale: usdtScale };
  if (input.side === 'buy') {
    const cost = buyCost(schedule, basis, fees);
    return { quantity, value: cost.value, fee: cost.fee, total: cost.total, partial: filled < quantity };
  }
  const sale = saleProceeds(schedule, basis, fees);
  return { quantity, value: sale.value, fee: sale.fee, total: sale.net, partial: filled < quantity };
}
