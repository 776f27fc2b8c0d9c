import * as calls from '@piazza/contract/calls/options';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { one } from '../../db/db';
import { apiBase } from '../../http/implement';
import { Refusal } from '../../http/refusal';
import { requestUserSession } from '../../http/sessions';
import type { Services } from '../../services';
import { hasPin, verifyPin } from '../security/pins';

/*
 * The transaction password of an option purchase or close, checked in a preHandler BEFORE the money
 * transaction opens, as trading/trade-pin.ts does for spot orders and for its reason: verifyPin counts attempts
 * on a connection of its own, which must not be taken while the transaction holds another.
 */

type GuardedCall = typeof calls.stockOrderOptionApply | typeof calls.stockOrderOptionClose;

const verified = new WeakSet<FastifyRequest>();

export function guardOptionRoutes(app: FastifyInstance, services: Services): void {
  const { db, clock } = services;
  const guarded = new Map<string, GuardedCall>([
    [apiBase + calls.stockOrderOptionApply.path, calls.stockOrderOptionApply],
    [apiBase + calls.stockOrderOptionClose.path, calls.stockOrderOptionClose],
  ]);

  const check = (call: GuardedCall): preHandlerAsyncHookHandler =>
    async function optionPin(req) {
      const user = await requestUserSession(db, req);
      const parsed = call.input.safeParse(req.body ?? {});
      // Whatever fails here, implement() refuses in its own words.
      if (!user || user.status === 0 || !parsed.success) return;
      const repeat = await one(
        db,
        'select 1 from idempotency_keys where scope = $1 and call = $2 and request_id = $3',
        [`user:${user.id}`, call.path, parsed.data.requestId],
      );
      if (repeat || !(await hasPin(db, user.id, 'trade'))) return;
      if (parsed.data.tradePassword === undefined) throw new Refusal('trade.pin.required');
      await verifyPin(db, user.id, 'trade', parsed.data.tradePassword, clock.now());
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

/** Whether the option call may go on: no transaction password is set, or it was verified before the transaction. */
export async function optionPinPassed(
  q: Parameters<typeof hasPin>[0],
  req: FastifyRequest,
  userId: number,
): Promise<boolean> {
  return verified.has(req) || !(await hasPin(q, userId, 'trade'));
}
