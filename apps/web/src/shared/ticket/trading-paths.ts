/** The trading pages (SPEC §2 routes), named once. */
export const tradingPaths = {
  trade: '/pages/tabbar/trade',
  position: '/pages/tabbar/position',
  order: '/pages/stock/order',
  income: '/pages/stock/income',
} as const;
