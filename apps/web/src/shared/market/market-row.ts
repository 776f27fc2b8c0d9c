import type { InstrumentKind, MarketStatus } from '@piazza/contract/enums';

/**
 * One line of a market list, whichever call it came from (a country's stocks, the hot list, the indices,
 * the crypto tickers, the watchlist): what the row shows and what the live ticker replaces.
 */
export interface MarketRow {
  symbol: string;
  name: string;
  kind: InstrumentKind;
  /** Decimals of the instrument's price: prices are shown with exactly these. */
  priceScale: number;
  last: string;
  change: string;
  changePercent: string;
  volume: string;
  status: MarketStatus;
}

/** The K-line page of a row: crypto pairs have their own page (SPEC §2). */
export function klinePath(row: Pick<MarketRow, 'symbol' | 'kind'>): string {
  const page = row.kind === 'crypto' ? '/pages/coin/coinKline' : '/pages/stock/stockKline';
  return `${page}?symbol=${encodeURIComponent(row.symbol)}`;
}
