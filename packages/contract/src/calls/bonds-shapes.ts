import { z } from 'zod';
import { decimalString, quoteShape } from '../market';

/*
 * Shapes of the ETF and government-bond calls (issue 20 items 1–2, decisions 052 and 053). Prices of bonds are
 * per cent of par ("101.235"), yields per cent a year with 2 decimals ("3.61"), amounts in euros ("152.75").
 */

export const etfAssetClasses = ['equity', 'bond', 'commodity'] as const;
export const etfReplications = ['physical-full', 'physical-sampling', 'synthetic'] as const;
export const etfDistributions = ['accumulating', 'distributing'] as const;
export const etfStructures = ['etf', 'etc'] as const;
export const etfFundCurrencies = ['EUR', 'USD'] as const;
export const bondKinds = ['btp', 'btp-italia', 'bot'] as const;
export const bondSides = ['buy', 'sell'] as const;

/** An ETF (or ETC) on ETFplus with its facts and its quote; it trades as a share does, by its symbol. */
export const etfView = z.object({
  symbol: z.string(),
  ticker: z.string(),
  name: z.string(),
  isin: z.string(),
  issuer: z.string(),
  benchmark: z.string(),
  assetClass: z.enum(etfAssetClasses),
  structure: z.enum(etfStructures),
  /** Total expense ratio, per cent a year ("0.20"). */
  ter: decimalString,
  replication: z.enum(etfReplications),
  distribution: z.enum(etfDistributions),
  fundCurrency: z.enum(etfFundCurrencies),
  /** The currency it trades in on ETFplus. */
  currency: z.literal('EUR'),
  /** The issuer's page of the PRIIPs key information document. */
  kidUrl: z.string(),
  quote: quoteShape.nullable(),
});
export type EtfView = z.infer<typeof etfView>;

/** A government bond on MOT with today's dealer quote. */
export const bondView = z.object({
  isin: z.string(),
  kind: z.enum(bondKinds),
  /** Coupon per cent a year ("3.85"; "0.00" for a BOT), paid in two halves. */
  coupon: decimalString,
  couponsPerYear: z.number().int(),
  issueDate: z.string(),
  maturityDate: z.string(),
  /** The next coupon date (ISO); null for a BOT. */
  nextCoupon: z.string().nullable(),
  /** Clean prices per cent of par: the dealer sells at ask, buys at bid. */
  bid: decimalString,
  ask: decimalString,
  /** Accrued interest per 100 of par today (ACT/ACT ICMA). */
  accruedPer100: decimalString,
  /** Yield to maturity at the ask, per cent a year, gross and net of the 12.5% tax. */
  yieldGross: decimalString,
  yieldNet: decimalString,
  /** The minimum lot and step of nominal, in euros. */
  lot: decimalString,
  /** The value date (ISO) a trade at today's quote settles on: two business days on, MOT's T+2. */
  settlementDate: z.string(),
});
export type BondView = z.infer<typeof bondView>;

/** What a buy or a sell of a nominal costs or brings today: the ticket's figures. */
export const bondTicketView = z.object({
  bond: bondView,
  side: z.enum(bondSides),
  nominal: decimalString,
  /** The clean price of this side, per cent of par. */
  price: decimalString,
  /** nominal × price ÷ 100. */
  cleanAmount: decimalString,
  /**
   * Accrued interest to settlement (ACT/ACT ICMA, gross), the 12.5% tax on it, and what changes hands: the
   * accrued interest net of the tax ("rateo netto", as MOT settles it for investors).
   */
  accruedGross: decimalString,
  accruedTax: decimalString,
  accrued: decimalString,
  /** The days the accrued interest counts, of the coupon period's. */
  accruedDays: z.number().int(),
  periodDays: z.number().int(),
  /** What the investor pays (buy) or receives (sell): clean amount plus accrued interest. */
  total: decimalString,
  currency: z.literal('EUR'),
});
export type BondTicketView = z.infer<typeof bondTicketView>;

/** A bond trade done. */
export const bondTradeView = bondTicketView.extend({
  id: z.string(),
  time: z.number(),
});
export type BondTradeView = z.infer<typeof bondTradeView>;

export const bondPositionView = z.object({
  bond: bondView,
  nominal: decimalString,
  /** What the clean price paid for the nominal still held, on average, came to. */
  cost: decimalString,
  /** The nominal at today's bid, and the accrued interest it carries. */
  value: decimalString,
  accrued: decimalString,
  currency: z.literal('EUR'),
});
export type BondPositionView = z.infer<typeof bondPositionView>;

export const bondMovementKinds = ['buy', 'sell', 'coupon', 'redemption'] as const;

/** A trade, a coupon or a redemption, as the investor's history lists them. */
export const bondMovementView = z.object({
  /** Unique in the list: the kind and its row's id ('coupon:12'). */
  id: z.string(),
  kind: z.enum(bondMovementKinds),
  isin: z.string(),
  bondKind: z.enum(bondKinds),
  coupon: decimalString,
  maturityDate: z.string(),
  date: z.string(),
  nominal: decimalString,
  /** Into (positive) or out of (negative) the investor's cash, net of tax. */
  amount: decimalString,
  /** Tax withheld (12.5%) on a coupon or a redemption gain. */
  withheld: decimalString,
});
export type BondMovementView = z.infer<typeof bondMovementView>;

/* The back office's bonds screen (decision 064): the catalogue with today's quote, a bond's holders and payments. */

/** A bond of the catalogue as the back office lists it: quote fields are null when it is not quoted today. */
export const adminBondRow = z.object({
  isin: z.string(),
  kind: z.enum(bondKinds),
  coupon: decimalString,
  couponsPerYear: z.number().int(),
  issueDate: z.string(),
  maturityDate: z.string(),
  nextCoupon: z.string().nullable(),
  /** Today's clean mid price per cent of par (the dealer's bid and ask are 0.05 either side, 0.01 for a BOT). */
  price: decimalString.nullable(),
  bid: decimalString.nullable(),
  ask: decimalString.nullable(),
  /** Accrued interest per 100 of par today. */
  accruedPer100: decimalString.nullable(),
  yieldGross: decimalString.nullable(),
  yieldNet: decimalString.nullable(),
  /** Investors holding it and the nominal they hold in all, in euros. */
  holders: z.number().int(),
  nominalHeld: decimalString,
  /** 'quoted' trades today; 'matured' is past maturity; 'notIssued' is not issued yet. */
  state: z.enum(['quoted', 'matured', 'notIssued']),
  /** The value date today's trades settle on (T+2; today for a bond no longer traded). */
  valueDate: z.string(),
});
export type AdminBondRow = z.infer<typeof adminBondRow>;

export const adminBondHolder = z.object({
  userId: z.number().int(),
  account: z.string(),
  nominal: decimalString,
  /** The average clean cost of the nominal held, in euros. */
  cost: decimalString,
});

/** Coupons of one date, or redemptions of one day, paid by the jobs: totals over the investors paid. */
export const adminBondPayment = z.object({
  kind: z.enum(['coupon', 'redemption']),
  date: z.string(),
  investors: z.number().int(),
  nominal: decimalString,
  gross: decimalString,
  withheld: decimalString,
  net: decimalString,
});

/**
 * What the next coupon will cost the platform on the holdings that settled or settle before its date (12.5%
 * withheld from each investor's coupon).
 */
export const adminBondNextCoupon = z.object({
  date: z.string(),
  investors: z.number().int(),
  nominal: decimalString,
  gross: decimalString,
  withheld: decimalString,
  net: decimalString,
});

/**
 * The redemption at par due at maturity on today's holdings; the tax on each investor's gain depends on their
 * losses carried forward and regime on the day, so only the gross is known ahead.
 */
export const adminBondRedemptionDue = z.object({
  date: z.string(),
  investors: z.number().int(),
  nominal: decimalString,
});

export const adminBondDetail = z.object({
  bond: adminBondRow,
  holders: z.array(adminBondHolder),
  payments: z.array(adminBondPayment),
  nextCoupon: adminBondNextCoupon.nullable(),
  redemption: adminBondRedemptionDue,
});
export type AdminBondDetail = z.infer<typeof adminBondDetail>;
