import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createLiveFeed } from '../src/market/feeds/live-feed';
import type { Instrument } from '../src/market/instrument';

const btc: Instrument = {
  symbol: 'BTCUSDT',
  name: 'Bitcoin',
  kind: 'crypto',
  isin: null,
  country: null,
  sector: null,
  currency: 'USDT',
  baseAsset: 'BTC',
  calendar: 'CRYPTO',
  priceScale: 2,
  tickSize: 1n,
  quantityScale: 5,
  lotSize: 1n,
  anchorPrice: 9_000_000n,
  volatility: 0.6,
  drift: 0,
  averageDailyVolume: 1_000_000_000n,
  listed: true,
};
const eni: Instrument = {
  ...btc,
  symbol: 'ENI.MI',
  kind: 'stock',
  baseAsset: null,
  currency: 'EUR',
  calendar: 'XMIL',
};

const env = (vars: Record<string, string>) => loadConfig(vars as NodeJS.ProcessEnv);

describe('the live feed MARKET_FEED asks for', () => {
  it('is none on the simulator, the default', async () => {
    expect(await createLiveFeed(env({}).marketFeed, [btc, eni])).toBeNull();
  });

  it('is a ccxt exchange for the crypto pairs only, built without asking the exchange anything', async () => {
    const feed = await createLiveFeed(env({ MARKET_FEED: 'ccxt:binance' }).marketFeed, [btc, eni]);
    expect(feed?.name).toBe('ccxt:binance');
    expect(feed?.covers('BTCUSDT')).toBe(true);
    expect(feed?.covers('ENI.MI')).toBe(false);
    expect(feed?.healthy()).toBe(true);
    await feed?.close();
  });

  it('stops the start, naming MARKET_FEED, for an exchange ccxt does not know', async () => {
    await expect(
      createLiveFeed(env({ MARKET_FEED: 'ccxt:nosuchexchange' }).marketFeed, [btc]),
    ).rejects.toThrow(/MARKET_FEED: ccxt has no exchange 'nosuchexchange'/);
  });
});
