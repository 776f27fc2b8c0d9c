import { z } from 'zod';

/* What the option calls answer (calls/options.ts): series, options held or ended, statistics. */

export const optionRights = ['call', 'put'] as const;
/** holding: open; closed: sold back at the mark; expired: settled at intrinsic value by the expiry job. */
export const optionStates = ['holding', 'closed', 'expired'] as const;
/** Appropriateness of options for the investor (packages/core/src/appropriateness.ts); none: no questionnaire. */
export const optionVerdicts = ['fit', 'warn', 'refuse', 'none'] as const;

const amountText = z.string();

export const optionUnderlying = z.object({
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(['stock', 'index']),
  currency: z.string(),
});

export const optionStrikeQuote = z.object({
  strike: amountText,
  /** What one contract costs to buy now, in the currency. */
  call: amountText,
  put: amountText,
});

export const optionSeries = z.object({
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(['stock', 'index']),
  currency: z.string(),
  marketOpen: z.boolean(),
  /** The underlying's last price, the spot the premiums were computed from. */
  spot: amountText,
  /** The yearly volatility and the risk-free rate the model used, as fractions ("0.22"). */
  volatility: amountText,
  rate: amountText,
  /** Units of the underlying per contract: 100 shares, or 1 index point. */
  contractSize: amountText,
  /** SPEC §5 "minimum options purchase amount": the least premium one order may pay. */
  minimumAmount: amountText,
  contractsMax: z.number().int(),
  verdict: z.enum(optionVerdicts),
  expiries: z.array(z.object({ expiresAt: z.number().int(), strikes: z.array(optionStrikeQuote) })),
  quotedAt: z.number().int(),
});
export type OptionSeries = z.output<typeof optionSeries>;

export const optionView = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  right: z.enum(optionRights),
  strike: amountText,
  expiresAt: z.number().int(),
  contracts: z.number().int(),
  contractSize: amountText,
  state: z.enum(optionStates),
  /** Paid to open. */
  premium: amountText,
  /** The underlying's price when bought. */
  openSpot: amountText,
  /** Holding: what closing at the mark would pay now (null when the market cannot price it). */
  markValue: amountText.nullable(),
  /**
   * The yearly volatility and risk-free rate the mark is computed with, as fractions ("0.22"): with the
   * strike, expiry and a live price, the app values a holding at the ticker as the server does.
   */
  volatility: amountText,
  rate: amountText,
  /** Ended: what the close or the settlement paid. */
  closeValue: amountText.nullable(),
  /** Ended: the underlying's price at the close or at expiry. */
  closeSpot: amountText.nullable(),
  /** markValue or closeValue − premium; null while a holding cannot be priced. */
  pnl: amountText.nullable(),
  createdAt: z.number().int(),
  closedAt: z.number().int().nullable(),
});
export type OptionView = z.output<typeof optionView>;

export const optionStatistics = z.object({
  currency: z.string(),
  /** Options bought. */
  trades: z.number().int(),
  holding: z.number().int(),
  ended: z.number().int(),
  /** Premiums paid, all options. */
  premiumPaid: amountText,
  /** What closes and settlements paid. */
  proceeds: amountText,
  /** proceeds − the premiums of the ended options. */
  realisedPnl: amountText,
  wins: z.number().int(),
  losses: z.number().int(),
});
