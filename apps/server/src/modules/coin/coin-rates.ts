import { formatAmount } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import { MarketUnavailable } from '../../market/market-service';
import { type FxRates, type Quote, quotedRates } from '../../platform/fx';
import type { Services } from '../../services';

/**
 * `rates` with the last price of each coin the user holds against USDT (BTC/USDT from the BTCUSDT pair,
 * source 'market'), so /user/assets can total coins in EUR and USD through USDT = USD 1 (decision 006). A
 * pair the feed cannot price now is left out, and its coin stays unvalued.
 */
export async function withCoinQuotes(
  q: Queryable,
  services: Services,
  userId: number,
  rates: FxRates,
  nowMs: number,
): Promise<FxRates> {
  const held = await q.query<{ asset: string }>(
    `select distinct a.asset from accounts a join assets s on s.code = a.asset
      where a.owner_type = 'user' and a.owner_id = $1 and s.kind = 'crypto' and a.balance > 0
        and a.asset <> 'USDT'
      order by a.asset`,
    [userId],
  );
  const quotes: Quote[] = [];
  for (const { asset } of held) {
    const pair = services.market.instrument(`${asset}USDT`);
    if (pair?.kind !== 'crypto') continue;
    try {
      const quote = await services.market.quote(pair.symbol, nowMs);
      if (quote.last <= 0n) continue;
      quotes.push({
        base: asset,
        quote: 'USDT',
        rate: formatAmount(quote.last, pair.priceScale),
        source: 'market',
      });
    } catch (err) {
      if (!(err instanceof MarketUnavailable)) throw err;
    }
  }
  return quotes.length === 0 ? rates : quotedRates([...rates.quotes(), ...quotes]);
}
