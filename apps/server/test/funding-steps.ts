import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../src/app';
import type { Db } from '../src/db/db';
import { balanceOf } from '../src/ledger/post';
import { demoAdmin, signIn } from './admin-fixtures';
import { call } from './helper';
import { registerInvestor } from './identity-steps';

/*
 * Steps the funding tests take again and again, each through the wire as the app and the back office would.
 * KYC approval is the KYC module's (its own tests); here a verified investor is written as the approval
 * leaves them: users.id_status = 'succ'.
 */

export const loginPassword = 'segreta1';
export const withdrawPin = '246810';

export interface Investor {
  token: string;
  id: number;
}

export const newRequestId = () => `req-${randomBytes(8).toString('hex')}`;

export async function newInvestor(app: App, opts: { kyc?: boolean; pin?: boolean } = {}): Promise<Investor> {
  const account = `inv-${randomBytes(4).toString('hex')}@piazza.test`;
  const { token, user } = await registerInvestor(app, account, loginPassword);
  if (opts.kyc ?? true) {
    await app.services.db.query(`update users set id_status = 'succ' where id = $1`, [user.id]);
  }
  if (opts.pin ?? true) {
    const res = await call(
      app,
      'POST',
      '/user/pin/set',
      { type: 'withdraw', password: loginPassword, pin: withdrawPin, confirmPin: withdrawPin },
      { token },
    );
    expect(res.code, res.msg).toBe(0);
  }
  return { token, id: user.id };
}

export async function adminToken(app: App): Promise<string> {
  return signIn(app, demoAdmin);
}

/** The demo channel of a kind (demo mode seeds one of each). */
export async function channelId(app: App, kind: 'bank' | 'wallet' | 'offline' | 'crypto', network?: string) {
  const path = kind === 'crypto' ? '/index/recharge/coins' : '/index/bank/recharge';
  const res = await call<{ list: { id: number; kind: string; network: string | null }[] }>(app, 'GET', path);
  const found = res.data.list.find(
    (c) => c.kind === kind && (network === undefined || c.network === network),
  );
  if (!found) throw new Error(`no ${kind} channel: ${JSON.stringify(res)}`);
  return found.id;
}

/** A bank-transfer deposit of `amount` EUR approved by the operator: the investor's spot is credited. */
export async function depositEur(app: App, who: Investor, amount: string, operator: string): Promise<number> {
  const sent = await call<{ id: number }>(
    app,
    'POST',
    '/user/recharge/bank/request',
    {
      channelId: await channelId(app, 'bank'),
      amount,
      utr: `UTR${randomBytes(4).toString('hex')}`,
      requestId: newRequestId(),
    },
    { token: who.token },
  );
  expect(sent.code, sent.msg).toBe(0);
  const approved = await call(
    app,
    'POST',
    '/admin/funding/deposit/approve',
    { id: sent.data.id, requestId: newRequestId() },
    { token: operator },
  );
  expect(approved.code, approved.msg).toBe(0);
  return sent.data.id;
}

export async function spot(db: Db, userId: number, asset = 'EUR'): Promise<bigint> {
  return balanceOf(db, { ownerType: 'user', ownerId: userId, purpose: 'spot', asset });
}

export async function frozen(db: Db, userId: number, asset = 'EUR'): Promise<bigint> {
  return balanceOf(db, { ownerType: 'user', ownerId: userId, purpose: 'frozen', asset });
}

export async function countOf(db: Db, table: string): Promise<number> {
  const [row] = await db.query<{ n: bigint }>(`select count(*)::int8 as n from ${table}`);
  return Number(row?.n ?? 0n);
}

/** A valid Italian IBAN (checksum 60) and a well-formed BIC. */
export const goodIban = 'IT60 X054 2811 1010 0000 0123 456';
export const goodBic = 'BCITITMM';

export async function bindIban(app: App, who: Investor): Promise<number> {
  const res = await call<{ id: number }>(
    app,
    'POST',
    '/bank/add',
    { name: 'Giulia Rossi', iban: goodIban, bic: goodBic, bankName: 'Banca Demo' },
    { token: who.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
