import { z } from 'zod';

/*
 * The shapes of the trading settings (decision 012), shared by the back office calls and the ticket's
 * /stock/order/rule (trading-admin.ts). Not a call group.
 */

export const tradingMarkets = ['XMIL', 'XNYS', 'CRYPTO'] as const;
export type TradingMarket = (typeof tradingMarkets)[number];

const decimalText = z.string().regex(/^\d+(\.\d+)?$/);

export const feeScheduleView = z.object({
  /** Basis points of the trade's value: 19 is 0.19 %. */
  rateBp: z.number().int(),
  /** An amount per whole share in the currency ('0.005'); null for none. */
  perShare: decimalText.nullable(),
  minimum: decimalText,
  /** Null for no cap. */
  maximum: decimalText.nullable(),
});

const quantityBounds = {
  quantityMin: decimalText.nullable(),
  quantityMax: decimalText.nullable(),
};
export const buyBoundsView = z.object({
  ...quantityBounds,
  /** In the market's currency: the minimum and maximum purchase amount. */
  amountMin: decimalText.nullable(),
  amountMax: decimalText.nullable(),
});
export const sellBoundsView = z.object(quantityBounds);

/**
 * The operator's leverage caps as n:1 by ESMA class (decision 021): shares and indices on a stock market,
 * crypto on CRYPTO; null for a class the market does not trade. Never above ESMA's retail limit.
 */
export const leverageCapsView = z.object({
  share: z.number().int().nullable(),
  majorIndex: z.number().int().nullable(),
  otherIndex: z.number().int().nullable(),
  crypto: z.number().int().nullable(),
});

/** The terms of the perpetual contracts (CRYPTO only): fee and maintenance margin in basis points of the value. */
export const perpetualTermsView = z.object({
  feeRateBp: z.number().int(),
  maintenanceRateBp: z.number().int(),
  /** The least margin one opening posts, in USDT. */
  marginMin: decimalText,
});

export const tradingSettingsView = z.object({
  market: z.enum(tradingMarkets),
  currency: z.string(),
  fee: feeScheduleView,
  buy: buyBoundsView,
  sell: sellBoundsView,
  /** Business days from a trade to its settlement: bought shares are locked until then. */
  settlementDays: z.number().int(),
  leverage: leverageCapsView,
  /** The least premium one option purchase pays, in the market's currency; null on CRYPTO. */
  optionAmountMin: decimalText.nullable(),
  perpetual: perpetualTermsView.nullable(),
  updatedAt: z.number().int(),
});
