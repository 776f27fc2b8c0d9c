import type { OperatorRole } from '@piazza/contract/define';
import { one, type Queryable } from '../db/db';
import type { Bus } from '../market/bus';
import { FreshCache } from '../platform/fresh-cache';
import type { Clock } from '../services';
import { hashToken } from './tokens';

export interface SessionUser {
  id: number;
  sessionId: bigint;
  account: string;
  status: number;
}

export interface SessionOperator {
  id: number;
  sessionId: bigint;
  email: string;
  name: string;
  role: OperatorRole;
}

/**
 * How stale `last_seen_at` may get before a lookup writes it again (decision 020): the idle limits are 30 days
 * and 8 hours, so a minute changes nothing a user or operator would notice, and a busy session costs one write
 * a minute instead of one per call.
 */
const touchEvery = "interval '1 minute'";

/**
 * The investor behind an `access-token`, if the session is live: not revoked and used within 30 days
 * (status 0 users are returned too; implement.ts decides what they may call). Counts as use of the session.
 */
export async function findUserSession(
  q: Queryable,
  token: string | undefined,
): Promise<SessionUser | undefined> {
  if (!token) return undefined;
  const row = await one<SessionUser & { stale: boolean }>(
    q,
    `select u.id, s.id as "sessionId", u.account, u.status, s.last_seen_at < now() - ${touchEvery} as stale
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null
        and s.last_seen_at > now() - interval '30 days'`,
    [hashToken(token)],
  );
  if (!row) return undefined;
  const { stale, ...user } = row;
  if (stale) await q.query('update sessions set last_seen_at = now() where id = $1', [user.sessionId]);
  return user;
}

const resolvedUsers = new WeakMap<object, Promise<SessionUser | undefined>>();

/**
 * The investor of one HTTP request, looked up once however many hooks ask (the transaction-password guard
 * runs before the call's own handler, decision 020): the first call reads the `access-token` header and asks
 * the database, the others share its answer.
 */
export function requestUserSession(
  q: Queryable,
  req: { headers: Record<string, string | string[] | undefined> },
): Promise<SessionUser | undefined> {
  let found = resolvedUsers.get(req);
  if (!found) {
    const header = req.headers['access-token'];
    const token = Array.isArray(header) ? header[0] : header;
    const live = token && token.length > 0 ? token : undefined;
    const cache = sessionCaches.get(q);
    found = cache && live ? cache.user(live, () => findUserSession(q, live)) : findUserSession(q, live);
    resolvedUsers.set(req, found);
  }
  return found;
}

/** The operator behind a token: back-office sessions end after 8 idle hours. */
export async function findOperatorSession(
  q: Queryable,
  token: string | undefined,
): Promise<SessionOperator | undefined> {
  if (!token) return undefined;
  const row = await one<SessionOperator & { stale: boolean }>(
    q,
    `select o.id, s.id as "sessionId", o.email, o.name, o.role, s.last_seen_at < now() - ${touchEvery} as stale
       from operator_sessions s join operators o on o.id = s.operator_id
      where s.token_hash = $1 and s.revoked_at is null and o.active
        and s.last_seen_at > now() - interval '8 hours'`,
    [hashToken(token)],
  );
  if (!row) return undefined;
  const { stale, ...operator } = row;
  if (stale)
    await q.query('update operator_sessions set last_seen_at = now() where id = $1', [operator.sessionId]);
  return operator;
}

/**
 * The operator of one HTTP call: from the session cache when the server keeps one for `q` (decision 067),
 * else from the database.
 */
export function requestOperatorSession(
  q: Queryable,
  token: string | undefined,
): Promise<SessionOperator | undefined> {
  const cache = sessionCaches.get(q);
  if (!cache || !token) return findOperatorSession(q, token);
  return cache.operator(token, () => findOperatorSession(q, token));
}

/** How long a session looked up in the database is believed without asking again (decision 067). */
export const sessionCacheMs = 5_000;
/** Past this many cached sessions, the expired ones are swept (and all of them, if that is not enough). */
const sessionCacheMax = 20_000;

/** The bus topic on which every instance hears of sessions that ended (logout, password, status). */
export const sessionsEndedTopic = 'sessions:ended';

/** Which sessions ended: one session, or every session of a user or an operator (ids as JSON carries them). */
export type EndedSessions =
  | { sessionId: string }
  | { userId: number }
  | { operatorSessionId: string }
  | { operatorId: number };

/**
 * Sessions found in the database in the last few seconds, by token hash (decision 067): an authenticated call
 * no longer asks the database each time. Sessions that end are forgotten at once on this instance, before
 * the call that ended them answers, and on the others as the bus delivers the news (`FreshCache`: only found
 * sessions are held; a lookup under way when sessions end is not kept, in either kind).
 */
class SessionCache {
  private readonly users: FreshCache<string, SessionUser>;
  private readonly operators: FreshCache<string, SessionOperator>;

  constructor(clock: Clock) {
    this.users = new FreshCache(clock, sessionCacheMs, sessionCacheMax);
    this.operators = new FreshCache(clock, sessionCacheMs, sessionCacheMax);
  }

  /** Set once the bus subscription holds: until then nothing is cached, so no end can go unheard. */
  set listening(on: boolean) {
    this.users.listening = on;
    this.operators.listening = on;
  }

  user(token: string, find: () => Promise<SessionUser | undefined>): Promise<SessionUser | undefined> {
    return this.users.read(hashToken(token), find);
  }

  operator(
    token: string,
    find: () => Promise<SessionOperator | undefined>,
  ): Promise<SessionOperator | undefined> {
    return this.operators.read(hashToken(token), find);
  }

  forget(ended: EndedSessions): void {
    this.users.forgetWhere(
      (u) =>
        ('sessionId' in ended && String(u.sessionId) === ended.sessionId) ||
        ('userId' in ended && u.id === ended.userId),
    );
    this.operators.forgetWhere(
      (o) =>
        ('operatorSessionId' in ended && String(o.sessionId) === ended.operatorSessionId) ||
        ('operatorId' in ended && o.id === ended.operatorId),
    );
  }
}

/** One cache per database the server answers from (tests build several servers in one process). */
const sessionCaches = new WeakMap<Queryable, SessionCache>();

/**
 * Starts caching the sessions read from `db`, forgetting those the bus says ended (implement() calls this
 * for the server's services; a second call for the same database changes nothing).
 */
export function cacheSessions(services: {
  db: Queryable;
  bus: Bus;
  clock: Clock;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}): void {
  if (sessionCaches.has(services.db)) return;
  const cache = new SessionCache(services.clock);
  sessionCaches.set(services.db, cache);
  services.bus
    .subscribe(sessionsEndedTopic, (payload) => cache.forget(payload as EndedSessions))
    .then(
      () => {
        cache.listening = true;
      },
      (err: unknown) =>
        services.log.warn({ err }, 'sessions are not cached: the bus refused the subscription'),
    );
}

/**
 * Says that sessions ended, after the change is committed: this instance forgets them before returning, so
 * the caller's very next call is refused; the other instances forget them as the bus delivers the news.
 */
export async function endSessions(
  services: {
    db: Queryable;
    bus: Bus;
    log: { warn(fields: Record<string, unknown>, message: string): void };
  },
  ended: EndedSessions,
): Promise<void> {
  sessionCaches.get(services.db)?.forget(ended);
  try {
    await services.bus.publish(sessionsEndedTopic, ended);
  } catch (err) {
    // The other instances still let go within sessionCacheMs; this one already has.
    services.log.warn({ err, ended }, 'sessions ended but the bus could not say so');
  }
}
