import { coinOrderAdd } from '@piazza/contract/calls/coin';
import { coinContractAdd } from '@piazza/contract/calls/coin-contract';
import * as calls from '@piazza/contract/calls/trading';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { guardTradePin } from '../security/pin-guard';

export { tradePinPassed } from '../security/pin-guard';

/*
 * The transaction password of buy and sell is checked BEFORE the order's transaction opens, by the guard of
 * security/pin-guard.ts (for the reason it gives); the handler then asks `tradePinPassed` and refuses an
 * order whose password was required and not verified there.
 */
export function guardTradeRoutes(app: FastifyInstance, services: Services): void {
  guardTradePin(app, services, [
    calls.stockOrderBuy,
    calls.stockOrderSell,
    // Coin spot orders (decision 016) are guarded alike; the coin module is mounted after this hook.
    coinOrderAdd,
    // Opening a perpetual contract (decision 017) likewise.
    coinContractAdd,
  ]);
}
