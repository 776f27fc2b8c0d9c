import { adminLogin, adminLogout, adminMe } from '@piazza/contract/calls/admin';
import type { OperatorRole } from '@piazza/contract/define';
import type { FastifyInstance } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { implement, operatorOf } from '../../http/implement';
import { Refusal } from '../../http/refusal';
import { hashToken, newToken } from '../../http/tokens';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { secretBoxOf } from '../../platform/secret-box';
import type { Services } from '../../services';
import { checkLoginTotp } from './operator-totp';

/** Failures allowed before the e-mail is locked out; each further failure doubles the wait. */
const freeFailures = 5;
const firstLockoutMs = 30_000;
const longestLockoutMs = 15 * 60_000;
/** A quiet hour forgives earlier failures. */
const forgetAfterMs = 60 * 60_000;

/** How long an e-mail stays locked after its latest failure, given how many failures it has in a row. */
export function lockoutMs(failures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(firstLockoutMs * 2 ** (failures - freeFailures), longestLockoutMs);
}

interface OperatorRow {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  passwordHash: string;
}

// Verified against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;

async function recentFailures(
  q: Queryable,
  key: string,
  nowMs: number,
): Promise<{ failures: number; lastMs: number }> {
  const row = await one<{ failures: number; lastAt: Date }>(
    q,
    'select failures, last_at as "lastAt" from login_failures where key = $1',
    [key],
  );
  if (!row || nowMs - row.lastAt.getTime() > forgetAfterMs) return { failures: 0, lastMs: 0 };
  return { failures: row.failures, lastMs: row.lastAt.getTime() };
}

export function mountSignIn(app: FastifyInstance, services: Services): void {
  const { clock } = services;

  implement(app, services, adminLogin, async ({ input, q }) => {
    const now = clock.now();
    // Operators' failures are counted apart from investors' ('account:…', 'ip:…'): the same table, their own key.
    const key = `operator:${input.email}`;
    const seen = await recentFailures(q, key, now);
    const waitMs = seen.lastMs + lockoutMs(seen.failures) - now;
    if (waitMs > 0) throw new Refusal('admin.login.locked', [Math.ceil(waitMs / 1000)]);

    const op = await one<OperatorRow>(
      q,
      `select id, email, name, role, password_hash as "passwordHash" from operators where email = $1 and active`,
      [input.email],
    );
    decoyHash ??= hashPassword('not-a-password-of-anyone');
    const good = await verifyPassword(op?.passwordHash ?? (await decoyHash), input.password);
    // The second factor only once the password matched, so a code is never checked for a wrong password.
    const second =
      op && good ? await checkLoginTotp(q, secretBoxOf(services.config), op.id, input.code, now) : 'ok';
    if (!op || !good || second === 'wrong') {
      await q.query(
        `insert into login_failures (key, failures, last_at) values ($1, $2, $3)
         on conflict (key) do update set failures = $2, last_at = $3`,
        [key, seen.failures + 1, new Date(now)],
      );
      throw new Refusal(second === 'wrong' ? 'admin.totp.wrong' : 'admin.login.wrong');
    }
    await q.query('delete from login_failures where key = $1', [key]);
    const token = newToken();
    await q.query('insert into operator_sessions (operator_id, token_hash) values ($1, $2)', [
      op.id,
      hashToken(token),
    ]);
    return { token, operator: { id: op.id, email: op.email, name: op.name, role: op.role } };
  });

  implement(app, services, adminLogout, async (ctx) => {
    const op = operatorOf(ctx);
    await ctx.q.query('update operator_sessions set revoked_at = now() where id = $1', [op.sessionId]);
    return {};
  });

  implement(app, services, adminMe, async (ctx) => {
    const { id, email, name, role } = operatorOf(ctx);
    return { operator: { id, email, name, role }, demoMode: services.config.demoMode };
  });
}
