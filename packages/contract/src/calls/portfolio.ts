import { z } from 'zod';
import { defineCall } from '../define';
import { assetClasses, performanceRanges } from './portfolio-shapes';

/*
 * Where the investor stands (issue 17 item 11, issue 19 item 6; decisions 058 and 059): the account's worth,
 * its profit today and since the start, its time-weighted performance over a window, its allocation by
 * asset class, and the P&L in euros of dollar holdings split into the instrument's move and the currency's.
 * Everything is computed from the ledger's postings and the market's prices on each call; nothing is stored.
 * Amounts are decimal strings in EUR (2 decimals) or USD; fractions 6 decimals ("0.012345" is 1,2345 %).
 */

const amountText = z.string().regex(/^-?\d+(\.\d+)?$/);
const fractionText = z.string().regex(/^-?\d+\.\d{6}$/);

const profit = z.object({
  pnl: amountText,
  /** Time-weighted return; null when there was nothing invested to measure against. */
  fraction: fractionText.nullable(),
});

export const portfolioPerformance = defineCall({
  method: 'GET',
  path: '/portfolio/performance',
  auth: 'user',
  tag: 'portfolio',
  summary:
    "The signed-in investor's worth in EUR, profit today and since the first deposit, the time-weighted performance over a window (1W, 1M, 1Y, all) with a daily series, and the allocation by asset class.",
  input: { range: z.enum(performanceRanges, { error: 'portfolio.range' }).default('1M') },
  output: z.object({
    /** Worth now in EUR: ledger balances at the last prices plus open positions (as /user/assets counts). */
    value: amountText,
    /** Against yesterday's close, today's deposits and withdrawals left out. */
    today: profit,
    /** Since the first posting: worth now less deposits plus withdrawals. */
    total: profit.extend({ netDeposits: amountText }),
    range: z.enum(performanceRanges),
    /** Over the window: profit, return, and the growth of 1 invested at its start, day by day (thinned). */
    window: profit.extend({
      points: z.array(z.object({ t: z.number().int(), growth: z.string(), pnl: amountText })),
    }),
    allocation: z.array(
      z.object({ assetClass: z.enum(assetClasses), value: amountText, fraction: fractionText }),
    ),
    /** Held but left out of the figures: no price yet. */
    unvalued: z.array(z.string()),
    updatedAt: z.number().int(),
  }),
});

export const portfolioFxSplit = defineCall({
  method: 'GET',
  path: '/portfolio/fx/split',
  auth: 'user',
  tag: 'portfolio',
  summary:
    "The P&L in EUR of each dollar share the investor holds, split into the share's move and the dollar's move: cost in USD and in EUR at each purchase's EUR/USD (weighted average), worth at the last price and today's rate.",
  input: {},
  output: z.object({
    list: z.array(
      z.object({
        symbol: z.string(),
        quantity: z.string(),
        costUsd: amountText,
        costEur: amountText,
        /** The EUR/USD the cost was bought at on average: cost in USD ÷ cost in EUR, 4 decimals. */
        eurUsdAtCost: z.string(),
        valueUsd: amountText,
        valueEur: amountText,
        eurUsdNow: z.string(),
        pnlEur: amountText,
        instrumentEur: amountText,
        currencyEur: amountText,
      }),
    ),
    updatedAt: z.number().int(),
  }),
});
