import { z } from 'zod';

/* Shapes of the block trades (calls/blocks.ts). */

export const blockStates = ['coming', 'open', 'closed', 'delivered', 'cancelled'] as const;
export const blockPurchaseStates = ['paid', 'delivered', 'refunded'] as const;

export const blockPurchaseView = z.object({
  id: z.number().int(),
  blockId: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  state: z.enum(blockPurchaseStates),
  quantity: z.string(),
  price: z.string(),
  amount: z.string(),
  createdAt: z.number(),
  /** When the shares reach the account; then locked until `unlocksAt`. */
  deliversAt: z.number(),
  deliveredAt: z.number().nullable(),
  unlocksAt: z.number().nullable(),
});
export type BlockPurchaseView = z.infer<typeof blockPurchaseView>;

export const blockView = z.object({
  id: z.number().int(),
  state: z.enum(blockStates),
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  /** The last price of the share now, for comparison. */
  lastPrice: z.string().nullable(),
  /** What a share costs in this block now (fixed, or the last price less the discount). */
  price: z.string().nullable(),
  /** "fixed" or "discount". */
  pricing: z.enum(['fixed', 'discount']),
  discountPercent: z.string(),
  quantityOffered: z.string(),
  quantityLeft: z.string(),
  minQuantity: z.string(),
  lockDays: z.number().int(),
  opensAt: z.number(),
  closesAt: z.number(),
  deliversAt: z.number(),
  vipOnly: z.boolean(),
  /** What the caller bought of this block (sum of purchases not refunded). */
  mine: z.string().nullable(),
});
export type BlockView = z.infer<typeof blockView>;
