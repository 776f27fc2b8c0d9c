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
    /** The worth of every valued account together, rounded down to the cent. */
    totals: z.object({ EUR: amountText, USD: amountText }),
    /** Assets held but left out of the totals because no rate values them yet. */
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
