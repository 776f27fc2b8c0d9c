import type { Instrument } from '../../market/instrument';
import type { MarketService } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';

/** The stock calls answer for shares, indices and the EUR/USD rate; the coin calls for crypto pairs. */
export type Market = 'stock' | 'coin';

export function marketOf(i: Instrument): Market {
  return i.kind === 'crypto' ? 'coin' : 'stock';
}

/** The instrument a call names, or a refusal naming the symbol: unknown, or of the other market. */
export function instrumentFor(market: MarketService, symbol: string, wanted: Market): Instrument {
  const instrument = market.instrument(symbol);
  if (!instrument) throw new Refusal('market.symbol.unknown', [symbol]);
  if (marketOf(instrument) !== wanted) {
    throw new Refusal(wanted === 'stock' ? 'market.symbol.notStock' : 'market.symbol.notCoin', [symbol]);
  }
  return instrument;
}
