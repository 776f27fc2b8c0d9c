/** The market pages other pages link to. */
export const marketPaths = {
  markets: '/pages/tabbar/markets',
  search: '/pages/stock/search',
  stockList: '/pages/stock/list',
  index: '/pages/stock/index',
  coins: '/pages/coin/index',
} as const;

/** An index's own page. */
export function indexPath(symbol: string): string {
  return `${marketPaths.index}?symbol=${encodeURIComponent(symbol)}`;
}
