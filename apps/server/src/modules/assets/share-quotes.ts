import { formatAmount } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import { quoteOrNull } from '../../market/market-service';
import { type FxRates, type Quote, quotedRates } from '../../platform/fx';
import type { Services } from '../../services';

/**
 * `rates` with the last price of each share the user holds in its trading currency (ENI.MI in EUR, AAPL in
 * USD, source 'market'), so /user/assets totals holdings as it totals cash: one share is worth its last
 * price, converted to EUR and USD at the same rates. A share the feed cannot price now stays unvalued.
 */
export async function withShareQuotes(
  q: Queryable,
  services: Services,
  userId: number,
  rates: FxRates,
  nowMs: number,
): Promise<FxRates> {
  const held = await q.query<{ asset: string }>(
    `select distinct a.asset from accounts a join assets s on s.code = a.asset
      where a.owner_type = 'user' and a.owner_id = $1 and s.kind in ('security', 'fraction') and a.balance > 0
      order by a.asset`,
    [userId],
  );
  const quotes: Quote[] = [];
  for (const { asset } of held) {
    // A savings plan's fractions of a share (`PAC:{symbol}`, decision 054) are worth the share's price.
    const symbol = asset.startsWith('PAC:') ? asset.slice(4) : asset;
    const instrument = services.market.instrument(symbol);
    if (!instrument) continue;
    const quote = await quoteOrNull(services.market, symbol, nowMs);
    if (!quote || quote.last <= 0n) continue;
    quotes.push({
      base: asset,
      quote: instrument.currency,
      rate: formatAmount(quote.last, instrument.priceScale),
      source: 'market',
    });
  }
  return quotes.length === 0 ? rates : quotedRates([...rates.quotes(), ...quotes]);
}
