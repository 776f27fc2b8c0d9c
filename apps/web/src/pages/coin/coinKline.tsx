import { coinBooks, coinCandles, coinTicker, coinTrades } from '@piazza/contract/calls/market';
import { InstrumentShortcuts } from '../../features/alerts/instrument-shortcuts';
import { InstrumentPage, type KlineMarket } from '../../features/kline/instrument-page';
import { coinWatchCalls } from '../../shared/market/watchlist';

/** A crypto pair's K-line; hourly candles first, since the market never closes and moves by the hour. */
const coinMarket: KlineMarket = {
  info: coinTicker,
  candles: coinCandles,
  books: coinBooks,
  trades: coinTrades,
  watch: coinWatchCalls,
  defaultSymbol: 'BTCUSDT',
  defaultInterval: '1h',
};

export default function CoinKline() {
  return (
    <InstrumentPage
      market={coinMarket}
      below={(symbol) => <InstrumentShortcuts symbol={symbol} plan={false} />}
    />
  );
}
