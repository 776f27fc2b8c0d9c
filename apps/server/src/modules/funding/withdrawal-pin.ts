import * as calls from '@piazza/contract/calls/funding';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { one } from '../../db/db';
import { apiBase } from '../../http/implement';
import { requestUserSession } from '../../http/sessions';
import type { Services } from '../../services';
import { verifyPin } from '../security/pins';
import { checkWithdrawal, type WithdrawTarget } from './withdrawals';

/*
 * The withdrawal password is checked BEFORE the money transaction opens, in a preHandler of the two
 * withdrawal routes. verifyPin counts each attempt through a connection of its own, so that a refusal's
 * rollback keeps the count; called inside a transaction that already holds a pooled connection, twenty
 * withdrawals at once on PostgreSQL would each hold one and wait for another, and the pool would starve.
 * The rules that come before the password (KYC, destination, method, hours, minimum) are checked here too,
 * so no attempt is spent on a request that cannot go through; the handler checks them again inside the
 * transaction, and the balance last.
 *
 * One user's attempts are checked one at a time in this process: the limiter counts an attempt before it is
 * checked, so a burst of right passwords sent at once would otherwise read as too many attempts.
 */

const verified = new WeakSet<FastifyRequest>();
const queues = new Map<number, Promise<void>>();

async function oneAtATime<T>(userId: number, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(userId) ?? Promise.resolve();
  let release = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => mine);
  queues.set(userId, tail);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (queues.get(userId) === tail) queues.delete(userId);
  }
}

type GuardedCall = typeof calls.userWithdrawAdd | typeof calls.coinWithdrawAdd;

function targetOf(input: Record<string, unknown>): WithdrawTarget {
  return typeof input.addressId === 'number'
    ? { method: 'crypto', addressId: input.addressId }
    : { method: 'bank', bindingId: Number(input.bindingId) };
}

/** Installs the check on the two withdrawal routes; call it before they are mounted. */
export function guardWithdrawalRoutes(app: FastifyInstance, services: Services): void {
  const { db, clock } = services;
  const guarded = new Map<string, GuardedCall>([
    [apiBase + calls.userWithdrawAdd.path, calls.userWithdrawAdd],
    [apiBase + calls.coinWithdrawAdd.path, calls.coinWithdrawAdd],
  ]);

  const check = (call: GuardedCall): preHandlerAsyncHookHandler =>
    async function withdrawalPin(req) {
      const user = await requestUserSession(db, req);
      const parsed = call.input.safeParse(req.body ?? {});
      // Whatever fails here, implement() refuses in its own words: no session, a disabled user, bad input.
      if (!user || user.status === 0 || !parsed.success) return;
      const input = parsed.data;
      // A repeat of an answered request gets the first answer back: nothing is checked or moved again.
      const repeat = await one(
        db,
        'select 1 from idempotency_keys where scope = $1 and call = $2 and request_id = $3',
        [`user:${user.id}`, call.path, input.requestId],
      );
      if (repeat) return;
      await oneAtATime(user.id, async () => {
        const nowMs = clock.now();
        await checkWithdrawal(db, {
          userId: user.id,
          target: targetOf(input),
          asset: input.asset,
          amount: input.amount,
          nowMs,
        });
        await verifyPin(db, user.id, 'withdraw', input.pin, nowMs);
      });
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

/** Whether this request's withdrawal password was verified before its transaction. */
export function pinVerified(req: FastifyRequest): boolean {
  return verified.has(req);
}
