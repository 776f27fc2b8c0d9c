import type { MarketFeedChoice } from '../../config';
import type { Clock } from '../../services';
import type { Instrument } from '../instrument';
import { type CcxtFeed, createCcxtFeed, type FeedLog } from './ccxt-feed';

/**
 * The live feed MARKET_FEED asks for, covering the crypto pairs of `instruments`, or null when the market is
 * all simulated. Nothing is asked of the exchange until the first read, so a server starts even while the
 * exchange is unreachable; an exchange id ccxt does not know stops the start with an error naming
 * MARKET_FEED. Put the feed before the simulator, and close it with the server.
 */
export async function createLiveFeed(
  choice: MarketFeedChoice,
  instruments: readonly Instrument[],
  options: { clock?: Clock; log?: FeedLog } = {},
): Promise<CcxtFeed | null> {
  if (choice.source === 'simulator') return null;
  return createCcxtFeed({ exchange: choice.exchange, instruments, ...options });
}
