import {
  stockBooks,
  stockCandles,
  stockCollectAdd,
  stockCollectDel,
  stockCollectList,
  stockInfo,
  stockTrades,
} from '@piazza/contract/calls/market';
import { InstrumentPage, type KlineMarket } from '../../features/kline/instrument-page';

/** A share's, an index's or EUR/USD's K-line; daily candles first, to show the years behind the price. */
const stockMarket: KlineMarket = {
  info: stockInfo,
  candles: stockCandles,
  books: stockBooks,
  trades: stockTrades,
  watch: { add: stockCollectAdd, del: stockCollectDel, affected: [stockInfo.path, stockCollectList.path] },
  defaultInterval: '1d',
};

export default function StockKline() {
  return <InstrumentPage market={stockMarket} />;
}
