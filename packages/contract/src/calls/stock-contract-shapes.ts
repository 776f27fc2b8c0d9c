import { z } from 'zod';

/* What the stock contract calls answer (calls/stock-contract.ts), amounts as decimal strings. */

export const contractSides = ['long', 'short'] as const;
export const contractStates = ['open', 'closed'] as const;
/** Why a position closed: the investor, its take profit or stop loss, or the margin close-out. */
export const contractCloseReasons = ['user', 'take_profit', 'stop_loss', 'close_out'] as const;
export const appropriatenessVerdicts = ['fit', 'warn', 'refuse'] as const;

const amountText = z.string();

export const contractView = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  side: z.enum(contractSides),
  leverage: z.number().int(),
  state: z.enum(contractStates),
  quantity: amountText,
  /** Volume-weighted opening price. */
  entryPrice: amountText,
  /**
   * Σ price × quantity of the opening fills, exactly (price decimals + quantity decimals): what the P&L is
   * computed from, so the app values the position at a live price as the server does.
   */
  entryNotional: amountText,
  /** Quantity × entry price in the currency: the exposure opened. */
  entryValue: amountText,
  /** The initial margin the position requires: entry value ÷ leverage, rounded up. */
  margin: amountText,
  /** What the investor added for this position from spot into the contract account. */
  addedMargin: amountText,
  openFee: amountText,
  closeFee: amountText,
  /** The price the position is valued at (last trade while open, the closing price once closed). */
  markPrice: amountText.nullable(),
  /** Unrealised P&L at the mark while open; realised P&L, before fees, once closed. */
  pnl: amountText,
  takeProfit: amountText.nullable(),
  stopLoss: amountText.nullable(),
  /** The price at which the account reaches close-out through this position, the rest held; null if none. */
  closeOutPrice: amountText.nullable(),
  closeReason: z.enum(contractCloseReasons).nullable(),
  /** Any loss beyond the account absorbed by the platform (negative-balance protection). */
  absorbed: amountText,
  createdAt: z.number().int(),
  closedAt: z.number().int().nullable(),
});
export type ContractView = z.output<typeof contractView>;

export const contractAccountView = z.object({
  currency: z.string(),
  /** The contract account's cash, margin posted included. */
  balance: amountText,
  /** Balance plus the unrealised P&L of the open positions. */
  equity: amountText,
  /** Σ initial margin of the open positions. */
  usedMargin: amountText,
  /** Equity less used margin: what a new position may use. */
  freeMargin: amountText,
  /** Equity ÷ used margin as a percentage with two decimals; null with nothing open. */
  marginLevel: amountText.nullable(),
  /** The close-out level, as a percentage of the used margin. */
  closeOutLevel: amountText,
  openPositions: z.number().int(),
});
export type ContractAccountView = z.output<typeof contractAccountView>;
