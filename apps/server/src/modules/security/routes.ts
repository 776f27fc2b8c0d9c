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
import { secretBoxOf } from '../../platform/secret-box';
import type { Services } from '../../services';
import { bindEmail } from './email-binding';
import { bindAttemptStore } from './pin-attempts';
import { changePin, sendSecurityCode, setPin } from './pin-settings';
import { readOverview, readScoreLog, setAutoApply } from './profile';
import { listSessions, revokeSessions } from './session-list';
import { checkKeyOpensStored, sealStoredTotpSecrets } from './totp-secrets';
import { disableTotp, enableTotp, startTotp } from './two-factor';

export async function registerSecurity(app: FastifyInstance, services: Services): Promise<void> {
  const { db, clock } = services;
  bindAttemptStore(db);
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
  implement(app, services, sessionRevoke, async (ctx) => ({
    revoked: await revokeSessions(ctx.q, userOf(ctx), ctx.input, clock.now()),
  }));

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
