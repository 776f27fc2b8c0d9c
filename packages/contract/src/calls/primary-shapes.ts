import { z } from 'zod';

/*
 * Shapes of the primary markets (issue 12, DESIGN.md §8): offerings (an IPO of shares, later an ICO of a coin)
 * and the subscriptions investors make to them. Prices and amounts are decimal strings in the offering's
 * currency; times are epoch milliseconds.
 */

/** An IPO, an offline placement (shares, allotted by hand in the back office) or an ICO (a coin, in USDT). */
export const offeringKinds = ['ipo', 'offline', 'ico'] as const;
export type OfferingKind = (typeof offeringKinds)[number];

export const offeringMarkets = ['XMIL', 'XNYS'] as const;
export type OfferingMarket = (typeof offeringMarkets)[number];

/**
 * Where an offering stands, from the clock and what its jobs did: `draft` (the back office only), `coming`
 * (published, window not open), `open`, `closed` (window over, allotment to come), `allotted` (results out,
 * payment running), `listed` (shares delivered, the stock trades), `cancelled` (refunded).
 */
export const offeringStates = [
  'draft',
  'coming',
  'open',
  'closed',
  'allotted',
  'listed',
  'cancelled',
] as const;
export type OfferingState = (typeof offeringStates)[number];

/**
 * A subscription's state as SPEC §4 names them (unsubscribed is having none): `applying` while the window is
 * open, `pending` (allocation pending) until the allotment, then `allotted` (allocated, pending payment) or
 * `unallotted` (did not receive allotment), `paid`; `lapsed` when unpaid by the deadline, `refunded` when the
 * offering was cancelled.
 */
export const subscriptionStates = [
  'applying',
  'pending',
  'allotted',
  'unallotted',
  'paid',
  'lapsed',
  'refunded',
] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

export const subscriptionView = z.object({
  id: z.number().int(),
  offeringId: z.number().int(),
  kind: z.enum(offeringKinds),
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  state: z.enum(subscriptionStates),
  lotsApplied: z.number().int(),
  /** Shares (or coins) applied for: lots × lot size. */
  quantityApplied: z.string(),
  /** What the application would cost at the offer price. */
  amountApplied: z.string(),
  /** Set by the allotment; null before it. */
  lotsAllotted: z.number().int().nullable(),
  quantityAllotted: z.string().nullable(),
  /** What the allotted lots cost: the amount to pay while `allotted`, what was paid once `paid`. */
  amountDue: z.string().nullable(),
  /** Money held since the application, when the offering freezes it. */
  amountFrozen: z.string(),
  /** Position in the lottery for the lots left after the pro-rata shares; null when there was none. */
  drawPosition: z.number().int().nullable(),
  /** True when this subscription came from the automatic IPO switch. */
  automatic: z.boolean(),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
  /** When the shares reached the account (at listing). */
  deliveredAt: z.number().nullable(),
  payBy: z.number(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

export const allotmentView = z.object({
  /** SHA-256 of the seed, published with the offering before the window closed. */
  seedCommitment: z.string(),
  /** The seed itself, revealed at the allotment; null before it. */
  seed: z.string().nullable(),
  lotsOffered: z.number().int(),
  lotsApplied: z.number().int(),
  applications: z.number().int(),
  lotsAllotted: z.number().int().nullable(),
  oversubscribed: z.boolean().nullable(),
  allottedAt: z.number().nullable(),
});

export const offeringView = z.object({
  id: z.number().int(),
  kind: z.enum(offeringKinds),
  state: z.enum(offeringStates),
  symbol: z.string(),
  /** The issuer (IPO) or the project (ICO). */
  name: z.string(),
  isin: z.string().nullable(),
  market: z.string(),
  currency: z.string(),
  issuePrice: z.string(),
  /** What an investor pays a share: the issue price less the discount, if any. */
  offerPrice: z.string(),
  /** Discount on the issue price in percent ("5.00"), "0" when none. */
  discountPercent: z.string(),
  lotSize: z.string(),
  minLots: z.number().int(),
  maxLots: z.number().int(),
  lotsOffered: z.number().int(),
  opensAt: z.number(),
  closesAt: z.number(),
  allotsAt: z.number(),
  payBy: z.number(),
  listsAt: z.number(),
  /** The prospectus (IPO) or the MiCA white paper (ICO). */
  documentUrl: z.string(),
  vipOnly: z.boolean(),
  /** The application's amount is frozen at once instead of only checked. */
  freezeOnApply: z.boolean(),
  description: z.string(),
  allotment: allotmentView,
  /** The caller's subscription; null when they have none (unsubscribed) or for the back office. */
  mine: subscriptionView.nullable(),
});
export type OfferingView = z.infer<typeof offeringView>;

/** One line of a published allotment: what the verifier recomputes. */
export const allotmentLine = z.object({
  subscriptionId: z.number().int(),
  /** The account's display id, so an investor finds their own line without exposing anyone's name. */
  investor: z.string(),
  lotsApplied: z.number().int(),
  lotsProRata: z.number().int(),
  drawPosition: z.number().int().nullable(),
  lotsAllotted: z.number().int(),
});
