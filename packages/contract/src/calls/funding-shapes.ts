import { z } from 'zod';
import {
  billTypes,
  channelKinds,
  cryptoNetworks,
  fundingStates,
  userAccountPurposes,
  withdrawMethods,
} from '../enums';

/*
 * The shapes funding answers with (decision 010), shared by the investor calls (funding.ts) and the back
 * office (funding-admin.ts). Not a call group: the registry lists only funding.ts and funding-admin.ts.
 */

const amountText = z.string().regex(/^-?\d+(\.\d+)?$/);

/** When a channel or a withdrawal method is open: ISO weekdays (1 Monday … 7 Sunday) and hours in Rome. */
export const timeWindowSchema = z.object({
  days: z.array(z.number().int().min(1).max(7)),
  /** 'HH:MM' in Europe/Rome, inclusive. */
  from: z.string(),
  /** 'HH:MM' in Europe/Rome, exclusive; '24:00' for the end of the day. */
  to: z.string(),
});

export const bankDetails = z.object({
  beneficiary: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  bankName: z.string(),
  /** What the payer writes as the transfer's reason, with `{displayId}` filled in for this user. */
  reference: z.string(),
});

/** A deposit channel as the app sees it. */
export const channelView = z.object({
  id: z.number().int(),
  kind: z.enum(channelKinds),
  name: z.string(),
  /** The currency or coin deposited through it. */
  asset: z.string(),
  /** Crypto channels only. */
  network: z.enum(cryptoNetworks).nullable(),
  minAmount: amountText,
  maxAmount: amountText,
  window: timeWindowSchema,
  /** Whether the window is open now; outside it a deposit is refused ("not possible at this time"). */
  openNow: z.boolean(),
  /** Bank channels only: where to pay. `reference` is the template; the request info fills it in. */
  bank: bankDetails.nullable(),
  /** Offline and wallet channels: instructions written by the operator. */
  instructions: z.string().nullable(),
});

/** A deposit as the user sees it (records and the check page). */
export const depositView = z.object({
  id: z.number().int(),
  /** Order number shown to the user and the operator. */
  orderNo: z.string(),
  channelId: z.number().int(),
  channelName: z.string(),
  kind: z.enum(channelKinds),
  asset: z.string(),
  network: z.enum(cryptoNetworks).nullable(),
  amount: amountText,
  state: z.enum(fundingStates),
  /** The UTR, bank reference or transaction hash the user gave. */
  utr: z.string().nullable(),
  /** An uploaded receipt image, if any (the upload call's id). */
  receiptId: z.string().nullable(),
  /** Why it failed, written by the operator. */
  reason: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

/** A bound bank account or wallet (SPEC §3). */
export const bindingView = z.object({
  id: z.number().int(),
  kind: z.enum(['bank', 'wallet']),
  /** Account holder (bank) or beneficiary name (wallet). */
  name: z.string(),
  /** Bank accounts: the IBAN, electronic format (no spaces). */
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  bankName: z.string().nullable(),
  address: z.string().nullable(),
  routingNumber: z.string().nullable(),
  district: z.string().nullable(),
  branchName: z.string().nullable(),
  pixAccount: z.string().nullable(),
  taxId: z.string().nullable(),
  /** Wallets: the type (one of the template's walletTypes) and the mobile number. */
  walletType: z.string().nullable(),
  mobile: z.string().nullable(),
  createdAt: z.number().int(),
});

export const cryptoAddressView = z.object({
  id: z.number().int(),
  network: z.enum(cryptoNetworks),
  address: z.string(),
  label: z.string().nullable(),
  createdAt: z.number().int(),
});

/** What a withdrawal by one method in one asset costs and when it is possible. */
export const withdrawRuleView = z.object({
  method: z.enum(withdrawMethods),
  asset: z.string(),
  network: z.enum(cryptoNetworks).nullable(),
  minAmount: amountText,
  /** Fee = feeFixed + amount × feeRateBp / 10000, rounded up to the asset's minor unit. */
  feeFixed: amountText,
  feeRateBp: z.number().int(),
  window: timeWindowSchema,
  openNow: z.boolean(),
  /** What the user can withdraw now: the spot balance (the fee comes out of it too). */
  available: amountText,
});

export const withdrawalView = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  method: z.enum(withdrawMethods),
  asset: z.string(),
  network: z.enum(cryptoNetworks).nullable(),
  /** What reaches the user's account or address. */
  amount: amountText,
  fee: amountText,
  /** Where it is paid: the IBAN, the wallet's mobile, or the address, as they were at request time. */
  destination: z.string(),
  destinationName: z.string().nullable(),
  state: z.enum(fundingStates),
  /** Why it was rejected (the amount and fee were refunded). */
  reason: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

/** Pairs the exchange converts, both ways: EUR ⇄ USD at the FX rate, USDT ⇄ a coin at its market price. */
export const exchangeAssets = ['EUR', 'USD', 'USDT', 'BTC', 'ETH'] as const;

export const exchangeQuoteView = z.object({
  quoteId: z.string(),
  from: z.string(),
  to: z.string(),
  amountIn: amountText,
  amountOut: amountText,
  /** Units of `to` per unit of `from`, after the spread, as applied. */
  rate: z.string(),
  /** The market rate before the spread, and where it came from. */
  marketRate: z.string(),
  source: z.enum(['market', 'reference']),
  spreadBp: z.number().int(),
  expiresAt: z.number().int(),
});

export const billView = z.object({
  /** The posting's id: unique per line. */
  id: z.string(),
  entryId: z.string(),
  billType: z.enum(billTypes),
  purpose: z.enum(userAccountPurposes),
  asset: z.string(),
  /** Signed: positive credits the account. */
  amount: amountText,
  /** The account's balance right after this line. */
  balanceAfter: amountText,
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  createdAt: z.number().int(),
});

export const channelAdminView = z.object({
  id: z.number().int(),
  kind: z.enum(channelKinds),
  name: z.string(),
  asset: z.string(),
  network: z.enum(cryptoNetworks).nullable(),
  minAmount: amountText,
  maxAmount: amountText,
  window: timeWindowSchema,
  active: z.boolean(),
  beneficiary: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  bankName: z.string().nullable(),
  /** The payment reference template; `{displayId}` and `{userId}` are filled in per user. */
  referenceRule: z.string().nullable(),
  instructions: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

export const adminDepositRow = depositView.extend({
  userId: z.number().int(),
  displayId: z.string(),
  account: z.string(),
});

export const adminWithdrawalRow = withdrawalView.extend({
  userId: z.number().int(),
  displayId: z.string(),
  account: z.string(),
});

export const withdrawRuleAdminView = z.object({
  id: z.number().int(),
  method: z.enum(withdrawMethods),
  asset: z.string(),
  network: z.enum(cryptoNetworks).nullable(),
  minAmount: amountText,
  feeFixed: amountText,
  feeRateBp: z.number().int(),
  window: timeWindowSchema,
  active: z.boolean(),
  updatedAt: z.number().int(),
});
