import type { PositionValuer, PositionWorth } from '../../kit/position-worth';
import { quoteOrNull } from '../../market/market-service';
import type { Services } from '../../services';
import { currencyScaleOf } from '../trading';
import { markValueOf, type OptionRow, optionColumns } from './option-rows';

/**
 * What a user's held options are worth: each at the mark, what closing it would pay now (the premium it cost
 * left the ledger at purchase), summed per currency. An option whose underlying the feed cannot price is
 * named instead.
 */
export function optionWorth(services: Services): PositionValuer {
  return async (q, userId, nowMs) => {
    const rows = await q.query<OptionRow>(
      `select ${optionColumns} from option_orders where user_id = $1 and state = 'holding' order by id`,
      [userId],
    );
    const sums = new Map<string, bigint>();
    const unvalued: string[] = [];
    for (const row of rows) {
      const quote = await quoteOrNull(services.market, row.symbol, nowMs);
      if (!quote) {
        unvalued.push(row.symbol);
        continue;
      }
      const value = await markValueOf(q, services, row, quote, nowMs);
      sums.set(row.currency, (sums.get(row.currency) ?? 0n) + value);
    }
    const worth: PositionWorth[] = [];
    for (const [currency, minor] of sums) {
      worth.push({ kind: 'options', asset: currency, minor, scale: await currencyScaleOf(q, currency) });
    }
    return { worth, unvalued };
  };
}
