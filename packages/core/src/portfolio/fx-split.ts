import { applyRate, mulDiv, type Rate } from '../money';
import { rateInverse } from './daily-values';

/*
 * The P&L in euros of a holding priced in dollars, split into the instrument's move and the currency's move
 * (decision 059). The cost is a weighted average kept twice, in USD and in EUR at each purchase's EUR/USD:
 *   total       = value in USD at today's rate − cost in EUR
 *   instrument  = (value in USD − cost in USD) at today's rate
 *   currency    = cost in USD at today's rate − cost in EUR   (what the dollars paid are worth now in euros)
 * instrument + currency = total exactly; the currency part takes the rounding so the parts always add up.
 */

/** One trade of the holding: quantity + for a buy, − for a sale; `usdMinor` what a buy paid with its fee. */
export interface UsdTrade {
  quantity: bigint;
  usdMinor: bigint;
  /** EUR/USD at the trade: dollars per euro (1.08). */
  eurUsd: Rate;
}

export interface CostBasis {
  quantity: bigint;
  costUsdMinor: bigint;
  costEurMinor: bigint;
}

/** The weighted-average cost after the trades in order; a sale takes its share of both costs. */
export function costBasisOf(trades: readonly UsdTrade[], usdScale = 2, eurScale = 2): CostBasis {
  let quantity = 0n;
  let costUsd = 0n;
  let costEur = 0n;
  for (const trade of trades) {
    if (trade.quantity > 0n) {
      quantity += trade.quantity;
      costUsd += trade.usdMinor;
      costEur += applyRate(trade.usdMinor, usdScale, rateInverse(trade.eurUsd), eurScale, 'halfEven');
    } else if (trade.quantity < 0n && quantity > 0n) {
      const sold = -trade.quantity < quantity ? -trade.quantity : quantity;
      costUsd -= mulDiv(costUsd, sold, quantity, 'halfEven');
      costEur -= mulDiv(costEur, sold, quantity, 'halfEven');
      quantity -= sold;
    }
  }
  return { quantity, costUsdMinor: costUsd, costEurMinor: costEur };
}

export interface FxSplit {
  valueEurMinor: bigint;
  totalMinor: bigint;
  instrumentMinor: bigint;
  currencyMinor: bigint;
}

/** The split of a holding worth `valueUsdMinor` now, at today's EUR/USD. */
export function fxSplitOf(
  basis: Pick<CostBasis, 'costUsdMinor' | 'costEurMinor'>,
  valueUsdMinor: bigint,
  eurUsdNow: Rate,
  usdScale = 2,
  eurScale = 2,
): FxSplit {
  const toEur = rateInverse(eurUsdNow);
  const valueEur = applyRate(valueUsdMinor, usdScale, toEur, eurScale, 'halfEven');
  const total = valueEur - basis.costEurMinor;
  const instrument = applyRate(valueUsdMinor - basis.costUsdMinor, usdScale, toEur, eurScale, 'halfEven');
  return {
    valueEurMinor: valueEur,
    totalMinor: total,
    instrumentMinor: instrument,
    currencyMinor: total - instrument,
  };
}
