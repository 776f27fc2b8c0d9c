import { z } from 'zod';

/*
 * What the tax calls answer (issue 19, decisions 048 and 049). Amounts are decimal strings in the currency's
 * decimals, rates percent strings ("26.00"), years whole numbers, times epoch milliseconds.
 */

export const taxRegimes = ['amministrato', 'dichiarativo'] as const;
export type TaxRegime = (typeof taxRegimes)[number];

export const gainKinds = [
  'shares',
  'etf',
  'etc',
  'contracts',
  'options',
  'crypto',
  'euroEmt',
  'governmentBonds',
] as const;

export const taxEstimateView = z.object({
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  kind: z.enum(gainKinds),
  currency: z.string(),
  regime: z.enum(taxRegimes),
  /** The last price the estimate values the quantity at. */
  price: z.string(),
  proceeds: z.string(),
  fees: z.string(),
  /** The weighted average cost of the quantity sold, fees of the purchases included. */
  cost: z.string(),
  /** Proceeds less fees less cost: negative for a loss (which would go to the zainetto). */
  gain: z.string(),
  /** What of the zainetto the gain would use. */
  lossUsed: z.string(),
  taxable: z.string(),
  rate: z.string(),
  /** The capital gains tax this sale would withhold (0 under the regime dichiarativo). */
  tax: z.string(),
  /** For a buy of Italian shares: the Tobin tax on it if the day's net purchases stay as they are. */
  transactionTax: z.string(),
  transactionTaxRate: z.string(),
});
export type TaxEstimateView = z.infer<typeof taxEstimateView>;

/** One currency's figures of a tax year. */
export const taxYearFigures = z.object({
  currency: z.string(),
  gains: z.string(),
  losses: z.string(),
  lossUsed: z.string(),
  taxable: z.string(),
  withheld: z.string(),
  transactionTax: z.string(),
  stampDuty: z.string(),
});

/** One year's losses in the zainetto fiscale. */
export const zainettoRow = z.object({
  currency: z.string(),
  year: z.number().int(),
  carried: z.string(),
  used: z.string(),
  remaining: z.string(),
  /** The last year the loss may be set against a gain (until 31 December of it). */
  usableUntil: z.number().int(),
  expired: z.boolean(),
});

export const realisationView = z.object({
  id: z.number().int(),
  time: z.number(),
  kind: z.enum(gainKinds),
  instrument: z.string(),
  currency: z.string(),
  proceeds: z.string(),
  fees: z.string(),
  cost: z.string(),
  gain: z.string(),
  lossUsed: z.string(),
  rate: z.string(),
  withheld: z.string(),
});

export const taxPositionView = z.object({
  regime: z.enum(taxRegimes),
  year: z.number().int(),
  figures: z.array(taxYearFigures),
  zainetto: z.array(zainettoRow),
  realisations: z.array(realisationView),
});
export type TaxPositionView = z.infer<typeof taxPositionView>;

export const adminTaxRegimeView = z.object({
  userId: z.number().int(),
  regime: z.enum(taxRegimes),
  setAt: z.number().nullable(),
  reason: z.string().nullable(),
});

export const exemptIssuerRow = z.object({ symbol: z.string(), name: z.string(), year: z.number().int() });

export const taxMonthRow = z.object({
  month: z.string(),
  currency: z.string(),
  withheld: z.string(),
  transactionTax: z.string(),
  stampDuty: z.string(),
});
