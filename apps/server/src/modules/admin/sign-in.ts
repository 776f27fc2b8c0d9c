import { adminLogin, adminLogout, adminMe } from '@piazza/contract/calls/admin';
import type { OperatorRole } from '@piazza/contract/define';
import type { FastifyInstance } from 'fastify';
import { one } from '../../db/db';
import { implement, operatorOf } from '../../http/implement';
import { endSessions } from '../../http/sessions';
import { hashToken, newToken } from '../../http/tokens';
import { attemptThrottle } from '../../platform/attempt-throttle';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { Refusal } from '../../platform/refusal';
import { secretBoxOf } from '../../platform/secret-box';
import type { Services } from '../../services';
import { checkLoginTotp } from './operator-totp';

/**
 * Operators' e-mails: 5 failures allowed, then 30 s after the last, doubling with each further failure up to
 * 15 minutes; a quiet hour forgives. Counted apart from investors' keys ('account:…', 'ip:…').
 */
export const operatorThrottle = attemptThrottle({
  name: 'operator',
  delayFromFailures: 5,
  firstDelayMs: 30_000,
  longestDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
});

interface OperatorRow {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  passwordHash: string;
}

// Verified against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;

export function mountSignIn(app: FastifyInstance, services: Services): void {
  const { clock } = services;

  implement(app, services, adminLogin, async ({ input, q }) => {
    const now = clock.now();
    const keys = [`operator:${input.email}`];
    // Counted before the password is checked: a burst of guesses checks no more than the 5 allowed.
    const claim = await operatorThrottle.claim(q, keys, now);
    if ('waitSeconds' in claim) throw new Refusal('admin.login.locked', [claim.waitSeconds]);

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
      await operatorThrottle.recordFailure(q, keys, now);
      throw new Refusal(second === 'wrong' ? 'admin.totp.wrong' : 'admin.login.wrong');
    }
    await operatorThrottle.clear(q, keys);
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
    await endSessions(services, { operatorSessionId: String(op.sessionId) });
    return {};
  });

  implement(app, services, adminMe, async (ctx) => {
    const { id, email, name, role } = operatorOf(ctx);
    return { operator: { id, email, name, role }, demoMode: services.config.demoMode };
  });
}
