import { z } from 'zod';
import { measuredFigures, seriesPoint, strategyIds } from './robot-shapes';

/*
 * Shapes of the copy-trading funds (calls/fund.ts, calls/fund-admin.ts; issue 13 item 5, decision 033). A
 * follower holds units of the fund's book, as a ledger asset of their `fund` account; a fund's figures come
 * from its NAV at each close and its book's fills, never from an operator.
 */

export const fundModes = ['manual', 'strategy'] as const;
export const fundStatuses = ['active', 'paused'] as const;
export const fundOrderStates = ['active', 'redeeming', 'returned'] as const;
export type FundOrderState = (typeof fundOrderStates)[number];

export const managerView = z.object({
  id: z.number().int(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  bio: z.string(),
  /** When the manager's first fund launched, epoch ms; null before any. */
  since: z.number().nullable(),
  likes: z.number().int(),
  /** Whether the caller likes this manager (false for a guest). */
  liked: z.boolean(),
  funds: z.number().int(),
  /** The track record: the return since launch of the manager's oldest fund with a close, a fraction. */
  trackReturn: z.string().nullable(),
  trackFrom: z.number().nullable(),
});
export type ManagerView = z.infer<typeof managerView>;

export const fundView = z.object({
  id: z.number().int(),
  name: z.string(),
  managerId: z.number().int(),
  managerName: z.string(),
  /** Traded by the manager from the back office, or bound to one of the strategies. */
  mode: z.enum(fundModes),
  strategy: z.enum(strategyIds).nullable(),
  status: z.enum(fundStatuses),
  currency: z.string(),
  minAmount: z.string(),
  managementFee: z.string(),
  basket: z.array(z.string()),
  launchedAt: z.number(),
  /** PRIIPs class from the live volatility once 20 closes exist; null before ("not yet rated"). */
  riskClass: z.number().int().nullable(),
  nav: z.string(),
  navAt: z.number().nullable(),
  bookValue: z.string(),
  followers: z.number().int(),
  liveReturn: z.string().nullable(),
});
export type FundView = z.infer<typeof fundView>;

export const fundOrderView = z.object({
  id: z.number().int(),
  fundId: z.number().int(),
  fundName: z.string(),
  currency: z.string(),
  state: z.enum(fundOrderStates),
  invested: z.string(),
  /** Units held, 6 decimals: the balance of the follower's fund account in the fund's units. */
  units: z.string(),
  /** Units × the last NAV, rounded down. */
  value: z.string(),
  createdAt: z.number(),
  redeemAt: z.number().nullable(),
  returnedAt: z.number().nullable(),
  returned: z.string().nullable(),
});
export type FundOrderView = z.infer<typeof fundOrderView>;

/** A follower's profit on one order: unrealised while held, realised once returned. */
export const fundProfitLine = z.object({
  orderId: z.number().int(),
  fundId: z.number().int(),
  fundName: z.string(),
  currency: z.string(),
  invested: z.string(),
  value: z.string(),
  unrealised: z.string(),
  realised: z.string(),
});

export const fundTrade = z.object({
  at: z.number(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  quantity: z.string(),
  price: z.string(),
  value: z.string(),
  fee: z.string(),
});

export const fundHolding = z.object({
  symbol: z.string(),
  name: z.string(),
  quantity: z.string(),
  lastPrice: z.string(),
  value: z.string(),
});

export const fundInfo = z.object({
  fund: fundView,
  manager: managerView,
  live: measuredFigures,
  liveSeries: z.array(seriesPoint),
});
