import type { CandleInterval } from '@piazza/contract/enums';
import { catalogue } from '../src/market/catalogue/catalogue';
import type { MarketFeed } from '../src/market/feed';
import { FeedUnavailableError } from '../src/market/feeds/feed-unavailable';
import { createMarketService, type MarketService } from '../src/market/market-service';
import type { Clock } from '../src/services';

/** A feed that covers everything and answers nothing, as an exchange that cannot be reached. */
export function unreachableFeed(): MarketFeed {
  const fail = (symbol: string): never => {
    throw new FeedUnavailableError('unreachable-test-feed', symbol, 'unreachable');
  };
  return {
    name: 'unreachable-test-feed',
    covers: () => true,
    candles: async (symbol: string, _interval: CandleInterval) => fail(symbol),
    quote: async (symbol) => fail(symbol),
    book: async (symbol) => fail(symbol),
    trades: async (symbol) => fail(symbol),
  };
}

/** The whole catalogue behind a feed that cannot answer: balances fall back to the reference rates. */
export function unreachableMarket(clock: Clock): MarketService {
  return createMarketService({ instruments: catalogue, feeds: [unreachableFeed()], clock });
}
