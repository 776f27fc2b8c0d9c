import { stockBooks, stockCandles, stockInfo, stockTrades } from '@piazza/contract/calls/market';
import { InstrumentShortcuts } from '../../features/alerts/instrument-shortcuts';
import { InstrumentPage, type KlineMarket } from '../../features/kline/instrument-page';
import { SymbolNews } from '../../features/news/symbol-news';
import { stockWatchCalls } from '../../shared/market/watchlist';

/** A share's, an index's or EUR/USD's K-line; daily candles first, to show the years behind the price. */
const stockMarket: KlineMarket = {
  info: stockInfo,
  candles: stockCandles,
  books: stockBooks,
  trades: stockTrades,
  watch: stockWatchCalls,
  defaultSymbol: 'FTSEMIB.IDX',
  defaultInterval: '1d',
};

export default function StockKline() {
  return (
    <InstrumentPage
      market={stockMarket}
      below={(symbol) => (
        <>
          <InstrumentShortcuts symbol={symbol} plan={symbol.endsWith('.MI')} />
          <SymbolNews symbol={symbol} />
        </>
      )}
    />
  );
}
