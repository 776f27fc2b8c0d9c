import { z } from 'zod';

/*
 * Shapes of the AI Multiplier products (calls/robot.ts, calls/robot-admin.ts; issue 13, decision 033). Every
 * figure is computed by the server from the book's executed trades and the ledger, or from a deterministic
 * replay of the simulator's history: none is an input of any call. Fractions (returns, rates, volatility)
 * travel as decimal strings of a fraction ("0.0734" is 7.34%); money as decimal strings in the currency.
 */

export const strategyIds = ['trend', 'meanReversion', 'breakout', 'volatilityTarget'] as const;
export type StrategyId = (typeof strategyIds)[number];

export const robotStatuses = ['active', 'paused'] as const;
export const robotOrderStates = ['active', 'redeeming', 'returned'] as const;
export type RobotOrderState = (typeof robotOrderStates)[number];

/** One point of a chart: a day (epoch ms of the session's close) and the value of 1 invested at the start. */
export const seriesPoint = z.object({ t: z.number(), v: z.string() });

/** What a series of executed (or replayed) trades measured, over the period it states. */
export const measuredFigures = z.object({
  /** The period the figures cover: the first and last session's close, epoch ms; null when there is none. */
  from: z.number().nullable(),
  to: z.number().nullable(),
  /** Sessions in the period. */
  days: z.number().int(),
  totalReturn: z.string().nullable(),
  annualisedReturn: z.string().nullable(),
  annualisedVolatility: z.string().nullable(),
  maxDrawdown: z.string().nullable(),
  /** Winning round trips ÷ closed round trips (the seed's "accuracy", measured); null when none closed. */
  hitRate: z.string().nullable(),
  roundTrips: z.number().int(),
  /** Orders the book filled (live) or trades the replay made (backtest). */
  trades: z.number().int(),
  /** Trading fees paid, as a fraction of the starting value (backtest) or in the currency (live). */
  fees: z.string(),
});
export type MeasuredFigures = z.infer<typeof measuredFigures>;

export const robotView = z.object({
  id: z.number().int(),
  name: z.string(),
  strategy: z.enum(strategyIds),
  status: z.enum(robotStatuses),
  /** The operator's tier for ordering and display, 1–5. */
  level: z.number().int(),
  currency: z.string(),
  periodDays: z.number().int(),
  lockDays: z.number().int(),
  earlyExit: z.boolean(),
  minAmount: z.string(),
  maxAmount: z.string(),
  /** The annual management fee, a fraction ("0.015" is 1.5% a year), charged daily on the book. */
  managementFee: z.string(),
  basket: z.array(z.string()),
  launchedAt: z.number(),
  /** PRIIPs summary risk indicator 1–7 from the backtest's volatility. */
  riskClass: z.number().int(),
  /** Value of one unit at the last mark, 8 decimals; and when it was marked. */
  nav: z.string(),
  navAt: z.number().nullable(),
  bookValue: z.string(),
  subscribers: z.number().int(),
  /** The live record's return since launch (null before the first close), for the list. */
  liveReturn: z.string().nullable(),
});
export type RobotView = z.infer<typeof robotView>;

export const robotOrderView = z.object({
  id: z.number().int(),
  robotId: z.number().int(),
  robotName: z.string(),
  currency: z.string(),
  state: z.enum(robotOrderStates),
  /** What the investor paid in, in total (the first buy and every addition). */
  invested: z.string(),
  /** Units held, 6 decimals. */
  units: z.string(),
  /** Units × NAV at the last mark, rounded down to the cent: the balance of the investor's robot account. */
  value: z.string(),
  /** Value (or what was returned) less what was invested. */
  profit: z.string(),
  createdAt: z.number(),
  lockedUntil: z.number(),
  endsAt: z.number(),
  /** True when an early exit may be asked now (after the lock-in, the product allows it, still active). */
  canExit: z.boolean(),
  /** 'matured' or 'exit' once redeeming. */
  redeemReason: z.enum(['matured', 'exit']).nullable(),
  returnedAt: z.number().nullable(),
  returned: z.string().nullable(),
});
export type RobotOrderView = z.infer<typeof robotOrderView>;

/** One day of an order's record (SPEC's aiProfitRecord): the P&L booked at that close, and the NAV. */
export const robotProfitLine = z.object({
  day: z.string(),
  at: z.number(),
  amount: z.string(),
  nav: z.string(),
  value: z.string(),
});

export const basketLine = z.object({
  symbol: z.string(),
  name: z.string(),
  /** The share of the book the strategy wants now (after the last close), a fraction. */
  targetWeight: z.string(),
  quantity: z.string(),
  /** Quantity × last price, in the book's currency. */
  value: z.string(),
  lastPrice: z.string(),
});
