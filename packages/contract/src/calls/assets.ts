import { z } from 'zod';
import { defineCall } from '../define';
import { userAccountPurposes } from '../enums';

/*
 * The investor's balances (DESIGN.md §5): every ledger account they hold, and what it all is worth in EUR and
 * in USD at the rates named beside the totals.
 */

/** A decimal amount as text, with exactly the asset's scale of decimals ('1234.50' for EUR). */
const amountText = z.string().regex(/^-?\d+(\.\d+)?$/);

export const userAssets = defineCall({
  method: 'POST',
  path: '/user/assets',
  auth: 'user',
  tag: 'assets',
  summary:
    "The signed-in investor's balances by account purpose and asset, with totals in EUR and USD and the rates used.",
  input: {},
  output: z.object({
    /** Every account the investor holds, by purpose then asset; an account never used is not listed. */
    accounts: z.array(
      z.object({
        purpose: z.enum(userAccountPurposes),
        asset: z.string(),
        balance: amountText,
        /** Decimals of the asset: minor units per unit = 10^scale. */
        scale: z.number().int(),
      }),
    ),
    /**
     * What open positions add to the balances above, per kind and asset (signed): a contract account's open
     * P&L (its equity, never below zero, less its cash), held options at the mark, perpetuals' open P&L
     * (margin and P&L, never below zero, less the margin). Counted in the totals.
     */
    positions: z.array(
      z.object({
        kind: z.enum(['contracts', 'options', 'perpetuals']),
        asset: z.string(),
        value: amountText,
      }),
    ),
    /**
     * The worth of every valued account and position together, rounded down to the cent: shares and coins at
     * their last price, converted at the rates below.
     */
    totals: z.object({ EUR: amountText, USD: amountText }),
    /** Assets and positions held but left out of the totals because no price or rate values them now. */
    unvalued: z.array(z.string()),
    /**
     * The quotes the totals were computed with: source 'market' is the market feed's price at `updatedAt`,
     * 'reference' a fixed rate (USDT = USD 1, or EUR/USD when the feed cannot answer), not a market price.
     */
    rates: z.array(z.object({ pair: z.string(), rate: z.string(), source: z.enum(['reference', 'market']) })),
    /** When the balances were read, epoch milliseconds. */
    updatedAt: z.number().int(),
  }),
});
