import { z } from 'zod';

/* What the perpetual contract calls answer (calls/coin-contract.ts): positions, amounts as decimal strings. */

export const contractSides = ['long', 'short'] as const;
/**
 * A limit opening resting (`open`) or cancelled (`cancelled`); a position open (`position`), closed by the
 * investor or its TP/SL (`closed`), or liquidated (`system_close`).
 */
export const contractStates = ['open', 'position', 'closed', 'system_close', 'cancelled'] as const;
export const contractOrderTypes = ['market', 'limit'] as const;
export const contractCloseReasons = ['user', 'take_profit', 'stop_loss', 'liquidation'] as const;
export const contractVerdicts = ['fit', 'warn', 'refuse', 'missing'] as const;

const amountText = z.string();

export const positionView = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  /** The margin currency, USDT. */
  currency: z.string(),
  side: z.enum(contractSides),
  leverage: z.number().int(),
  state: z.enum(contractStates),
  type: z.enum(contractOrderTypes),
  /** The price a limit opening waits for; null for a market one. */
  limitPrice: amountText.nullable(),
  closeReason: z.enum(contractCloseReasons).nullable(),
  /** Coins, in the pair's quantity decimals. */
  quantity: amountText,
  /** Volume-weighted price of the opening fills. */
  entryPrice: amountText,
  /** Σ price × quantity of the opening fills, exactly (price + quantity decimals): what the P&L is computed from. */
  entryNotional: amountText,
  /** Margin held for the position: the initial margin plus any added. */
  margin: amountText,
  openFee: amountText,
  /** At or beyond this mark the position is liquidated; null when no price can liquidate it. */
  liquidationPrice: amountText.nullable(),
  takeProfit: amountText.nullable(),
  stopLoss: amountText.nullable(),
  /** The last price and the P&L at it, for an open position when the market answers; null otherwise. */
  markPrice: amountText.nullable(),
  unrealisedPnl: amountText.nullable(),
  /** Of a closed position: the volume-weighted exit, the realised P&L and what its close settled. */
  exitPrice: amountText.nullable(),
  realisedPnl: amountText.nullable(),
  closeFee: amountText.nullable(),
  /** Margin + P&L − fee returned to the contract account. */
  returned: amountText.nullable(),
  /** Loss beyond the margin that negative-balance protection absorbed. */
  absorbed: amountText.nullable(),
  createdAt: z.number().int(),
  closedAt: z.number().int().nullable(),
});
export type PositionView = z.output<typeof positionView>;
