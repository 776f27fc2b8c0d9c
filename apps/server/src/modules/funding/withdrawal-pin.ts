import type * as calls from '@piazza/contract/calls/funding';
import type { CallGuard } from '../../http/implement';
import type { Services } from '../../services';
import { answeredBefore, pinGuard, verifyPin } from '../security';
import { checkWithdrawal, type WithdrawTarget } from './withdrawals';

/*
 * The withdrawal password is checked BEFORE the money transaction opens, in a preHandler of the two
 * withdrawal routes (their `guard` route option) (the guard of security/pin-guard.ts). verifyPin counts each attempt through a connection of its own, so that a refusal's
 * rollback keeps the count; called inside a transaction that already holds a pooled connection, twenty
 * withdrawals at once on PostgreSQL would each hold one and wait for another, and the pool would starve.
 * The rules that come before the password (KYC, destination, method, hours, minimum) are checked here too,
 * so no attempt is spent on a request that cannot go through; the handler checks them again inside the
 * transaction, and the balance last.
 */

function targetOf(input: Record<string, unknown>): WithdrawTarget {
  return typeof input.addressId === 'number'
    ? { method: 'crypto', addressId: input.addressId }
    : { method: 'bank', bindingId: Number(input.bindingId) };
}

/** The check of the two withdrawal routes, as their route option. */
export function withdrawalPinGuard(
  services: Services,
): CallGuard<typeof calls.userWithdrawAdd | typeof calls.coinWithdrawAdd> {
  const { db, clock } = services;
  return pinGuard<typeof calls.userWithdrawAdd | typeof calls.coinWithdrawAdd>(
    services,
    'withdraw',
    async (user, input, call) => {
      // A repeat of an answered request gets the first answer back: nothing is checked or moved again.
      if (await answeredBefore(db, user.id, call, input.requestId)) return 'unasked';
      const nowMs = clock.now();
      await checkWithdrawal(db, {
        userId: user.id,
        target: targetOf(input),
        asset: input.asset,
        amount: input.amount,
        nowMs,
      });
      // A burst of right passwords waits for the attempts under way instead of reading as too many (pins.ts).
      await verifyPin(db, user.id, 'withdraw', input.pin, nowMs);
      return 'verified';
    },
  );
}

/** Whether this request's withdrawal password was verified before its transaction. */
export { withdrawPinVerified as pinVerified } from '../security';
