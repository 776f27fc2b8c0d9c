import type { PositionValuer, PositionWorth } from '../../kit/position-worth';
import type { Services } from '../../services';
import { readAccountState } from './contract-views';

/**
 * What a user's contract accounts add to their balances: per currency the open P&L at the marks, as the
 * account's equity (never below zero: negative-balance protection) less its cash, which the ledger already
 * counts. A position the feed cannot price counts no P&L and is named.
 */
export function contractWorth(services: Services): PositionValuer {
  return async (q, userId, nowMs) => {
    const currencies = await q.query<{ currency: string }>(
      `select distinct currency from stock_contracts where user_id = $1 and state = 'open' order by currency`,
      [userId],
    );
    const worth: PositionWorth[] = [];
    const unvalued: string[] = [];
    for (const { currency } of currencies) {
      const state = await readAccountState(q, services, userId, currency, nowMs);
      const equity = state.equity < 0n ? 0n : state.equity;
      worth.push({
        kind: 'contracts',
        asset: currency,
        minor: equity - state.balance,
        scale: state.currencyScale,
      });
      for (const p of state.positions) if (p.mark === null) unvalued.push(p.row.symbol);
    }
    return { worth, unvalued };
  };
}
