import { coinOrderAdd } from '@piazza/contract/calls/coin';
import { coinContractAdd } from '@piazza/contract/calls/coin-contract';
import * as calls from '@piazza/contract/calls/trading';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { one } from '../../db/db';
import { apiBase } from '../../http/implement';
import { Refusal } from '../../http/refusal';
import { requestUserSession } from '../../http/sessions';
import type { Services } from '../../services';
import { hasPin, verifyPin } from '../security/pins';

/*
 * The transaction password is checked BEFORE the order's transaction opens, in a preHandler of buy and sell,
 * for the reason the withdrawal routes give (funding/withdrawal-pin.ts): verifyPin counts attempts on a
 * connection of its own, and inside a transaction holding a pooled connection a burst of orders on
 * PostgreSQL would starve the pool. The handler then asks `tradePinPassed` and refuses an order whose
 * password was required and not verified here.
 */

const verified = new WeakSet<FastifyRequest>();
/** Orders whose investor had no transaction password when the guard asked: the handler need not ask again. */
const withoutPin = new WeakSet<FastifyRequest>();

type GuardedCall =
  | typeof calls.stockOrderBuy
  | typeof calls.stockOrderSell
  | typeof coinOrderAdd
  | typeof coinContractAdd;

export function guardTradeRoutes(app: FastifyInstance, services: Services): void {
  const { db, clock } = services;
  const guarded = new Map<string, GuardedCall>([
    [apiBase + calls.stockOrderBuy.path, calls.stockOrderBuy],
    [apiBase + calls.stockOrderSell.path, calls.stockOrderSell],
    // Coin spot orders (decision 016) are guarded alike; the coin module is mounted after this hook.
    [apiBase + coinOrderAdd.path, coinOrderAdd],
    // Opening a perpetual contract (decision 017) likewise.
    [apiBase + coinContractAdd.path, coinContractAdd],
  ]);

  const check = (call: GuardedCall): preHandlerAsyncHookHandler =>
    async function tradePin(req) {
      // The session is looked up once for the request: implement() reuses this answer (decision 020).
      const user = await requestUserSession(db, req);
      const parsed = call.input.safeParse(req.body ?? {});
      // Whatever fails here, implement() refuses in its own words.
      if (!user || user.status === 0 || !parsed.success) return;
      const input = parsed.data;
      if (!(await hasPin(db, user.id, 'trade'))) {
        withoutPin.add(req);
        return;
      }
      // A repeated requestId is answered from its record without asking the password again.
      const repeat = await one(
        db,
        'select 1 from idempotency_keys where scope = $1 and call = $2 and request_id = $3',
        [`user:${user.id}`, call.path, input.requestId],
      );
      if (repeat) return;
      if (input.tradePassword === undefined) throw new Refusal('trade.pin.required');
      await verifyPin(db, user.id, 'trade', input.tradePassword, clock.now());
      verified.add(req);
    };

  app.addHook('onRoute', (route) => {
    const call = guarded.get(route.url);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!call || !methods.includes('POST')) return;
    const existing =
      route.preHandler === undefined
        ? []
        : Array.isArray(route.preHandler)
          ? route.preHandler
          : [route.preHandler];
    route.preHandler = [...existing, check(call)];
  });
}

/**
 * Whether this order may go on: no transaction password is set, or it was verified before the transaction.
 * The guard's own answer is taken when it gave one; a password set in the milliseconds between the guard and
 * the transaction applies from the next order, as if this one had arrived a moment earlier.
 */
export async function tradePinPassed(
  q: Parameters<typeof hasPin>[0],
  req: FastifyRequest,
  userId: number,
): Promise<boolean> {
  return verified.has(req) || withoutPin.has(req) || !(await hasPin(q, userId, 'trade'));
}
