import { createHash } from 'node:crypto';
import type { App } from '../src/app';
import type { Db } from '../src/db/db';
import { call } from './helper';

/*
 * Steps that identity tests (and any test that needs a signed-in investor) take again and again, each done
 * through the wire as the app would.
 */

export interface SignedIn {
  token: string;
  user: { id: number; account: string; status: number; displayId: string; inviteCode: string };
}

/** The latest code the demo outbox holds for the account and scene. */
export async function codeFromOutbox(
  app: App,
  to: string,
  scene = 'register',
  areaCode?: string,
): Promise<string> {
  const res = await call<{ list: { scene: string; code: string }[] }>(app, 'GET', '/dev/outbox', {
    to,
    areaCode,
  });
  const found = res.data.list.find((m) => m.scene === scene);
  if (!found) throw new Error(`no ${scene} code in the outbox for ${to}: ${JSON.stringify(res)}`);
  return found.code;
}

/** Asks for a register code, reads it from the outbox and registers; answers the signed-in session. */
export async function registerInvestor(
  app: App,
  account: string,
  password = 'segreta1',
  extra: Record<string, string> = {},
): Promise<SignedIn> {
  const areaCode = extra.areaCode ?? '+39';
  const sent = await call(app, 'POST', '/common/code/send', { account, scene: 'register', areaCode });
  if (sent.code !== 0) throw new Error(`code/send refused: ${sent.msg}`);
  const code = await codeFromOutbox(app, account, 'register', areaCode);
  const res = await call<SignedIn>(app, 'POST', '/user/register', {
    account,
    password,
    confirmPassword: password,
    code,
    areaCode,
    agree: 1,
    ...extra,
  });
  if (res.code !== 0) throw new Error(`register refused: ${res.msg}`);
  return res.data;
}

/** A login from a given address (the helper's calls all come from 127.0.0.1, and failures count per address). */
export async function loginFrom(
  app: App,
  ip: string,
  params: Record<string, string>,
  lang = 'en-US',
): Promise<{ code: number; msg: string; data: Record<string, unknown> | null }> {
  const res = await app.inject({
    method: 'POST',
    url: '/ipcg-api/user/login',
    payload: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
    remoteAddress: ip,
  });
  return res.json();
}

export async function countRows(db: Db, table: 'users' | 'sessions' | 'verification_codes'): Promise<number> {
  const rows = await db.query<{ n: bigint }>(`select count(*)::int8 as n from ${table}`);
  return Number(rows[0]?.n ?? 0n);
}

export async function liveSessions(db: Db, userId: number): Promise<number> {
  const rows = await db.query<{ n: bigint }>(
    'select count(*)::int8 as n from sessions where user_id = $1 and revoked_at is null',
    [userId],
  );
  return Number(rows[0]?.n ?? 0n);
}

/**
 * Fetches a captcha and solves it as the browser does: the number whose SHA-256 with the salt is the
 * challenge (a program can too; it just pays the same work for every try).
 */
export async function solvedCaptcha(app: App): Promise<{ captchaId: string; captcha: string }> {
  const res = await app.inject({ method: 'GET', url: '/ipcg-api/common/captcha' });
  const { captchaId, salt, maxNumber } = res.json().data as {
    captchaId: string;
    salt: string;
    maxNumber: number;
  };
  for (let n = 0; n <= maxNumber; n++) {
    if (
      createHash('sha256')
        .update(salt + n)
        .digest('hex') === captchaId
    )
      return { captchaId, captcha: String(n) };
  }
  throw new Error('captcha has no solution');
}
