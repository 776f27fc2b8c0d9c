import type { portfolioFxSplit } from '@piazza/contract/calls/portfolio';
import type { CallOutput } from '@piazza/contract/define';
import { applyRate, formatAmount, mulDiv, type Rate } from '@piazza/core/money';
import { costBasisOf, fxSplitOf, type UsdTrade } from '@piazza/core/portfolio/fx-split';
import type { Queryable } from '../../db/db';
import { quoteOrNull } from '../../market/market-service';
import type { Services } from '../../services';
import { orderExchangesOf, shareTradesOf } from './movements';

type FxSplitAnswer = CallOutput<typeof portfolioFxSplit>;

const usdScale = 2;
const rateText = (r: Rate) => formatAmount(mulDiv(r.num, 10_000n, r.den, 'halfEven'), 4);

/**
 * Each dollar share held, its P&L in euros split into the share's move and the dollar's (decision 059): the
 * cost from the fills' postings (fees included, weighted average), each buy at the EUR/USD the investor got
 * when the order exchanged euros for it, else the market's EUR/USD at the fill.
 */
export async function fxSplitFor(
  q: Queryable,
  services: Services,
  userId: number,
  nowMs: number,
): Promise<FxSplitAnswer> {
  const held = await q.query<{ asset: string; scale: number; quantity: bigint }>(
    `select a.asset, s.scale, sum(a.balance)::bigint as quantity
       from accounts a join assets s on s.code = a.asset
      where a.owner_type = 'user' and a.owner_id = $1 and s.kind = 'security'
      group by a.asset, s.scale having sum(a.balance) > 0 order by a.asset`,
    [userId],
  );
  const dollarShares = held.filter((h) => services.market.instrument(h.asset)?.currency === 'USD');
  if (dollarShares.length === 0) return { list: [], updatedAt: nowMs };
  const eurUsdNow = (await services.market.fxRates(nowMs)).rate('EUR', 'USD') as Rate;
  const exchanges = await orderExchangesOf(q, userId);

  const list: FxSplitAnswer['list'] = [];
  for (const h of dollarShares) {
    const instrument = services.market.instrument(h.asset);
    const quote = await quoteOrNull(services.market, h.asset, nowMs);
    if (!instrument || !quote || quote.last <= 0n) continue;
    const trades: UsdTrade[] = [];
    for (const t of await shareTradesOf(q, userId, h.asset, 'USD')) {
      const exchanged = exchanges.get(t.orderId);
      const eurUsd =
        exchanged && exchanged.eurMinor > 0n && exchanged.usdMinor > 0n
          ? { num: exchanged.usdMinor, den: exchanged.eurMinor }
          : ((await services.market.fxRates(t.t)).rate('EUR', 'USD') as Rate);
      trades.push({ quantity: t.assetMinor, usdMinor: t.assetMinor > 0n ? -t.cashMinor : 0n, eurUsd });
    }
    const basis = costBasisOf(trades);
    // Shares that came another way (an offering's delivery) have no dollar cost here: only traded ones count.
    if (basis.quantity <= 0n || basis.costEurMinor <= 0n) continue;
    const quantity = basis.quantity < h.quantity ? basis.quantity : h.quantity;
    const valueUsd = applyRate(
      quantity,
      h.scale,
      { num: quote.last, den: 10n ** BigInt(instrument.priceScale) },
      usdScale,
      'down',
    );
    const split = fxSplitOf(basis, valueUsd, eurUsdNow);
    list.push({
      symbol: h.asset,
      quantity: formatAmount(quantity, h.scale),
      costUsd: formatAmount(basis.costUsdMinor, usdScale),
      costEur: formatAmount(basis.costEurMinor, 2),
      eurUsdAtCost: rateText({ num: basis.costUsdMinor, den: basis.costEurMinor }),
      valueUsd: formatAmount(valueUsd, usdScale),
      valueEur: formatAmount(split.valueEurMinor, 2),
      eurUsdNow: rateText(eurUsdNow),
      pnlEur: formatAmount(split.totalMinor, 2),
      instrumentEur: formatAmount(split.instrumentMinor, 2),
      currencyEur: formatAmount(split.currencyMinor, 2),
    });
  }
  return { list, updatedAt: nowMs };
}
