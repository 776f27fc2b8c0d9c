import {
  coinBooks,
  coinCandles,
  coinCollectAdd,
  coinCollectDel,
  coinTicker,
  coinTrades,
  stockCollectList,
} from '@piazza/contract/calls/market';
import { InstrumentPage, type KlineMarket } from '../../features/kline/instrument-page';

/** A crypto pair's K-line; hourly candles first, since the market never closes and moves by the hour. */
const coinMarket: KlineMarket = {
  info: coinTicker,
  candles: coinCandles,
  books: coinBooks,
  trades: coinTrades,
  // The watchlist read is one for shares and pairs.
  watch: { add: coinCollectAdd, del: coinCollectDel, affected: [coinTicker.path, stockCollectList.path] },
  defaultInterval: '1h',
};

export default function CoinKline() {
  return <InstrumentPage market={coinMarket} />;
}
