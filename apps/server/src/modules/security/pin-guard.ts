import type { CallDef, CallInput } from '@piazza/contract/define';
import type { FastifyRequest } from 'fastify';
import { one, type Queryable } from '../../db/db';
import type { CallGuard } from '../../http/implement';
import { requestUserSession, type SessionUser } from '../../http/sessions';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { hasPin, type PinKind, verifyPin } from './pins';
import { type PinStamp, tradeUnlocksOf } from './trade-unlock';

/*
 * The one shape of every transaction-password guard (orders, options, contracts, withdrawals): a route
 * option (implement's `guard`, a preHandler) checks the password BEFORE the money transaction opens, because verifyPin counts
 * attempts on a connection of its own, and inside a transaction holding a pooled connection a burst of
 * requests on PostgreSQL would starve the pool. The guard remembers its verdict for the request; the handler,
 * inside the transaction, asks tradePinPassed or withdrawPinVerified and refuses what was not let through.
 */

/** What a guard found: the password was verified, the investor has none, or it was not asked (a repeat). */
export type PinVerdict = 'verified' | 'noPin' | 'unasked';

/** Asks the password of one request, after the session and the input were found good; refuses by throwing. */
export type PinCheck<C extends CallDef> = (
  user: SessionUser,
  input: CallInput<C>,
  call: C,
) => Promise<PinVerdict>;

const verified: Record<PinKind, WeakSet<FastifyRequest>> = { trade: new WeakSet(), withdraw: new WeakSet() };
/** Requests whose investor had no such password when the guard asked: the handler need not ask again. */
const withoutPin: Record<PinKind, WeakSet<FastifyRequest>> = {
  trade: new WeakSet(),
  withdraw: new WeakSet(),
};

/**
 * The guard of one kind of password, as a route option: `implement(…, { guard })`. Whatever fails before the
 * check (no session, a disabled user, bad input), implement() refuses in its own words: the guard lets it
 * through unasked.
 */
export function pinGuard<C extends CallDef>(
  services: Services,
  kind: PinKind,
  check: PinCheck<C>,
): CallGuard<C> {
  const { db } = services;
  return (call) =>
    async function pinGuard(req) {
      // The session is looked up once for the request: implement() reuses this answer (decision 020).
      const user = await requestUserSession(db, req);
      // A GET call (SPEC lists /user/vip/buy as one) carries its fields in the query, as implement() reads them.
      const parsed = call.input.safeParse((call.method === 'GET' ? req.query : req.body) ?? {});
      if (!user || user.status === 0 || !parsed.success) return;
      const verdict = await check(user, parsed.data as CallInput<C>, call);
      if (verdict === 'verified') verified[kind].add(req);
      else if (verdict === 'noPin') withoutPin[kind].add(req);
    };
}

/** Whether this user already sent this requestId to this call: a repeat gets its first answer, unasked. */
export async function answeredBefore(
  q: Queryable,
  userId: number,
  call: CallDef,
  requestId: string,
): Promise<boolean> {
  const row = await one(
    q,
    'select 1 from idempotency_keys where scope = $1 and call = $2 and request_id = $3',
    [`user:${userId}`, call.path, requestId],
  );
  return row !== undefined;
}

/** What a call guarded by the transaction password carries: orders, contract openings, option purchases. */
interface TradeInput {
  requestId: string;
  tradePassword?: string | undefined;
}

interface TradeGuardRow {
  pinHash: string;
  failures: number;
  lockedUntil: Date | null;
  answered: boolean;
}

/**
 * The investor's transaction password row and whether this requestId was answered before, in one statement
 * (the guard runs on every order): no row means no password is set.
 */
async function tradeGuardRow(
  q: Queryable,
  userId: number,
  call: CallDef,
  requestId: string,
): Promise<TradeGuardRow | undefined> {
  return one<TradeGuardRow>(
    q,
    `select p.pin_hash as "pinHash", p.failures, p.locked_until as "lockedUntil",
            exists (select 1 from idempotency_keys k
                     where k.scope = $2 and k.call = $3 and k.request_id = $4) as answered
       from user_pins p where p.user_id = $1 and p.kind = 'trade'`,
    [userId, `user:${userId}`, call.path, requestId],
  );
}

/**
 * The full check of a transaction password, or none when this session is unlocked for it (decision 066).
 * While a wrong attempt is on the count or the password is locked, the full, counted check is taken; a wrong
 * password locks the session again, a right one (re)opens the unlock.
 */
async function passTradePassword(
  services: Services,
  user: SessionUser,
  stamp: PinStamp,
  failures: number,
  tradePassword: string,
): Promise<void> {
  const now = services.clock.now();
  const unlocks = tradeUnlocksOf(services);
  const locked = stamp.lockedUntil !== null && stamp.lockedUntil.getTime() > now;
  if (failures === 0 && !locked && unlocks.passes(user.sessionId, user.id, stamp, tradePassword)) return;
  try {
    await verifyPin(services.db, user.id, 'trade', tradePassword, now);
  } catch (err) {
    unlocks.lockSession(user.sessionId);
    throw err;
  }
  unlocks.open(user.sessionId, user.id, stamp, tradePassword);
}

/**
 * The transaction password ('trade') as a route option, asked only of investors who have set one. Once a full
 * check passed on a session, the same password on the same session passes without argon2 for a while
 * (decision 066, trade-unlock.ts); while a wrong attempt is on the count or the password is locked, every
 * order takes the full, counted check.
 */
export function tradePinGuard<C extends CallDef>(services: Services): CallGuard<C> {
  const { db } = services;
  return pinGuard<C>(services, 'trade', async (user, input, call) => {
    const { requestId, tradePassword } = input as TradeInput;
    const row = await tradeGuardRow(db, user.id, call, requestId);
    if (!row) return 'noPin';
    if (row.answered) return 'unasked';
    if (tradePassword === undefined) throw new Refusal('trade.pin.required');
    const stamp = { pinHash: row.pinHash, lockedUntil: row.lockedUntil };
    await passTradePassword(services, user, stamp, row.failures, tradePassword);
    return 'verified';
  });
}

/**
 * The transaction password of a call that carries no requestId (a holding's take profit / stop loss), with
 * the session's unlock (decision 066): one statement reads the password row, and argon2 runs only when the
 * session is not unlocked for this password. Call it before any transaction opens (verifyPin counts attempts
 * on a connection of its own). Refuses by throwing; answers 'noPin' when the investor has set none.
 */
export async function checkTradePassword(
  services: Services,
  user: SessionUser,
  tradePassword: string | undefined,
): Promise<'verified' | 'noPin'> {
  const row = await one<{ pinHash: string; failures: number; lockedUntil: Date | null }>(
    services.db,
    `select pin_hash as "pinHash", failures, locked_until as "lockedUntil"
       from user_pins where user_id = $1 and kind = 'trade'`,
    [user.id],
  );
  if (!row) return 'noPin';
  if (tradePassword === undefined) throw new Refusal('trade.pin.required');
  const stamp = { pinHash: row.pinHash, lockedUntil: row.lockedUntil };
  await passTradePassword(services, user, stamp, row.failures, tradePassword);
  return 'verified';
}

/**
 * Whether this request may go on: no transaction password is set, or it was verified before the transaction.
 * The guard's own answer is taken when it gave one; a password set in the milliseconds between the guard and
 * the transaction applies from the next request, as if this one had arrived a moment earlier.
 */
export async function tradePinPassed(q: Queryable, req: FastifyRequest, userId: number): Promise<boolean> {
  return verified.trade.has(req) || withoutPin.trade.has(req) || !(await hasPin(q, userId, 'trade'));
}

/** Whether this request's withdrawal password was verified before its transaction. */
export function withdrawPinVerified(req: FastifyRequest): boolean {
  return verified.withdraw.has(req);
}
