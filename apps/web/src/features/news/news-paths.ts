/** The news pages and a share's K-line, as the news links to them. */
export const newsPaths = {
  list: '/pages/news/list',
  detail: (id: number) => `/pages/news/detail?id=${id}`,
  kline: (symbol: string) => `/pages/stock/stockKline?symbol=${encodeURIComponent(symbol)}`,
};
