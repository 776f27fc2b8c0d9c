import type { BookWire } from '@piazza/contract/market';
import { parseAmount } from '@piazza/core/money';
import { orderFee } from '@piazza/core/trading/fees';
import { tradeValue } from '@piazza/core/trading/fills';
import { maxQuantityForMargin } from '@piazza/core/trading/margin';
import { liquidationPrice } from '@piazza/core/trading/perpetual';

/** What the ticket reads of /coin/contract/order/multiple. */
export interface ContractTerms {
  priceScale: number;
  quantityScale: number;
  maintenanceRateBp: number;
  feeRateBp: number;
  marginMin: string;
}

export interface ContractTicketInput {
  side: 'long' | 'short';
  leverage: number;
  /** USDT as typed. */
  margin: string;
  type: 'market' | 'limit';
  /** The limit price as typed; ignored at market. */
  limitPrice: string;
}

export interface ContractPreview {
  /** Coins, quantity minor units. */
  quantity: bigint;
  /** The price it opens at: the best ask for a long, the best bid for a short, or the limit. */
  price: bigint;
  /** USDT minor units. */
  notional: bigint;
  fee: bigint;
  /** Null when no price liquidates it (1:1 long). */
  liquidation: bigint | null;
}

export const usdtScale = 6;
const typed = (text: string) => text.replace(',', '.').replace(/\s/g, '');

/** The typed margin in USDT minor units when it is a positive amount of at most 6 decimals. */
export function typedMargin(text: string): bigint | null {
  const margin = parseAmount(typed(text), usdtScale);
  return margin !== null && margin > 0n ? margin : null;
}

/**
 * The ticket's estimate by the server's rules (packages/core): the quantity the margin opens at the leverage
 * at the touch (or at the limit of a limit opening), its fee and its liquidation price. The server walks the book and may open a little less
 * when the touch is thin, so the ticket says "about". Null while the ticket is incomplete or the book empty.
 */
export function previewContract(
  input: ContractTicketInput,
  terms: ContractTerms,
  book: BookWire | null,
): ContractPreview | null {
  const margin = typedMargin(input.margin);
  const touch = input.side === 'long' ? book?.asks[0] : book?.bids[0];
  const priceText = input.type === 'limit' ? typed(input.limitPrice) : touch?.[0];
  if (margin === null || priceText === undefined || priceText === '') return null;
  const price = parseAmount(priceText, terms.priceScale);
  if (price === null || price <= 0n) return null;
  const scales = {
    priceScale: terms.priceScale,
    quantityScale: terms.quantityScale,
    currencyScale: usdtScale,
  };
  const quantity = maxQuantityForMargin(margin, input.leverage, price, 1n, scales);
  if (quantity <= 0n) return null;
  const entryNotional = price * quantity;
  const value = tradeValue(entryNotional, scales);
  const fee = orderFee(
    { rateBp: terms.feeRateBp, perShare: null, minimum: 0n, maximum: null },
    { value, quantity },
    scales,
  );
  const liquidation = liquidationPrice(
    { side: input.side, quantity, entryNotional, marginMinor: margin },
    { maintenanceRateBp: terms.maintenanceRateBp, closeFeeRateBp: terms.feeRateBp },
    scales,
    1n,
  );
  return { quantity, price, notional: value, fee, liquidation };
}
