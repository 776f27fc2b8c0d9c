import { isDeepStrictEqual } from 'node:util';
import { controlCharacterField } from '@piazza/contract/control-characters';
import type { CallDef, CallInput, CallOutput } from '@piazza/contract/define';
import { translate } from '@piazza/contract/messages/catalogue';
import { type Envelope, type Language, ResultCode } from '@piazza/contract/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { type Db, one, type Queryable } from '../db/db';
import { Refusal, SessionRequired } from '../platform/refusal';
import type { Services } from '../services';
import { pickLanguage } from './language';
import {
  cacheSessions,
  requestOperatorSession,
  requestUserSession,
  type SessionOperator,
  type SessionUser,
} from './sessions';

export const apiBase = '/ipcg-api';

export interface CallContext<C extends CallDef> {
  input: CallInput<C>;
  lang: Language;
  /** The transaction of a money call, else the database itself. */
  q: Queryable;
  db: Db;
  /** The signed-in investor, if any (always set for auth 'user'). */
  user: SessionUser | undefined;
  /** The signed-in operator (always set for auth 'operator'). */
  operator: SessionOperator | undefined;
  /** A money call mounted with `claimsRequest`: its requestId, which the handler claims and may answer itself. */
  claim?: RequestClaim;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type CallHandler<C extends CallDef> = (ctx: CallContext<C>) => Promise<CallOutput<C>>;

/**
 * A check a call runs before its handler, and so before a money call's transaction opens (the transaction
 * passwords): given as a route option where the call is mounted, so what guards a route is read beside it.
 */
export type CallGuard<C extends CallDef> = (call: C) => preHandlerAsyncHookHandler;

export interface ImplementOptions<C extends CallDef> {
  guard?: CallGuard<C>;
  /**
   * A money call whose handler claims its requestId itself, in its own first statement (`claimCte`), and may
   * write the answer in its own last one (`RequestClaim.answer`): two round trips fewer (issue 18, decision 072).
   */
  claimsRequest?: boolean;
}

/**
 * The idempotency record of a money call mounted with `claimsRequest`. The handler claims it (`claimCte` in its
 * first statement, or `claimRequest`), throws `RequestRepeated` when the claim finds the requestId taken, and
 * may build the answer with `answer` and store it in its last statement; otherwise `implement` stores it.
 */
export interface RequestClaim {
  readonly scope: string;
  readonly call: string;
  readonly requestId: string;
  claimed: boolean;
  /** The envelope the call answers with `data`, as `implement` would build it; the handler then stores it. */
  answer(data: unknown): Envelope<unknown>;
  answered?: Envelope<unknown>;
}

/** The requestId was claimed before: `implement` answers what the first request answered. */
export class RequestRepeated extends Error {
  constructor() {
    super('request already claimed');
  }
}

/** A CTE that claims the requestId (its parameters are `claimParams`, from `$first`); select `exists (select 1 from claim)`. */
export const claimCte = (first: number) =>
  `claim as (insert into idempotency_keys (scope, call, request_id, response)
     values ($${first}, $${first + 1}, $${first + 2}, 'null'::jsonb) on conflict do nothing returning request_id)`;

export const claimParams = (c: RequestClaim) => [c.scope, c.call, c.requestId];

/** The claim in a statement of its own, for a handler whose first statement cannot carry it. */
export async function claimRequest(q: Queryable, c: RequestClaim): Promise<void> {
  const claimed = await q.query(`with ${claimCte(1)} select request_id from claim`, claimParams(c));
  if (claimed.length === 0) throw new RequestRepeated();
  c.claimed = true;
}

/** What the first request with this id answered, or `request.inProgress` while it runs. */
async function previousAnswer(q: Queryable, scope: string, call: string, requestId: string) {
  const previous = await one<{ response: Envelope<unknown> | null }>(
    q,
    'select response from idempotency_keys where scope = $1 and call = $2 and request_id = $3',
    [scope, call, requestId],
  );
  if (!previous?.response) throw new Refusal('request.inProgress');
  return previous.response;
}

export function ok<T>(data: T, lang: Language): Envelope<T> {
  return { code: ResultCode.ok, msg: lang === 'it-IT' ? 'Operazione riuscita' : 'Success', data };
}

/** The signed-in investor of a call whose auth is 'user'. */
export function userOf(ctx: { user: SessionUser | undefined }): SessionUser {
  if (!ctx.user) throw new SessionRequired();
  return ctx.user;
}

export function operatorOf(ctx: { operator: SessionOperator | undefined }): SessionOperator {
  if (!ctx.operator) throw new SessionRequired('operator.required');
  return ctx.operator;
}

/**
 * Whether answers are checked against the contract's output schema (decision 067): in the tests (vitest sets
 * VITEST) and in development (NODE_ENV development or test), not in production, where a zod parse of every
 * answer cost 6-9% of a read's CPU. What production skips is only a check: the checks require the parse to
 * change nothing, so the bytes sent are the ones the tests saw.
 */
export const outputChecks =
  process.env.VITEST !== undefined || ['development', 'test'].includes(process.env.NODE_ENV ?? '');

/** The answer as it goes out; with output checks on, it must already be exactly what the contract says. */
export function checkedOutput<C extends CallDef>(call: C, data: CallOutput<C>): CallOutput<C> {
  if (!outputChecks) return data;
  const parsed = call.output.parse(data);
  // A key the schema would strip or a value a transform would change would reach the client in production.
  const wire = (v: unknown) => JSON.parse(JSON.stringify(v ?? null)) as unknown;
  if (!isDeepStrictEqual(wire(parsed), wire(data))) {
    throw new Error(
      `${call.method} ${call.path} answered what its output schema would change: ${JSON.stringify(data).slice(0, 500)}`,
    );
  }
  return data;
}

function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers['access-token'];
  const token = Array.isArray(h) ? h[0] : h;
  return token && token.length > 0 ? token : undefined;
}

/**
 * Mounts one contract call: reads the session, parses the input with the contract's schema (a refusal names
 * the field), runs the handler, checks the answer against the output schema where checks run (decision 067)
 * and wraps it in the envelope.
 * A money call runs in one transaction together with its requestId record.
 */
export function implement<C extends CallDef>(
  app: FastifyInstance,
  services: Services,
  call: C,
  handler: CallHandler<C>,
  options: ImplementOptions<C> = {},
): void {
  const { db } = services;
  // Sessions are read through a cache of a few seconds that the bus clears (decision 067); once per server.
  cacheSessions(services);
  app.route({
    method: call.method,
    url: apiBase + call.path,
    ...(options.guard ? { preHandler: options.guard(call) } : {}),
    handler: async (req, reply) => {
      const lang = pickLanguage(req.headers['accept-language']);
      let user: SessionUser | undefined;
      let operator: SessionOperator | undefined;
      if (call.auth === 'operator') {
        operator = await requestOperatorSession(db, tokenOf(req));
        if (!operator) throw new SessionRequired('operator.required');
        const allowed = operator.role === 'admin' || (call.roles ?? []).includes(operator.role);
        if (!allowed) throw new Refusal('operator.forbidden');
      } else {
        // Shared with a preHandler that already asked (the transaction-password guards): one lookup a request.
        user = await requestUserSession(db, req);
        // A disabled user (status 0) is refused every signed-in call; the guest calls still see them, so
        // that login-info can tell the app to sign out at once (SPEC §4).
        if (call.auth === 'user' && !user) throw new SessionRequired();
        if (call.auth === 'user' && user?.status === 0) throw new SessionRequired('session.disabled');
      }
      const raw = (call.method === 'GET' ? req.query : req.body) ?? {};
      const tainted = controlCharacterField(raw);
      if (tainted !== null) throw new Refusal('field.controlCharacter', [tainted]);
      const parsed = call.input.safeParse(raw, { reportInput: true });
      if (!parsed.success) throw parsed.error;
      const input = parsed.data as CallInput<C>;
      const base = { input, lang, db, user, operator, req, reply };

      const answer = async (q: Queryable) => {
        const data = await handler({ ...base, q });
        return ok(checkedOutput(call, data), lang);
      };
      if (!call.money) return answer(db);

      const scope = operator ? `operator:${operator.id}` : user ? `user:${user.id}` : undefined;
      if (!scope) throw new SessionRequired();
      const requestId = (input as { requestId: string }).requestId;
      if (options.claimsRequest) {
        return db.tx(async (tx) => {
          const claim: RequestClaim = {
            scope,
            call: call.path,
            requestId,
            claimed: false,
            answer(data) {
              claim.answered = ok(checkedOutput(call, data as CallOutput<C>), lang);
              return claim.answered;
            },
          };
          let data: CallOutput<C>;
          try {
            data = await handler({ ...base, q: tx, claim });
          } catch (err) {
            if (err instanceof RequestRepeated) return previousAnswer(tx, scope, call.path, requestId);
            throw err;
          }
          if (!claim.claimed) throw new Error(`${call.path} did not claim its requestId`);
          if (claim.answered) return claim.answered;
          const envelope = ok(checkedOutput(call, data), lang);
          await tx.query(
            'update idempotency_keys set response = $4 where scope = $1 and call = $2 and request_id = $3',
            [scope, call.path, requestId, JSON.stringify(envelope)],
          );
          return envelope;
        });
      }
      return db.tx(async (tx) => {
        const claimed = await tx.query(
          `insert into idempotency_keys (scope, call, request_id, response) values ($1, $2, $3, 'null'::jsonb)
           on conflict do nothing returning request_id`,
          [scope, call.path, requestId],
        );
        if (claimed.length === 0) return previousAnswer(tx, scope, call.path, requestId);
        const envelope = await answer(tx);
        await tx.query(
          'update idempotency_keys set response = $4 where scope = $1 and call = $2 and request_id = $3',
          [scope, call.path, requestId, JSON.stringify(envelope)],
        );
        return envelope;
      });
    },
  });
}

export function refusalEnvelope(lang: Language, key: string, params: readonly (string | number)[] = []) {
  return { code: ResultCode.refusal, msg: translate(lang, key, params), data: null };
}
