/** The crypto trading pages (SPEC §2 routes), named once. */
export const coinPaths = {
  trade: '/pages/coin/trade',
  assetsRecord: '/pages/coin/assetsRecord',
} as const;

/** The crypto trade page of a pair, on one of its tabs. */
export const coinTradePath = (symbol: string, tab: 'spot' | 'contract' = 'spot') =>
  `${coinPaths.trade}?tab=${tab}&symbol=${encodeURIComponent(symbol)}`;
