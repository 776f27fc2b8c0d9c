/** The ETF pages (issue 20): the list with its filters, and one ETF's facts. */
export const etfPaths = {
  list: '/pages/etf/list',
  detail: '/pages/etf/detail',
} as const;

export const etfDetailPath = (symbol: string) => `${etfPaths.detail}?symbol=${encodeURIComponent(symbol)}`;
