import { unrealisedPnlMinor } from '@piazza/core/trading/perpetual';
import type { PositionValuer } from '../../kit/position-worth';
import { quoteOrNull } from '../../market/market-service';
import type { Services } from '../../services';
import { openState, type PositionRow, perpetualOf, positionColumns } from './positions';
import { contractScales, marginCurrency, marginScale } from './terms';

/**
 * What a user's open perpetuals add to their balances: the margin is already counted (in `frozen`), so each
 * position adds its open P&L at the last price, never taking more than its margin (isolated margin: the
 * position alone can lose it, no more). A pair the feed cannot price is named instead.
 */
export function perpetualWorth(services: Services): PositionValuer {
  return async (q, userId, nowMs) => {
    const rows = await q.query<PositionRow>(
      `select ${positionColumns} from coin_contract_positions where user_id = $1 and state = $2 order by id`,
      [userId, openState],
    );
    let sum = 0n;
    const unvalued: string[] = [];
    for (const row of rows) {
      const instrument = services.market.instrument(row.symbol);
      const mark = instrument ? (await quoteOrNull(services.market, row.symbol, nowMs))?.last : undefined;
      if (!instrument || mark === undefined) {
        unvalued.push(row.symbol);
        continue;
      }
      const pnl = unrealisedPnlMinor(perpetualOf(row), mark, contractScales(instrument));
      sum += pnl < -row.margin ? -row.margin : pnl;
    }
    return {
      worth:
        rows.length === 0
          ? []
          : [{ kind: 'perpetuals', asset: marginCurrency, minor: sum, scale: marginScale }],
      unvalued,
    };
  };
}
