import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@piazza/contract/define';
import { expect } from 'vitest';
import type { App } from '../src/app';
import { one, type Queryable } from '../src/db/db';
import { hashToken, newToken } from '../src/http/tokens';
import { call } from './helper';

/** The demo operators that every demo-mode server creates at start (README). */
export const demoAdmin = { email: 'admin@piazza.local', password: 'Piazza-Admin-2026' };
export const demoSupport = { email: 'support@piazza.local', password: 'Piazza-Support-2026' };

export async function signIn(app: App, who: { email: string; password: string }): Promise<string> {
  const res = await call<{ token: string }>(app, 'POST', '/admin/login', who);
  expect(res.code, res.msg).toBe(0);
  return res.data.token;
}

/** A new operator of `role`, created by the demo admin through the API, and its token. */
export async function operatorWithRole(app: App, adminToken: string, role: OperatorRole): Promise<string> {
  const email = `${role}-${randomBytes(3).toString('hex')}@piazza.test`;
  const password = `Pw-${randomBytes(6).toString('hex')}`;
  const res = await call(
    app,
    'POST',
    '/admin/operators/add',
    { email, name: `A ${role}`, role, password },
    { token: adminToken },
  );
  expect(res.code, res.msg).toBe(0);
  return signIn(app, { email, password });
}

/**
 * An investor written straight into the database with one live session: these tests are about what operators
 * do to investors, not about how investors register (identity's tests cover that).
 */
export async function investor(q: Queryable, account = `inv-${randomBytes(4).toString('hex')}@piazza.test`) {
  const row = await one<{ id: number }>(
    q,
    `insert into users (account, account_type, email, password_hash, invite_code)
     values ($1, 'email', $1, 'not-a-hash', $2) returning id`,
    [account, randomBytes(4).toString('hex')],
  );
  const token = newToken();
  await q.query('insert into sessions (user_id, token_hash) values ($1, $2)', [row!.id, hashToken(token)]);
  return { id: row!.id, account, token };
}

export async function countRows(q: Queryable, table: string): Promise<number> {
  const [row] = await q.query<{ n: bigint }>(`select count(*) as n from ${table}`);
  return Number(row!.n);
}
