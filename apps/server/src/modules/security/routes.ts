import {
  pinChange,
  pinSet,
  pointChangeLog,
  securityCodeSend,
  securityOverview,
  sessionList,
  sessionRevoke,
  totpDisable,
  totpEnable,
  totpSetup,
  updateAutoApply,
  updateEmail,
} from '@piazza/contract/calls/security';
import type { FastifyInstance } from 'fastify';
import { implement, userOf } from '../../http/implement';
import { type EndedSessions, endSessions, sessionsEndedTopic } from '../../http/sessions';
import { secretBoxOf } from '../../platform/secret-box';
import type { Services } from '../../services';
import { bindEmail } from './email-binding';
import { bindAttemptStore } from './pin-attempts';
import { changePin, sendSecurityCode, setPin } from './pin-settings';
import { readOverview, readScoreLog, setAutoApply } from './profile';
import { listSessions, revokeSessions } from './session-list';
import { checkKeyOpensStored, sealStoredTotpSecrets } from './totp-secrets';
import { lockTrading } from './trade-unlock';
import { disableTotp, enableTotp, startTotp } from './two-factor';

export async function registerSecurity(app: FastifyInstance, services: Services): Promise<void> {
  const { db, clock } = services;
  bindAttemptStore(db);
  // Sessions that end on any instance (logout, a password changed or reset, a user turned off: decision 067)
  // lock trading here too (decision 066).
  await services.bus.subscribe(sessionsEndedTopic, (payload) => {
    const ended = payload as EndedSessions;
    if ('sessionId' in ended) lockTrading(services, { sessionId: BigInt(ended.sessionId) });
    else if ('userId' in ended) lockTrading(services, { userId: ended.userId });
  });
  // Resolves the key now, so a server without the right one fails at start; seals secrets stored in plain text.
  await checkKeyOpensStored(db, secretBoxOf(services.config));
  const sealed = await sealStoredTotpSecrets(db, secretBoxOf(services.config));
  if (sealed > 0) services.log.info({ sealed }, 'sealed TOTP secrets stored in plain text');

  implement(app, services, securityOverview, (ctx) => readOverview(db, userOf(ctx), clock.now()));
  implement(app, services, securityCodeSend, (ctx) => sendSecurityCode(services, userOf(ctx), ctx.req.ip));

  implement(app, services, pinSet, async (ctx) => {
    await setPin(services, userOf(ctx), ctx.input);
    return {};
  });
  implement(app, services, pinChange, async (ctx) => {
    await changePin(services, userOf(ctx), ctx.input);
    return {};
  });

  implement(app, services, updateEmail, (ctx) => bindEmail(services, userOf(ctx), ctx.input));

  implement(app, services, sessionList, async (ctx) => ({ list: await listSessions(ctx.q, userOf(ctx)) }));
  implement(app, services, sessionRevoke, async (ctx) => {
    const me = userOf(ctx);
    const revoked = await revokeSessions(ctx.q, me, ctx.input, clock.now());
    // Forgotten by the session caches (decision 067) and their trading unlocks dropped (066), on every
    // instance; `all` keeps the current session, which is read again and holds, but unlocks it too.
    const ended: EndedSessions = ctx.input.all ? { userId: me.id } : { sessionId: String(ctx.input.id) };
    lockTrading(services, 'userId' in ended ? ended : { sessionId: BigInt(ended.sessionId) });
    await endSessions(services, ended);
    return { revoked };
  });

  implement(app, services, totpSetup, (ctx) => startTotp(services, userOf(ctx)));
  implement(app, services, totpEnable, async (ctx) => {
    await enableTotp(services, userOf(ctx), ctx.input.code);
    return {};
  });
  implement(app, services, totpDisable, async (ctx) => {
    await disableTotp(services, userOf(ctx), ctx.input.code);
    return {};
  });

  implement(app, services, pointChangeLog, (ctx) => readScoreLog(ctx.q, userOf(ctx), ctx.input));
  implement(app, services, updateAutoApply, async (ctx) => ({
    autoApply: await setAutoApply(ctx.q, userOf(ctx), ctx.input.open, clock.now()),
  }));
}
