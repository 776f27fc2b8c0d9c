import { z } from 'zod';

/* What the coin spot calls answer (calls/coin.ts) beside the order and fill views they share with stocks. */

const amountText = z.string();

/** One coin the user holds, by account, valued in USDT at its pair's last price. */
export const coinAssetView = z.object({
  /** The ledger asset: 'USDT', 'BTC', … */
  coin: z.string(),
  /** The pair it trades in ('BTCUSDT'); null for USDT itself. */
  symbol: z.string().nullable(),
  name: z.string(),
  /** Decimals of the coin's balances (the ledger's, 8 for BTC; the order quantities may have fewer). */
  scale: z.number().int(),
  /** Free to trade, transfer or withdraw. */
  spot: amountText,
  /** In the perpetual-contract account. */
  contract: amountText,
  /** Held by resting orders and pending withdrawals. */
  frozen: amountText,
  /** spot + contract + frozen. */
  total: amountText,
  /** The pair's last price in USDT; "1" for USDT; null when the feed cannot answer. */
  price: amountText.nullable(),
  /** total × price in USDT (6 decimals), rounded down; null when unpriced. */
  valueUsdt: amountText.nullable(),
});
export type CoinAssetView = z.output<typeof coinAssetView>;

export const coinAssetsView = z.object({
  list: z.array(coinAssetView),
  /** Every priced coin together in USDT, rounded down. */
  totalUsdt: amountText,
  /** The same in EUR at the reference or market EUR/USD rate (USDT counted as one dollar). */
  totalEur: amountText,
  /** Coins held that no price reached, left out of the totals. */
  unvalued: z.array(z.string()),
  updatedAt: z.number().int(),
});
