import {
  areaList,
  captcha,
  codeSend,
  login,
  loginInfo,
  logout,
  register,
  resetPassword,
  updatePassword,
  updateUser,
} from '@piazza/contract/calls/identity';
import type { CallOutput } from '@piazza/contract/define';
import { areaCodes } from '@piazza/core/area-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { implement, userOf } from '../../http/implement';
import { endSessions } from '../../http/sessions';
import { cacheUserRows, userChanged } from '../../kit/user-changes';
import type { Services } from '../../services';
import { issueCaptcha } from './captcha';
import { sendCode } from './code-send';
import { logIn } from './login';
import { changePassword, resetPasswordWithCode } from './password-change';
import { registerUser } from './registration';
import { revokeSession } from './user-sessions';
import { findUserInfoById, type UserInfoRow, updateSettings, userView } from './users';

/** Where a session comes from, kept with it for the security centre. */
const metaOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

export async function registerIdentity(app: FastifyInstance, services: Services): Promise<void> {
  const { clock } = services;

  implement(app, services, codeSend, ({ input, user, req }) => sendCode(services, input, user, req.ip));

  implement(app, services, captcha, ({ q }) => issueCaptcha(q, services.config, clock.now()));

  implement(app, services, areaList, async ({ lang }) => ({
    list: areaCodes.map((a) => ({ iso: a.iso, dial: a.dial, name: a.name[lang] })),
  }));

  implement(app, services, register, ({ input, lang, req }) =>
    registerUser(services, input, lang, metaOf(req)),
  );

  implement(app, services, login, ({ input, req }) => logIn(services, input, metaOf(req)));

  // The row login info shows, held a few seconds and dropped by every writer's userChanged (decision 067).
  const userInfos = cacheUserRows<UserInfoRow>(services);

  // A guest or a dead token gets exactly {}: the app reads that as "drop your token" (SPEC.md §4). A disabled
  // user still gets their user, with status 0, so the app can sign them out at once.
  implement(app, services, loginInfo, async ({ user, q }): Promise<CallOutput<typeof loginInfo>> => {
    const row = user && (await userInfos.read(user.id, () => findUserInfoById(q, user.id)));
    if (!row) return {};
    return {
      user: userView(row),
      openAutoApply: row.openAutoApply === 1 ? 1 : 0,
      serviceSaleSmartly: services.config.serviceScriptUrl,
    };
  });

  implement(app, services, logout, async (ctx) => {
    await revokeSession(ctx.q, userOf(ctx).sessionId, clock.now());
    // Forgotten by the session cache before answering, so the token's next call is refused (decision 067).
    await endSessions(services, { sessionId: String(userOf(ctx).sessionId) });
    return {};
  });

  implement(app, services, resetPassword, async ({ input }) => {
    await resetPasswordWithCode(services, input);
    return {};
  });

  implement(app, services, updatePassword, async (ctx) => {
    await changePassword(services, userOf(ctx), ctx.input);
    return {};
  });

  implement(app, services, updateUser, async (ctx) => {
    const row = await updateSettings(ctx.q, userOf(ctx).id, ctx.input, clock.now());
    await userChanged(services, row.id);
    return { user: userView(row) };
  });
}
